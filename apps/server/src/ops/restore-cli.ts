import { runOneFileCommand } from './one-file-cli.js'
import { restoreBackup } from './restore.js'

/** `npm run restore -- [--audit-keys FOLDER] FILE`: a backup into an empty database, then its counts and audit chain checked. */
runOneFileCommand({
  usage: `npm run restore -- [--audit-keys FOLDER] FILE

Restores a backup written by \`npm run backup\` into the database named by DATABASE_URL, which must be empty (an SQLite
file that does not exist or has no tables, a PostgreSQL database without tables) and of the same kind as the backup's.
Every part is checked against the backup's manifest before anything is written; afterwards every table's rows are
counted against the manifest and the audit chain is verified.

The audit chain is verified with its key, which no backup holds: configured as the server reads it (AUDIT_CHAIN_KEY or
AUDIT_CHAIN_KEY_FILE, AUDIT_SIGNING_KEY_FILE), or, for an SQLite platform that generated its keys, --audit-keys FOLDER:
the folder holding the audit-chain.key and audit-signing-key.pem kept beside its database, copied beside the restored
one (readable by their owner only). Without the key the backup is restored and counted, and the chain is reported as
not checked.

Exit status: 0 restored and checked, 1 restored but a check failed, 2 not restored.`,
  missingFile: 'Name the backup file to restore.',
  refused: 'Not restored',
  failed: 'The restore failed',
  failureStatus: 2,
  options: ['audit-keys'],
  async run(config, file, say, options) {
    const outcome = await restoreBackup(config, file, say, { auditKeysFolder: options['audit-keys'] ?? null })
    const ok = outcome.countProblems.length === 0 && outcome.auditChain.ok
    say(
      ok
        ? 'Restored: every count matches and the audit chain verifies. Start the platform on this database.'
        : 'Restored, but a check failed (see above): do not use this database before the difference is explained.',
    )
    return ok ? 0 : 1
  },
})
