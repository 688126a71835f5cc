import { createBackup } from './backup.js'
import { runOneFileCommand } from './one-file-cli.js'

/** `npm run backup -- FILE`: one backup file of the running platform. */
runOneFileCommand({
  usage: `npm run backup -- FILE

Writes one backup file of the database named by DATABASE_URL while the platform runs: SQLite's online backup, or
pg_dump on PostgreSQL, with the rows per table and a checksum of every part in its manifest. The audit keys are never
in it (a backup together with the chain key lets whoever holds both rewrite the audit trail unnoticed): on SQLite it
says where the keys the platform generated are; keep them with the server's secrets, apart from the backups. FILE must
not exist yet; it is readable by its owner only.

Exit status: 0 written, 1 not written.`,
  missingFile: 'Name one file to write the backup to.',
  refused: 'No backup was written',
  failed: 'The backup failed, and no backup file was written',
  failureStatus: 1,
  async run(config, file, say) {
    await createBackup(config, file, say)
    return 0
  },
})
