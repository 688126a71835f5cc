import type { KeyObject } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { ConfigError, loadConfig } from '../../config.js'
import { openDatabase } from '../../db/database.js'
import { parseCheckpointFile, signedCheckpointOf } from './audit-checkpoint.js'
import { createAuditCheckpointsRepository } from './audit-checkpoints.repository.js'
import { readPublicKey, resolveAuditKeys } from './audit-keys.js'
import { type CheckpointToCheck, verifyAuditChain } from './audit-verify.js'
import { createAuditRepository } from './audit.repository.js'

const USAGE = `npm run audit:verify [-- [--checkpoint FILE]... [--public-key FILE]]

Checks the audit chain of the database named by DATABASE_URL with the chain key (AUDIT_CHAIN_KEY, AUDIT_CHAIN_KEY_FILE,
or the key file beside an SQLite database), then holds it against every checkpoint in the checkpoint log and in each
FILE (the .json files e-mailed to the auditors). Signatures are checked with the public key of FILE given with
--public-key (the key the auditors recorded), else with the configured signing key's.

Exit status: 0 the chain holds, 1 it is broken or a checkpoint disagrees, 2 it could not be checked.`

/** `npm run audit:verify`: the chain against its key and every checkpoint; exits 1 when it is broken. */
async function main(): Promise<number> {
  let args
  try {
    args = parseArgs({
      options: { checkpoint: { type: 'string', multiple: true }, 'public-key': { type: 'string' }, help: { type: 'boolean' } },
    }).values
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}\n`)
    return 2
  }
  if (args.help) {
    process.stdout.write(`${USAGE}\n`)
    return 0
  }
  const config = loadConfig()
  const files: CheckpointToCheck[] = (args.checkpoint ?? []).map((file) => {
    let text: string
    try {
      text = readFileSync(file, 'utf8')
    } catch (error) {
      return {
        source: 'file',
        file,
        signed: { unreadable: `the file cannot be read (${(error as NodeJS.ErrnoException).code ?? 'error'})` },
      }
    }
    const parsed = parseCheckpointFile(text)
    return { source: 'file', file, signed: typeof parsed === 'string' ? { unreadable: parsed } : parsed }
  })
  const db = openDatabase(config.database)
  try {
    const keys = resolveAuditKeys(config.audit, db, 'read')
    const trustedKey: KeyObject | null = args['public-key'] ? readPublicKey(args['public-key']) : (keys.signing?.publicKey ?? null)
    const fromLog = (await createAuditCheckpointsRepository(db).all()).map((row): CheckpointToCheck => ({
      source: 'log',
      file: null,
      signed: signedCheckpointOf(row),
    }))
    const result = await verifyAuditChain(createAuditRepository(db, keys.chain), {
      chain: keys.chain,
      trustedKey,
      checkpoints: [...fromLog, ...files],
    })
    process.stdout.write(`${JSON.stringify(result)}\n`)
    process.stdout.write(`${result.message}\n`)
    for (const problem of result.checkpoints.problems)
      process.stdout.write(
        `- checkpoint ${problem.checkpointId ?? '?'}${problem.file ? ` (${problem.file})` : ' (log)'}: ${problem.status}: ${problem.message}\n`,
      )
    return result.ok ? 0 : 1
  } finally {
    await db.close()
  }
}

main().then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    process.stderr.write(
      error instanceof ConfigError
        ? `${error.message}\nSee the configuration table in README.md.\n`
        : `The audit chain could not be checked: ${error instanceof Error ? error.message : String(error)}\n`,
    )
    process.exitCode = 2
  },
)
