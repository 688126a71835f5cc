import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { TEST_AUDIT_CHAIN_KEY, testAuditEnv, testSigningKeyFile } from '../../test/audit-keys.js'
import { insertUser } from '../../test/factories.js'
import { type SmtpPeer, startSmtpPeer } from '../../test/smtp-peer.js'
import { childEnvironment, testDialects } from '../../test/test-database.js'
import { openDatabase } from '../db/database.js'
import { type PartSource, describeParts, readVerifiedBackup, writeBackup } from './backup-archive.js'
import { type Manifest, PART_NAMES } from './backup-manifest.js'
import { rowCounts, tableNames } from './backup.repository.js'
import { createEmptyPostgresDatabase, fixtureDatabase, startPlatformOn } from './platform-start.test-helper.js'

const ROOT = fileURLToPath(new URL('../../../../', import.meta.url))
const DEMO_RECEIPTS_PERSON = 'reconciler@demo.district.test'

interface Run {
  code: number
  stdout: string
  stderr: string
}

/** `npm run <script> -- [options] <file>` as an administrator runs it, with DATABASE_URL and the audit keys' variables given. */
function npmRun(script: 'backup' | 'restore', file: string, env: Record<string, string>, options: string[] = []): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      'npm',
      ['run', '--silent', script, '--', ...options, file],
      { cwd: ROOT, env: childEnvironment(env) },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    )
  })
}

describe.each(testDialects())('the restore drill (%s)', (dialect) => {
  const folder = mkdtempSync(join(tmpdir(), 'restore-drill-'))
  const backupFile = join(folder, 'drill.backup')
  // On SQLite no key is configured: the platform keeps generated ones beside its file, the backup leaves them out, and
  // the restore is given their folder.
  const noKeys = { AUDIT_CHAIN_KEY: '', AUDIT_SIGNING_KEY_FILE: '', AUDIT_CHAIN_KEY_FILE: '' }
  const keys = dialect === 'sqlite' ? noKeys : testAuditEnv()
  const liveKeysFolder = join(folder, 'live')
  const keysOption = dialect === 'sqlite' ? ['--audit-keys', liveKeysFolder] : []
  const targets: Array<{ url: string; drop(): Promise<void> }> = []
  let live: Awaited<ReturnType<typeof startPlatformOn>>
  let liveUrl: string
  let smtp: SmtpPeer
  let backup: Run
  let manifest: Manifest
  let writesDuringBackup = 0
  let restoredUrl: string
  let restore: Run

  /** A database nobody has used: an SQLite file that does not exist yet, or a new PostgreSQL database. */
  async function emptyTarget(name: string): Promise<string> {
    if (dialect === 'sqlite') return `sqlite:${join(folder, name, 'platform.db')}`
    const target = await createEmptyPostgresDatabase()
    targets.push(target)
    return target.url
  }

  async function countsOf(url: string): Promise<Record<string, number>> {
    const db = openDatabase(url.startsWith('sqlite:') ? { kind: 'sqlite', file: url.slice(7) } : { kind: 'postgres', url }, {
      readOnly: true,
    })
    try {
      return await rowCounts(db.kysely, db.dialect)
    } finally {
      await db.close()
    }
  }

  beforeAll(async () => {
    smtp = await startSmtpPeer()
    // A platform with records in every application (the upgrade fixture, migrated on start).
    const fixture = await fixtureDatabase(dialect, join(folder, 'live'))
    targets.push(fixture)
    liveUrl = fixture.url
    if (dialect === 'sqlite') {
      // Its audit keys kept beside its file, as a platform without configured keys generates them.
      writeFileSync(join(folder, 'live', 'audit-chain.key'), `${TEST_AUDIT_CHAIN_KEY}\n`, { mode: 0o600 })
      writeFileSync(join(folder, 'live', 'audit-signing-key.pem'), readFileSync(testSigningKeyFile()), { mode: 0o600 })
    }
    live = await startPlatformOn(liveUrl, smtp, keys)
    const backingUp = npmRun('backup', backupFile, { DATABASE_URL: liveUrl, ...keys })
    let finished = false
    void backingUp.then(() => (finished = true))
    // The platform keeps working while the backup is taken: new people, each asking for a sign-in link (audit rows, mail).
    while (!finished) {
      const person = await insertUser(live.db)
      // Each from an address of its own: the sign-in limits per network, kept in the database, stay clear for the sign-in below.
      const remoteAddress = `10.0.${writesDuringBackup >> 8}.${writesDuringBackup & 255}`
      await live.request({ method: 'POST', url: '/api/send-magic-link', payload: { email: person.email }, remoteAddress })
      writesDuringBackup += 1
    }
    backup = await backingUp
    if (backup.code !== 0) throw new Error(`npm run backup failed: ${backup.stdout}${backup.stderr}`)
    manifest = (await readVerifiedBackup(backupFile)).manifest
    restoredUrl = await emptyTarget('restored')
    restore = await npmRun('restore', backupFile, { DATABASE_URL: restoredUrl, ...keys }, keysOption)
  }, 120_000)

  afterAll(async () => {
    await live?.close()
    await smtp?.close()
    await Promise.all(targets.map((target) => target.drop()))
    rmSync(folder, { recursive: true, force: true })
  })

  it('writes one backup file, readable by its owner only, while the platform keeps writing', async () => {
    expect(backup.stderr).toBe('')
    expect(backup.code).toBe(0)
    expect(backup.stdout).toContain('Backup written:')
    expect(statSync(backupFile).mode & 0o777).toBe(0o600)
    expect(writesDuringBackup).toBeGreaterThan(0)
    // The backup is one moment of the database: the writes after it are not in it.
    const liveCounts = await countsOf(liveUrl)
    expect(liveCounts.users).toBeGreaterThan(manifest.tables.users!)
    for (const table of [
      'receipts',
      'accruals',
      'records_requests',
      'records_documents',
      'finance_attachments',
      'report_uploads',
      'dsa_projects',
    ])
      expect(manifest.tables[table], table).toBeGreaterThan(0)
    if (dialect === 'sqlite') {
      expect(manifest.parts.map((part) => part.role)).toEqual(['sqlite'])
      expect(backup.stdout).toContain(
        `Not included: the audit chain key ${join(liveKeysFolder, 'audit-chain.key')} and the signing key ${join(liveKeysFolder, 'audit-signing-key.pem')}`,
      )
      expect(backup.stdout).toContain("Keep a copy of them with the server's other secrets, apart from the backups")
    } else {
      expect(manifest.parts.map((part) => part.role)).toEqual(['postgres'])
      expect(backup.stdout).toContain('are not in the backup')
    }
    // No secret on the screen: neither a key nor the database's password.
    for (const secret of ['PRIVATE KEY', TEST_AUDIT_CHAIN_KEY]) expect(backup.stdout).not.toContain(secret)
  })

  it('holds no audit key: neither the chain key nor the signing key is anywhere in the backup file', () => {
    const bytes = readFileSync(backupFile)
    const signingKeyBody = readFileSync(testSigningKeyFile(), 'utf8').split('\n')[1]!
    expect(signingKeyBody.length).toBeGreaterThan(20)
    for (const secret of [TEST_AUDIT_CHAIN_KEY, signingKeyBody, 'PRIVATE KEY'])
      expect(bytes.includes(Buffer.from(secret)), secret).toBe(false)
  })

  it('restores into an empty database with every count of the manifest, and the audit chain verifies', async () => {
    expect(restore.stderr).toBe('')
    expect(restore.code).toBe(0)
    expect(restore.stdout).toContain('Every part matches its checksum')
    expect(restore.stdout).toContain('Every table holds as many rows as the manifest says')
    expect(restore.stdout).toContain('Audit chain: The audit chain holds')
    expect(await countsOf(restoredUrl)).toEqual(manifest.tables)
    if (dialect === 'sqlite') {
      const keyFile = join(folder, 'restored', 'audit-chain.key')
      expect(statSync(keyFile).mode & 0o777).toBe(0o600)
      expect(readFileSync(keyFile)).toEqual(readFileSync(join(folder, 'live', 'audit-chain.key')))
    }
  })

  it('serves the restored database: a person signs in through the e-mailed link and finds the receipts', async () => {
    const platform = await startPlatformOn(restoredUrl, smtp, keys)
    try {
      const token = await platform.signInByEmail(DEMO_RECEIPTS_PERSON)
      const receipts = await platform.request({ method: 'GET', url: '/api/receipts', token })
      expect(receipts.statusCode).toBe(200)
      expect(receipts.json().data.length).toBeGreaterThan(0)
    } finally {
      await platform.close()
    }
  })

  it('refuses a database that is not empty, and leaves it as it was', async () => {
    const before = await countsOf(restoredUrl)
    const fileBefore =
      dialect === 'sqlite'
        ? createHash('sha256')
            .update(readFileSync(restoredUrl.slice(7)))
            .digest('hex')
        : null
    const again = await npmRun('restore', backupFile, { DATABASE_URL: restoredUrl, ...keys })
    expect(again.code).toBe(2)
    expect(again.stderr).toMatch(/^Not restored: .* is not empty \(it has \d+ tables\)/)
    expect(await countsOf(restoredUrl)).toEqual(before)
    if (fileBefore)
      expect(
        createHash('sha256')
          .update(readFileSync(restoredUrl.slice(7)))
          .digest('hex'),
      ).toBe(fileBefore)
  })

  it('refuses a damaged backup (one byte changed) before writing anything', async () => {
    const damaged = join(folder, 'damaged.backup')
    const bytes = readFileSync(backupFile)
    const database = manifest.parts.find((part) => part.role === 'sqlite' || part.role === 'postgres')!
    // A byte in the middle of the database part: the tar's own headers are intact, only the manifest's checksum can tell.
    const at = bytes.indexOf(Buffer.from(database.name)) + 512 + Math.floor(database.bytes / 2)
    bytes[at] = bytes[at]! ^ 0x01
    writeFileSync(damaged, bytes)
    const target = await emptyTarget('never-restored')
    const refused = await npmRun('restore', damaged, { DATABASE_URL: target, ...keys })
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain(`The backup is damaged: its part ${database.name} does not match its checksum`)
    if (dialect === 'sqlite') {
      expect(existsSync(join(folder, 'never-restored'))).toBe(false)
    } else {
      const db = openDatabase({ kind: 'postgres', url: target })
      expect(await tableNames(db.kysely, 'postgres').finally(() => db.close())).toEqual([])
    }
  })

  it.runIf(dialect === 'sqlite')(
    'restores and counts without the audit key, and says in words that the chain could not be checked',
    async () => {
      const restored = await npmRun('restore', backupFile, { DATABASE_URL: await emptyTarget('without-keys'), ...noKeys })
      expect(restored.stderr).toBe('')
      expect(restored.code).toBe(1)
      expect(restored.stdout).toContain('Every table holds as many rows as the manifest says')
      expect(restored.stdout).toContain('Audit chain: it could not be checked without its key')
      expect(restored.stdout).toContain('Restored, but a check failed')
      expect(existsSync(join(folder, 'without-keys', 'audit-chain.key'))).toBe(false)
    },
  )

  it.runIf(dialect === 'postgres')('restores nothing without the chain key, which PostgreSQL requires configured', async () => {
    const target = await emptyTarget('without-keys')
    const refused = await npmRun('restore', backupFile, { DATABASE_URL: target, ...noKeys })
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain('AUDIT_CHAIN_KEY or AUDIT_CHAIN_KEY_FILE: required on PostgreSQL')
    const db = openDatabase({ kind: 'postgres', url: target })
    expect(await tableNames(db.kysely, 'postgres').finally(() => db.close())).toEqual([])
  })

  it.runIf(dialect === 'sqlite')('still restores a backup made when backups held the keys, and places its keys', async () => {
    // Such a backup, as the earlier version wrote it: the database part and both keys, each in the manifest.
    const legacyFile = join(folder, 'with-keys.backup')
    const databaseCopy = join(folder, 'platform.sqlite')
    writeFileSync(databaseCopy, Buffer.concat(await (await readVerifiedBackup(backupFile)).part('sqlite')!.stream().toArray()))
    const sources: PartSource[] = [
      { role: 'sqlite', name: PART_NAMES.sqlite, file: databaseCopy },
      { role: 'chainKey', name: 'keys/audit-chain.key', file: join(liveKeysFolder, 'audit-chain.key') },
      { role: 'signingKey', name: 'keys/audit-signing-key.pem', file: join(liveKeysFolder, 'audit-signing-key.pem') },
    ]
    await writeBackup(legacyFile, { ...manifest, parts: await describeParts(sources) }, sources)
    const restored = await npmRun('restore', legacyFile, { DATABASE_URL: await emptyTarget('from-legacy'), ...noKeys })
    expect(restored.stderr).toBe('')
    expect(restored.code).toBe(0)
    expect(restored.stdout).toContain('Audit chain: The audit chain holds')
    const keyFile = join(folder, 'from-legacy', 'audit-chain.key')
    expect(statSync(keyFile).mode & 0o777).toBe(0o600)
    expect(readFileSync(keyFile)).toEqual(readFileSync(join(liveKeysFolder, 'audit-chain.key')))
  })

  it('says in words that the audit chain does not verify with a wrong key', async () => {
    const target = await emptyTarget('wrong-key')
    const otherKey = 'another-audit-chain-key-0123456789abcdefghijklmnop'
    let restored: Run
    if (dialect === 'sqlite') {
      const wrongKeys = join(folder, 'wrong-keys')
      mkdirSync(wrongKeys)
      writeFileSync(join(wrongKeys, 'audit-chain.key'), `${otherKey}\n`, { mode: 0o600 })
      writeFileSync(join(wrongKeys, 'audit-signing-key.pem'), readFileSync(testSigningKeyFile()), { mode: 0o600 })
      restored = await npmRun('restore', backupFile, { DATABASE_URL: target, ...noKeys }, ['--audit-keys', wrongKeys])
    } else {
      restored = await npmRun('restore', backupFile, { DATABASE_URL: target, ...keys, AUDIT_CHAIN_KEY: otherKey })
    }
    expect(restored.stderr).toBe('')
    expect(restored.code).toBe(1)
    expect(restored.stdout).toContain('Every table holds as many rows as the manifest says')
    expect(restored.stdout).toContain('Audit chain: the audit chain does not verify with this key')
    expect(restored.stdout).not.toContain(otherKey)
  })

  it('refuses a backup of the other kind of database in words', async () => {
    const other = dialect === 'sqlite' ? 'postgres://nobody@127.0.0.1:1/none' : `sqlite:${join(folder, 'other-kind', 'platform.db')}`
    const refused = await npmRun('restore', backupFile, {
      DATABASE_URL: other,
      AUDIT_CHAIN_KEY: 'a-chain-key-of-at-least-thirty-two-characters',
    })
    expect(refused.code).toBe(2)
    expect(refused.stderr).toContain('a backup is restored into the kind of database it was made from')
  })
})
