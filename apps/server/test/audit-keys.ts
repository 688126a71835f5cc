import { generateKeyPairSync } from 'node:crypto'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/** The audit chain key every test platform starts with: PostgreSQL refuses to start without one (decision 034). */
export const TEST_AUDIT_CHAIN_KEY = 'test-audit-chain-key-0123456789abcdefghijklmnop'

let signingKeyFile: string | null = null

/** An Ed25519 signing key written once per test process, so instances a test starts on one database share it. */
export function testSigningKeyFile(): string {
  if (signingKeyFile) return signingKeyFile
  const folder = mkdtempSync(join(tmpdir(), 'audit-keys-'))
  const file = join(folder, 'signing-key.pem')
  writeFileSync(file, generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 })
  process.once('exit', () => rmSync(folder, { recursive: true, force: true }))
  signingKeyFile = file
  return file
}

/** The audit keys' variables for a test platform (a test's own env, merged after, may replace or unset them with ''). */
export function testAuditEnv(): Record<string, string> {
  return { AUDIT_CHAIN_KEY: TEST_AUDIT_CHAIN_KEY, AUDIT_SIGNING_KEY_FILE: testSigningKeyFile() }
}
