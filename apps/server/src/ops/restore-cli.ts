import { parseArgs } from 'node:util'
import { ConfigError, loadConfig } from '../config.js'
import { OperationRefused } from './backup-archive.js'
import { restoreBackup } from './restore.js'

const USAGE = `npm run restore -- FILE

Restores a backup written by \`npm run backup\` into the database named by DATABASE_URL, which must be empty (an SQLite
file that does not exist or has no tables, a PostgreSQL database without tables) and of the same kind as the backup's.
Every part is checked against the backup's manifest before anything is written; afterwards every table's rows are
counted against the manifest and the audit chain is verified.

Exit status: 0 restored and checked, 1 restored but a check failed, 2 not restored (nothing was changed).`

/** `npm run restore -- FILE`: a backup into an empty database, then its counts and audit chain checked. */
async function main(): Promise<number> {
  let positionals: string[]
  try {
    const parsed = parseArgs({ allowPositionals: true, options: { help: { type: 'boolean' } } })
    if (parsed.values.help) {
      process.stdout.write(`${USAGE}\n`)
      return 0
    }
    positionals = parsed.positionals
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}\n`)
    return 2
  }
  if (positionals.length !== 1) {
    process.stderr.write(`Name the backup file to restore.\n\n${USAGE}\n`)
    return 2
  }
  const outcome = await restoreBackup(loadConfig(), positionals[0]!, (line) => process.stdout.write(`${line}\n`))
  const ok = outcome.countProblems.length === 0 && outcome.auditChain.ok
  process.stdout.write(
    ok
      ? 'Restored: every count matches and the audit chain verifies. Start the platform on this database.\n'
      : 'Restored, but a check failed (see above): do not use this database before the difference is explained.\n',
  )
  return ok ? 0 : 1
}

main().then(
  (code) => {
    process.exitCode = code
  },
  (error: unknown) => {
    process.stderr.write(
      error instanceof ConfigError
        ? `${error.message}\nSee the configuration table in README.md.\n`
        : error instanceof OperationRefused
          ? `Not restored: ${error.message}\n`
          : `The restore failed: ${error instanceof Error ? error.message : String(error)}\n`,
    )
    process.exitCode = 2
  },
)
