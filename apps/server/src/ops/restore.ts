import { createWriteStream, existsSync, readFileSync, statSync } from 'node:fs'
import { mkdir, rename, rm, writeFile } from 'node:fs/promises'
import { dirname, join, resolve } from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { createHash } from 'node:crypto'
import type { Config } from '../config.js'
import { type Db, openDatabase } from '../db/database.js'
import { signedCheckpointOf } from '../features/audit/audit-checkpoint.js'
import { createAuditCheckpointsRepository } from '../features/audit/audit-checkpoints.repository.js'
import { DEFAULT_CHAIN_KEY_FILE, DEFAULT_SIGNING_KEY_FILE, resolveAuditKeys } from '../features/audit/audit-keys.js'
import { verifyAuditChain } from '../features/audit/audit-verify.js'
import { createAuditRepository } from '../features/audit/audit.repository.js'
import { OperationRefused, type VerifiedBackup, readVerifiedBackup } from './backup-archive.js'
import { type Manifest, totalRows } from './backup-manifest.js'
import { rowCounts, tableNames } from './backup.repository.js'
import { pgRestore } from './postgres-tools.js'

export interface RestoreOutcome {
  /** Tables whose rows differ from the manifest's count (or that one side lacks), in words; empty when all match. */
  countProblems: string[]
  /** The audit chain's verification, as `npm run audit:verify` reports it. */
  auditChain: { ok: boolean; message: string }
}

/** Where the restored database's audit keys come from: the configuration, as the server reads them, or this folder. */
export interface RestoreOptions {
  /** `--audit-keys FOLDER`: the audit-chain.key and audit-signing-key.pem an SQLite platform generated beside its file. */
  auditKeysFolder: string | null
}

const KEY_FILES = [
  { role: 'chainKey', file: DEFAULT_CHAIN_KEY_FILE, label: 'audit chain key', configured: (audit: Config['audit']) => audit.chainKey },
  {
    role: 'signingKey',
    file: DEFAULT_SIGNING_KEY_FILE,
    label: 'audit signing key',
    configured: (audit: Config['audit']) => audit.signingKeyPem,
  },
] as const

/**
 * Restores a backup into the configured database, which must be empty: checks every part against the manifest before
 * writing anything, restores, then counts every table against the manifest and verifies the audit chain. A non-empty
 * database, a damaged backup or one of the other kind of database is refused (OperationRefused) and left as it was.
 */
export async function restoreBackup(
  config: Config,
  source: string,
  say: (line: string) => void,
  options: RestoreOptions = { auditKeysFolder: null },
): Promise<RestoreOutcome> {
  const file = resolve(source)
  say(`Checking ${file}...`)
  const backup = await readVerifiedBackup(file)
  const { manifest } = backup
  say(
    `  A backup of ${kindName(manifest.database)} made ${manifest.createdAt} at migration ${manifest.migration ?? 'none'}: ${Object.keys(manifest.tables).length} tables, ${totalRows(manifest.tables).toLocaleString('en-US')} rows. Every part matches its checksum.`,
  )
  if (manifest.database !== config.database.kind)
    throw new OperationRefused(
      `This is a backup of ${kindName(manifest.database)}, and DATABASE_URL names ${kindName(config.database.kind)}: a backup is restored into the kind of database it was made from. Nothing was changed.`,
    )
  if (config.database.kind === 'sqlite')
    await restoreSqlite(config.database.file, backup, await keysToPlace(config.audit, backup, options), say)
  else if (options.auditKeysFolder !== null)
    throw new OperationRefused(
      '--audit-keys is for an SQLite database, whose platform keeps its generated keys beside it: on PostgreSQL the keys are configured (AUDIT_CHAIN_KEY or AUDIT_CHAIN_KEY_FILE, AUDIT_SIGNING_KEY_FILE). Nothing was changed.',
    )
  else await restorePostgres(config.database, backup, say)

  const db = openDatabase(config.database, { readOnly: true, applicationName: 'platform-restore' })
  try {
    const countProblems = compareCounts(manifest, await rowCounts(db.kysely, db.dialect))
    say(
      countProblems.length === 0
        ? `  Every table holds as many rows as the manifest says (${totalRows(manifest.tables).toLocaleString('en-US')}).`
        : `  The rows restored differ from the manifest:\n${countProblems.map((problem) => `  - ${problem}`).join('\n')}`,
    )
    const auditChain = await checkAuditChain(config, db)
    say(`  Audit chain: ${auditChain.message}`)
    return { countProblems, auditChain }
  } finally {
    await db.close()
  }
}

interface KeyToPlace {
  file: string
  label: string
  content: Buffer
}

/**
 * The audit keys to place beside the restored SQLite file, each one the configuration does not name: from
 * `--audit-keys FOLDER`, or else from a backup made before the keys were kept out of backups (accepted rather than
 * refused: it is the simpler of the two, and it keeps those backups restorable).
 */
async function keysToPlace(audit: Config['audit'], backup: VerifiedBackup, options: RestoreOptions): Promise<KeyToPlace[]> {
  const folder = options.auditKeysFolder === null ? null : resolve(options.auditKeysFolder)
  if (folder !== null && !KEY_FILES.some(({ file }) => existsSync(join(folder, file))))
    throw new OperationRefused(
      `--audit-keys ${folder}: there is no ${DEFAULT_CHAIN_KEY_FILE} or ${DEFAULT_SIGNING_KEY_FILE} in that folder. Name the folder holding the keys the platform generated beside its database. Nothing was changed.`,
    )
  const keys: KeyToPlace[] = []
  for (const { role, file, label, configured } of KEY_FILES) {
    if (configured(audit) !== null) continue
    const inFolder = folder === null ? null : join(folder, file)
    const part = backup.part(role)
    const content =
      inFolder !== null && existsSync(inFolder) ? readFileSync(inFolder) : part ? Buffer.concat(await part.stream().toArray()) : null
    if (content) keys.push({ file, label, content })
  }
  return keys
}

async function restoreSqlite(file: string, backup: VerifiedBackup, keysGiven: KeyToPlace[], say: (line: string) => void): Promise<void> {
  if (file === ':memory:') throw new OperationRefused('DATABASE_URL names an in-memory database: name the SQLite file to restore into.')
  const target = resolve(file)
  if (existsSync(`${target}.restoring`))
    throw new OperationRefused(
      `${target}.restoring is left from a restore that was interrupted: remove it, then try again. Nothing was changed.`,
    )
  const existed = existsSync(target)
  if (existed && statSync(target).size > 0) {
    const db = openDatabase({ kind: 'sqlite', file: target }, { readOnly: true })
    const tables = await tableNames(db.kysely, 'sqlite').finally(() => db.close())
    if (tables.length > 0) throw notEmpty(target, tables.length)
  }
  const folder = dirname(target)
  const keys = keysGiven.map((key) => ({ ...key, path: join(folder, key.file) }))
  for (const key of keys)
    if (existsSync(key.path) && !readFileSync(key.path).equals(key.content))
      throw new OperationRefused(
        `${key.path} holds another ${key.label} than the one given: the restored audit chain would not verify with both. Move it away first. Nothing was changed.`,
      )
  say(`Restoring into the SQLite file ${target}...`)
  await mkdir(folder, { recursive: true })
  const restoring = `${target}.restoring`
  const part = backup.part('sqlite')!
  const hash = createHash('sha256')
  const hashing = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk)
      done(null, chunk)
    },
  })
  try {
    await pipeline(part.stream(), hashing, createWriteStream(restoring, { flags: 'wx', mode: 0o600 }))
    // Read a second time: the file must not have changed since it was checked.
    if (hash.digest('hex') !== backup.manifest.parts.find((candidate) => candidate.role === 'sqlite')!.sha256)
      throw new OperationRefused('The backup changed while it was being restored. Nothing was restored.')
    // An empty database's log and shared memory belong to the file being replaced: applied to this one they would damage it.
    if (existed) await Promise.all([rm(`${target}-wal`, { force: true }), rm(`${target}-shm`, { force: true })])
    await rename(restoring, target)
  } finally {
    await rm(restoring, { force: true })
  }
  for (const key of keys) {
    if (!existsSync(key.path)) await writeFile(key.path, key.content, { flag: 'wx', mode: 0o600 })
    say(`  The ${key.label} is at ${key.path} (readable by its owner only).`)
  }
}

async function restorePostgres(
  database: Extract<Config['database'], { kind: 'postgres' }>,
  backup: VerifiedBackup,
  say: (line: string) => void,
) {
  const db = openDatabase(database, { applicationName: 'platform-restore' })
  const tables = await tableNames(db.kysely, 'postgres').finally(() => db.close())
  if (tables.length > 0) throw notEmpty('The PostgreSQL database of DATABASE_URL', tables.length)
  say('Restoring into the PostgreSQL database with pg_restore, in one transaction (owners and grants are not restored)...')
  await pgRestore(database.url, backup.part('postgres')!.stream())
}

function notEmpty(where: string, tables: number): OperationRefused {
  return new OperationRefused(
    `${where} is not empty (it has ${tables} tables): a backup is restored only into an empty database, so nothing of it is overwritten. Nothing was changed.`,
  )
}

function compareCounts(manifest: Manifest, restored: Record<string, number>): string[] {
  const names = [...new Set([...Object.keys(manifest.tables), ...Object.keys(restored)])].sort()
  return names.flatMap((name) => {
    const expected = manifest.tables[name]
    const found = restored[name]
    if (expected === found) return []
    if (expected === undefined) return [`${name}: not in the backup, yet in the restored database (${found} rows)`]
    if (found === undefined) return [`${name}: missing (the backup has ${expected} rows)`]
    return [`${name}: ${found} rows restored, ${expected} in the backup`]
  })
}

/** The chain against its key and the checkpoints in its log, as `npm run audit:verify` checks it. */
export async function checkAuditChain(config: Config, db: Db): Promise<{ ok: boolean; message: string }> {
  const keptKey = db.file && db.file !== ':memory:' ? join(dirname(db.file), DEFAULT_CHAIN_KEY_FILE) : null
  if (config.audit.chainKey === null && keptKey !== null && !existsSync(keptKey))
    return {
      ok: false,
      message: `it could not be checked without its key: AUDIT_CHAIN_KEY and AUDIT_CHAIN_KEY_FILE are not set, and there is no ${keptKey}. Copy the ${DEFAULT_CHAIN_KEY_FILE} and ${DEFAULT_SIGNING_KEY_FILE} the platform kept beside its database there (readable by their owner only), then run npm run audit:verify; the platform does not start on this database without that key.`,
    }
  let keys
  try {
    keys = resolveAuditKeys(config.audit, db, 'read')
  } catch (error) {
    return { ok: false, message: `it could not be checked: ${error instanceof Error ? error.message : String(error)}` }
  }
  const checkpoints = (await createAuditCheckpointsRepository(db).all()).map((row) => ({
    source: 'log' as const,
    file: null,
    signed: signedCheckpointOf(row),
  }))
  const result = await verifyAuditChain(createAuditRepository(db, keys.chain), {
    chain: keys.chain,
    trustedKey: keys.signing?.publicKey ?? null,
    checkpoints,
  })
  if (result.problem === 'wrong_key') return { ok: false, message: `the audit chain does not verify with this key. ${result.message}` }
  return { ok: result.ok, message: result.message }
}

function kindName(kind: 'sqlite' | 'postgres'): string {
  return kind === 'sqlite' ? 'an SQLite database' : 'a PostgreSQL database'
}
