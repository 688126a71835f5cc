import { existsSync } from 'node:fs'
import { mkdtemp, rm, stat } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import SqliteDatabase from 'better-sqlite3'
import type { Config } from '../config.js'
import { openDatabase } from '../db/database.js'
import { DEFAULT_CHAIN_KEY_FILE, DEFAULT_SIGNING_KEY_FILE } from '../features/audit/audit-keys.js'
import { type PartSource, OperationRefused, describeParts, writeBackup } from './backup-archive.js'
import { BACKUP_FORMAT, BACKUP_FORMAT_VERSION, type Manifest, PART_NAMES, totalRows } from './backup-manifest.js'
import { exportSnapshot, migrationLevel, rowCounts } from './backup.repository.js'
import { pgDump } from './postgres-tools.js'
import { describeSize } from './sizes.js'

/** Pages SQLite copies in one step of its online backup: all of them, so writes meanwhile never restart the copy. */
const ALL_PAGES = 0x7fffffff

/**
 * Writes one backup file of the running platform's database: SQLite's online backup or pg_dump, both reading one
 * consistent state while the platform keeps writing, with the rows per table counted in that same state. Uploaded
 * datasets, attachments, letters and documents are stored in the database, so the dump holds them. The audit keys are
 * never in it: the output says where they are.
 */
export async function createBackup(config: Config, target: string, say: (line: string) => void): Promise<Manifest> {
  const file = resolve(target)
  if (existsSync(file)) throw new OperationRefused(`${file} already exists: choose a new file name for the backup.`)
  if (!existsSync(dirname(file))) throw new OperationRefused(`The folder ${dirname(file)} does not exist.`)
  if (existsSync(`${file}.partial`))
    throw new OperationRefused(`${file}.partial is left from a backup that was interrupted: remove it, then try again.`)
  if (config.database.kind === 'sqlite' && config.database.file === ':memory:')
    throw new OperationRefused(
      'DATABASE_URL names an in-memory database, which only its own process can read: there is nothing to back up.',
    )
  const work = await mkdtemp(join(dirname(file), '.platform-backup-'))
  try {
    const { sources, tables, migration } =
      config.database.kind === 'sqlite'
        ? await sqliteDatabasePart(config.database.file, work, say)
        : await postgresDatabasePart(config.database, work, say)
    say(`  ${Object.keys(tables).length} tables, ${totalRows(tables).toLocaleString('en-US')} rows (migration ${migration ?? 'none'}).`)
    say('  Uploaded datasets, attachments, letters and documents are stored in the database: they are in it.')
    say(auditKeysNotice(config))
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      formatVersion: BACKUP_FORMAT_VERSION,
      createdAt: new Date().toISOString(),
      database: config.database.kind,
      migration,
      tables,
      parts: await describeParts(sources),
    }
    await writeBackup(file, manifest, sources)
    say(`Backup written: ${file} (${describeSize((await stat(file)).size)}; readable by its owner only).`)
    return manifest
  } finally {
    await rm(work, { recursive: true, force: true })
  }
}

async function sqliteDatabasePart(databaseFile: string, work: string, say: (line: string) => void) {
  if (!existsSync(databaseFile))
    throw new OperationRefused(
      `There is no SQLite database at ${resolve(databaseFile)} (DATABASE_URL; a relative path is taken from the server's folder, apps/server).`,
    )
  say(`Backing up the SQLite database ${resolve(databaseFile)} with SQLite's online backup...`)
  const copy = join(work, 'platform.sqlite')
  const source = new SqliteDatabase(databaseFile, { readonly: true, fileMustExist: true })
  try {
    source.pragma('busy_timeout = 5000')
    await source.backup(copy, { progress: () => ALL_PAGES })
  } finally {
    source.close()
  }
  // The copy stands alone: no log beside it, whatever mode the platform's file is in.
  const standalone = new SqliteDatabase(copy)
  standalone.pragma('journal_mode = DELETE')
  standalone.close()
  const db = openDatabase({ kind: 'sqlite', file: copy }, { readOnly: true })
  try {
    const tables = await rowCounts(db.kysely, 'sqlite')
    const migration = await migrationLevel(db.kysely, 'sqlite')
    return { sources: [{ role: 'sqlite', name: PART_NAMES.sqlite, file: copy }] as PartSource[], tables, migration }
  } finally {
    await db.close()
  }
}

async function postgresDatabasePart(
  database: Extract<Config['database'], { kind: 'postgres' }>,
  work: string,
  say: (line: string) => void,
) {
  say('Backing up the PostgreSQL database with pg_dump (custom format)...')
  const dump = join(work, 'platform.pgdump')
  const db = openDatabase(database, { applicationName: 'platform-backup' })
  try {
    // The rows are counted in the transaction whose snapshot pg_dump reads: the counts are those of the dump.
    const { tables, migration } = await db.kysely
      .transaction()
      .setIsolationLevel('repeatable read')
      .setAccessMode('read only')
      .execute(async (trx) => {
        const snapshot = await exportSnapshot(trx)
        const counted = { tables: await rowCounts(trx, 'postgres'), migration: await migrationLevel(trx, 'postgres') }
        await pgDump(database.url, snapshot, dump)
        return counted
      })
    return { sources: [{ role: 'postgres', name: PART_NAMES.postgres, file: dump }] as PartSource[], tables, migration }
  } finally {
    await db.close()
  }
}

/**
 * Where the audit keys are, since the backup never holds them (decision 034: whoever holds a backup and the chain key
 * can rewrite the trail and key it again unnoticed). Configured keys are the operator's; on SQLite the keys the
 * platform generated sit beside its file, and a restore needs them (`--audit-keys FOLDER`).
 */
function auditKeysNotice(config: Config): string {
  if (config.database.kind !== 'sqlite')
    return '  The audit keys (AUDIT_CHAIN_KEY, AUDIT_SIGNING_KEY_FILE) are configured outside the database and are not in the backup: keep them safe separately, a restored audit chain is checked with them.'
  const folder = dirname(config.database.file)
  const generated = [
    config.audit.chainKey === null && `the audit chain key ${join(folder, DEFAULT_CHAIN_KEY_FILE)}`,
    config.audit.signingKeyPem === null && `the signing key ${join(folder, DEFAULT_SIGNING_KEY_FILE)}`,
  ].filter((key): key is string => Boolean(key))
  const configured = [config.audit.chainKey !== null && 'the chain key', config.audit.signingKeyPem !== null && 'the signing key'].filter(
    Boolean,
  )
  const lines: string[] = []
  if (generated.length > 0)
    lines.push(
      `  Not included: ${generated.join(' and ')}, which the platform generated beside the database. Keep a copy of them with the server's other secrets, apart from the backups: a backup together with the chain key lets whoever holds both rewrite the audit trail unnoticed. A restore needs them: npm run restore -- --audit-keys FOLDER FILE.`,
    )
  if (configured.length > 0)
    lines.push(`  Not included: ${configured.join(' and ')} of the audit chain, which the configuration names; keep them safe separately.`)
  return lines.join('\n')
}
