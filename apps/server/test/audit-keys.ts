import { fileURLToPath } from 'node:url'

/** The audit chain key every test platform starts with: PostgreSQL refuses to start without one (decision 034). */
export const TEST_AUDIT_CHAIN_KEY = 'test-audit-chain-key-0123456789abcdefghijklmnop'

/**
 * The Ed25519 key every test platform signs checkpoints with, so instances a test starts on one database share it. A
 * fixture of the tests alone (it signs nothing outside them), kept in the repository rather than written per process.
 */
export function testSigningKeyFile(): string {
  return fileURLToPath(new URL('./fixtures/audit/test-signing-key.pem', import.meta.url))
}

/** The audit keys' variables for a test platform (a test's own env, merged after, may replace or unset them with ''). */
export function testAuditEnv(): Record<string, string> {
  return { AUDIT_CHAIN_KEY: TEST_AUDIT_CHAIN_KEY, AUDIT_SIGNING_KEY_FILE: testSigningKeyFile() }
}
