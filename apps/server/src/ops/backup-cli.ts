import { parseArgs } from 'node:util'
import { ConfigError, loadConfig } from '../config.js'
import { OperationRefused } from './backup-archive.js'
import { createBackup } from './backup.js'

const USAGE = `npm run backup -- FILE

Writes one backup file of the database named by DATABASE_URL while the platform runs: SQLite's online backup, or
pg_dump on PostgreSQL, with the rows per table and a checksum of every part in its manifest. On SQLite the audit keys
the platform keeps beside its database are included. FILE must not exist yet; it is readable by its owner only.

Exit status: 0 written, 1 not written.`

/** `npm run backup -- FILE`: one backup file of the running platform. */
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
    return 1
  }
  if (positionals.length !== 1) {
    process.stderr.write(`Name one file to write the backup to.\n\n${USAGE}\n`)
    return 1
  }
  await createBackup(loadConfig(), positionals[0]!, (line) => process.stdout.write(`${line}\n`))
  return 0
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
          ? `No backup was written: ${error.message}\n`
          : `The backup failed, and no backup file was written: ${error instanceof Error ? error.message : String(error)}\n`,
    )
    process.exitCode = 1
  },
)
