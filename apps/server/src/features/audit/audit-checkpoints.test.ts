import { execFile } from 'node:child_process'
import { generateKeyPairSync } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { promisify } from 'node:util'
import type { SignedCheckpoint } from '@platform/contracts/audit'
import { afterEach, describe, expect, it } from 'vitest'
import { TEST_AUDIT_CHAIN_KEY, testSigningKeyFile } from '../../../test/audit-keys.js'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { rewriteChain } from '../../../test/audit-tamper.js'
import { type SmtpPeer, startSmtpPeer } from '../../../test/smtp-peer.js'
import { childEnvironment, testDialects } from '../../../test/test-database.js'
import { type TwoInstances, startTwoInstances } from '../../../test/two-instances.js'
import { ConfigError, loadConfig } from '../../config.js'
import { type ChainedContent, chainKey, keyedRowHash } from './audit-chain.js'
import { publicKeyId, readCheckpoint, signingKey } from './audit-checkpoint.js'
import { resolveAuditKeys } from './audit-keys.js'
import { createAuditRepository } from './audit.repository.js'
import { createAuditService } from './audit.service.js'

const run = promisify(execFile)
const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url))
const KEY = chainKey(TEST_AUDIT_CHAIN_KEY)
const AUDITORS = ['auditor@district.test', 'second.auditor@district.test']

/** A checkpoint of the log as the auditors receive it (the attached .json file). */
const fileOf = (checkpoint: { checkpointId: number; statement: string; signature: string }, publicKey: string): SignedCheckpoint => ({
  checkpointId: checkpoint.checkpointId,
  statement: checkpoint.statement,
  signature: checkpoint.signature,
  algorithm: 'Ed25519',
  publicKey,
})

describe.each(testDialects())('signed checkpoints of the audit chain (%s)', (dialect) => {
  let t: TestApp
  let smtp: SmtpPeer | null = null
  afterEach(async () => {
    await t?.close()
    await smtp?.close()
    smtp = null
  })

  const start = async (env: Record<string, string> = {}) => {
    t = await buildTestApp({ dialect, env })
    return t.signIn('admin@example.org')
  }
  const events = async (n: number) => {
    const audit = createAuditService({ audit: createAuditRepository(t.db, KEY), clock: t.clock })
    for (let i = 0; i < n; i += 1) await audit.record({ action: 'test.event', outcome: 'success', details: { i } })
    return (
      await t.db.kysely.selectFrom('audit_log').select('audit_id').where('action', '=', 'test.event').orderBy('audit_id').execute()
    ).map((row) => row.audit_id)
  }
  const signNow = async (token: string) => {
    const answer = await t.request({ method: 'POST', url: '/api/audit/checkpoints', token, payload: {} })
    expect(answer.statusCode).toBe(201)
    return answer.json().checkpoint as {
      checkpointId: number
      lastAuditId: number
      statement: string
      signature: string
      mailedTo: string[]
    }
  }
  const verify = async (token: string) => (await t.request({ method: 'GET', url: '/api/audit/verify', token })).json()

  it('signs the head on demand, keeps it in the log with the published key, and e-mails it as text and as a .json file', async () => {
    smtp = await startSmtpPeer()
    t = await buildTestApp({ dialect, smtp, env: { AUDITOR_EMAILS: AUDITORS.join(',') } })
    const token = await t.signIn('admin@example.org')
    const head = await t.db.kysely.selectFrom('audit_chain_head').selectAll().executeTakeFirstOrThrow()
    const made = await t.request({ method: 'POST', url: '/api/audit/checkpoints', token, payload: {} })
    expect(made.statusCode).toBe(201)
    const { checkpoint, message } = made.json()
    expect(checkpoint).toMatchObject({ kind: 'on_demand', lastAuditId: head.last_audit_id, lastHash: head.last_hash, mailedTo: AUDITORS })
    expect(message).toContain('e-mailed to 2 auditors')

    const list = (await t.request({ method: 'GET', url: '/api/audit/checkpoints', token })).json()
    expect(list.data).toHaveLength(1)
    expect(list.data[0]).toMatchObject({ checkpointId: checkpoint.checkpointId, madeBy: expect.any(String) })
    expect(list).toMatchObject({ auditorCount: 2, pagination: { total: 1 } })
    expect(list.publicKey).toContain('BEGIN PUBLIC KEY')
    // What the checkpoint signs is the head, with the published key's id; the signature is the published key's.
    const signing = resolveAuditKeys(t.config.audit, t.db, 'read').signing!
    expect(list.publicKeyId).toBe(signing.publicKeyId)
    const read = readCheckpoint(fileOf(checkpoint, list.publicKey), signing.publicKey)
    expect(read).toMatchObject({
      ok: true,
      statement: { lastAuditId: head.last_audit_id, chainKeyId: KEY.keyId, publicKeyId: list.publicKeyId },
    })

    await t.mailQueue.processDue()
    for (const auditor of AUDITORS) {
      const mail = await smtp.waitForMail(auditor)
      expect(mail.subject).toContain(`Audit checkpoint ${checkpoint.checkpointId}`)
      expect(mail.text).toContain(checkpoint.statement)
      expect(mail.text).toContain(checkpoint.signature)
      expect(mail.attachments).toHaveLength(1)
      expect(mail.attachments[0]).toMatchObject({
        filename: `audit-checkpoint-${checkpoint.checkpointId}.json`,
        contentType: 'application/json',
      })
      expect(JSON.parse(mail.attachments[0]!.content)).toEqual(fileOf(checkpoint, list.publicKey))
    }
    // The signing is itself in the chain.
    const logged = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'target_id'])
      .where('action', '=', 'audit.checkpoint_signed')
      .execute()
    expect(logged).toEqual([{ action: 'audit.checkpoint_signed', target_id: String(checkpoint.checkpointId) }])
  })

  it('keeps checkpoints in the log only when no auditor is configured', async () => {
    const token = await start()
    const checkpoint = await signNow(token)
    expect(checkpoint.mailedTo).toEqual([])
    expect(await t.db.kysely.selectFrom('mail_messages').select('kind').where('kind', '=', 'audit_checkpoint').execute()).toEqual([])
  })

  it('detects a rewrite by someone who holds the chain key through a checkpoint signed before it', async () => {
    const token = await start()
    const earlier = await signNow(token)
    const ids = await events(5)
    const later = await signNow(token)
    expect((await verify(token)).ok).toBe(true)

    // Every HMAC recomputed with the right key: the chain alone holds, only the checkpoint remembers.
    await rewriteChain(t.db, ids[2]!, { details: JSON.stringify({ i: 'rewritten by the key holder' }) }, (row: ChainedContent) =>
      keyedRowHash(KEY, row),
    )
    const result = await verify(token)
    expect(result).toMatchObject({
      ok: false,
      problem: 'checkpoint',
      firstBrokenId: later.lastAuditId,
      intactThroughId: earlier.lastAuditId,
      checkpoints: { checked: 2, matching: 1, problems: [{ checkpointId: later.checkpointId, source: 'log', status: 'rewritten' }] },
    })
    expect(result.message).toContain(`broken at or before row ${later.lastAuditId}`)
    // The row-by-row check passed: it is the checkpoint that caught it.
    expect(result.checked).toBeGreaterThan(later.lastAuditId - 2)
  })

  it('reports a checkpoint whose signature was forged, and one signed with another key', async () => {
    const token = await start()
    await events(2)
    const checkpoint = await signNow(token)
    // Someone who can write to the database makes the logged checkpoint say something else: its signature no longer fits.
    const forged = checkpoint.statement.replace(/"rowCount":\d+/, '"rowCount":1')
    await t.db.kysely
      .updateTable('audit_checkpoints')
      .set({ statement: forged, row_count: 1 })
      .where('checkpoint_id', '=', checkpoint.checkpointId)
      .execute()
    const result = await verify(token)
    expect(result).toMatchObject({
      ok: false,
      problem: 'checkpoint',
      firstBrokenId: null,
      checkpoints: { problems: [{ status: 'bad_signature' }] },
    })
    expect(result.message).toContain('not genuine')

    // A checkpoint signed with a key of the attacker's own: its signature is not the published key's.
    const theirs = signingKey(generateKeyPairSync('ed25519').privateKey)
    const published = resolveAuditKeys(t.config.audit, t.db, 'read').signing!.publicKey
    const { signCheckpoint } = await import('./audit-checkpoint.js')
    const statement = { ...JSON.parse(checkpoint.statement), publicKeyId: theirs.publicKeyId }
    const read = readCheckpoint(signCheckpoint(theirs, statement, null), published)
    expect(read).toMatchObject({ ok: false, status: 'bad_signature' })
    expect(read.ok ? '' : read.message).toContain(`the published key is ${publicKeyId(published)}`)
  })

  it('is for super administrators only', async () => {
    await start()
    const admin = await t.signIn((await t.createUser({ roleCode: 'ADMIN' })).email)
    expect((await t.request({ method: 'GET', url: '/api/audit/checkpoints', token: admin })).statusCode).toBe(403)
    expect((await t.request({ method: 'POST', url: '/api/audit/checkpoints', token: admin, payload: {} })).statusCode).toBe(403)
  })
})

describe.each(testDialects())('the daily checkpoint with two instances on one database (%s)', (dialect) => {
  let two: TwoInstances
  afterEach(() => two.close())

  const daily = () =>
    two.a.db.kysely
      .selectFrom('audit_checkpoints')
      .select(['checkpoint_id', 'daily_of', 'kind', 'mailed_to'])
      .orderBy('checkpoint_id')
      .execute()
  const mails = async () =>
    (await two.a.db.kysely.selectFrom('mail_messages').select('recipient').where('kind', '=', 'audit_checkpoint').execute()).map(
      (row) => row.recipient,
    )

  // Several instances on one SQLite file are not a deployment the platform supports (README): PostgreSQL only.
  it.runIf(dialect === 'postgres')('is made once a district day, whichever instances run the housekeeping at once', async () => {
    two = await startTwoInstances({ dialect, env: { AUDITOR_EMAILS: AUDITORS.join(',') } })
    await Promise.all([two.a.maintenance(), two.b.maintenance(), two.a.maintenance(), two.b.maintenance()])
    expect(await daily()).toEqual([expect.objectContaining({ kind: 'daily', daily_of: '2026-03-02', mailed_to: JSON.stringify(AUDITORS) })])
    expect((await mails()).sort()).toEqual([...AUDITORS].sort())
    await two.b.maintenance()
    expect(await daily()).toHaveLength(1)

    two.clock.advance(24 * 60 * 60_000)
    await Promise.all([two.b.maintenance(), two.a.maintenance()])
    expect((await daily()).map((row) => row.daily_of)).toEqual(['2026-03-02', '2026-03-03'])
    expect(await mails()).toHaveLength(4)
    expect(await two.a.db.kysely.selectFrom('job_leases').select('kind').where('kind', '=', 'audit_checkpoint').execute()).toEqual([])
  })

  it('sends out a checkpoint whose instance died after signing it, once, when its lease runs out', async () => {
    two = await startTwoInstances({ dialect, env: { AUDITOR_EMAILS: AUDITORS[0]!, JOB_LEASE_SECONDS: '5' } })
    await two.a.maintenance()
    const [made] = await daily()
    // As if the instance had died between signing and sending: the e-mails not queued, its lease left behind.
    await two.a.db.kysely.updateTable('audit_checkpoints').set({ mailed_at: null, mailed_to: null }).execute()
    await two.a.db.kysely.deleteFrom('mail_messages').execute()
    const now = two.clock.now()
    await two.a.db.kysely
      .insertInto('job_leases')
      .values({
        kind: 'audit_checkpoint',
        job_key: String(made!.checkpoint_id),
        owner: 'a-dead-instance',
        acquired_at: now.toISOString(),
        expires_at: new Date(now.getTime() + 5000).toISOString(),
      })
      .execute()
    expect(await two.b.jobLeases.sweep()).toBe(0)
    two.clock.advance(6000)
    expect(await two.a.jobLeases.sweep()).toBe(1)
    expect(await two.b.jobLeases.sweep()).toBe(0)
    expect(await mails()).toEqual([AUDITORS[0]])
    expect((await daily())[0]!.mailed_to).toBe(JSON.stringify([AUDITORS[0]]))
  })
})

describe('the audit keys', () => {
  it('on PostgreSQL, refuse to start without the chain key or the signing key, naming the variables', () => {
    expect(() => loadConfig({ DATABASE_URL: 'postgres://platform@db.district.test/platform' })).toThrow(
      /AUDIT_CHAIN_KEY or AUDIT_CHAIN_KEY_FILE: required on PostgreSQL/,
    )
    const config = loadConfig({ DATABASE_URL: 'postgres://platform@db.district.test/platform', AUDIT_CHAIN_KEY: TEST_AUDIT_CHAIN_KEY })
    expect(() => resolveAuditKeys(config.audit, { dialect: 'postgres', file: null }, 'create')).toThrow(ConfigError)
    expect(() => resolveAuditKeys(config.audit, { dialect: 'postgres', file: null }, 'create')).toThrow(
      /AUDIT_SIGNING_KEY_FILE: required on PostgreSQL/,
    )
    const configured = loadConfig({
      DATABASE_URL: 'postgres://platform@db.district.test/platform',
      AUDIT_CHAIN_KEY: TEST_AUDIT_CHAIN_KEY,
      AUDIT_SIGNING_KEY_FILE: testSigningKeyFile(),
    })
    expect(resolveAuditKeys(configured.audit, { dialect: 'postgres', file: null }, 'create').chain.keyId).toBe(KEY.keyId)
  })

  it('refuse a short key, a key file that is not there, both forms at once, and a signing key that is not Ed25519', () => {
    const folder = mkdtempSync(join(tmpdir(), 'audit-key-config-'))
    try {
      const rsa = join(folder, 'rsa.pem')
      writeFileSync(rsa, generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }))
      const short = join(folder, 'short.key')
      writeFileSync(short, 'too short\n')
      const problems = (env: Record<string, string>) => {
        try {
          loadConfig(env)
          return ''
        } catch (error) {
          return (error as Error).message
        }
      }
      expect(problems({ AUDIT_CHAIN_KEY: 'short' })).toContain('AUDIT_CHAIN_KEY: must be at least 32 characters')
      expect(problems({ AUDIT_CHAIN_KEY_FILE: short })).toContain('AUDIT_CHAIN_KEY_FILE: the file must hold at least 32 characters')
      expect(problems({ AUDIT_CHAIN_KEY_FILE: join(folder, 'missing') })).toContain('AUDIT_CHAIN_KEY_FILE: cannot be read (ENOENT)')
      expect(problems({ AUDIT_CHAIN_KEY: TEST_AUDIT_CHAIN_KEY, AUDIT_CHAIN_KEY_FILE: short })).toContain('set one of them, not both')
      expect(problems({ AUDIT_SIGNING_KEY_FILE: rsa })).toContain('AUDIT_SIGNING_KEY_FILE: must hold an Ed25519 private key')
      expect(problems({ AUDITOR_EMAILS: 'auditor@district.test, not an address' })).toContain('AUDITOR_EMAILS')
      expect(problems({ AUDIT_CHAIN_KEY: 'x'.repeat(32) })).not.toContain(TEST_AUDIT_CHAIN_KEY)
    } finally {
      rmSync(folder, { recursive: true, force: true })
    }
  })
})

describe('npm run audit:verify', () => {
  it('checks the chain with the key beside the SQLite file and every checkpoint, and exits 0 when it holds, 1 when it does not', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'audit-verify-'))
    const file = join(folder, 'platform.db')
    // Nothing configured: the embedded run keeps generated keys beside its database, readable by its owner only.
    const t = await buildTestApp({ dialect: 'sqlite', sqliteFile: file, env: { AUDIT_CHAIN_KEY: '', AUDIT_SIGNING_KEY_FILE: '' } })
    const cli = (...args: string[]) =>
      run('npm', ['run', '--silent', 'audit:verify', ...(args.length ? ['--', ...args] : [])], {
        cwd: ROOT,
        env: childEnvironment({
          DATABASE_URL: `sqlite:${file}`,
          AUDIT_CHAIN_KEY: '',
          AUDIT_SIGNING_KEY_FILE: '',
          AUDIT_CHAIN_KEY_FILE: '',
        }),
      }).then(
        (done) => ({ code: 0, stdout: done.stdout }),
        (error: { code: number; stdout: string }) => ({ code: error.code, stdout: error.stdout }),
      )
    try {
      const chainFile = join(folder, 'audit-chain.key')
      expect(statSync(chainFile).mode & 0o777).toBe(0o600)
      expect(statSync(join(folder, 'audit-signing-key.pem')).mode & 0o777).toBe(0o600)
      const key = chainKey(readFileSync(chainFile, 'utf8').trim())
      const token = await t.signIn('admin@example.org')
      const made = (await t.request({ method: 'POST', url: '/api/audit/checkpoints', token, payload: {} })).json().checkpoint
      const { publicKey } = (await t.request({ method: 'GET', url: '/api/audit/checkpoints', token })).json()
      const kept = join(folder, 'kept-by-the-auditor.json')
      writeFileSync(kept, JSON.stringify(fileOf(made, publicKey)))
      const publicKeyFile = join(folder, 'published-key.pem')
      writeFileSync(publicKeyFile, publicKey)

      const good = await cli('--checkpoint', kept, '--public-key', publicKeyFile)
      expect(good.code).toBe(0)
      expect(JSON.parse(good.stdout.split('\n')[0]!)).toMatchObject({ ok: true, checkpoints: { checked: 2, matching: 2 } })

      // Someone with the database and the chain key rewrites a row and every later HMAC, and empties the checkpoint log.
      const target = await t.db.kysely
        .selectFrom('audit_log')
        .select('audit_id')
        .where('action', '=', 'sign_in.success')
        .orderBy('audit_id')
        .executeTakeFirstOrThrow()
      await rewriteChain(t.db, target.audit_id, { ip: '10.6.6.6' }, (row) => keyedRowHash(key, row))
      await t.db.kysely.deleteFrom('audit_checkpoints').execute()
      expect((await cli()).code).toBe(0)
      // The checkpoint the auditor kept outside the platform still tells.
      const caught = await cli('--checkpoint', kept, '--public-key', publicKeyFile)
      expect(caught.code).toBe(1)
      expect(caught.stdout).toContain(`broken at or before row ${made.lastAuditId}`)

      // A checkpoint whose statement was edited: its signature is reported as forged.
      const forged = join(folder, 'forged.json')
      writeFileSync(forged, JSON.stringify({ ...fileOf(made, publicKey), signature: Buffer.alloc(64, 7).toString('base64') }))
      const bad = await cli('--checkpoint', forged)
      expect(bad.code).toBe(1)
      expect(bad.stdout).toContain('bad_signature')

      // Without the key, a row changed in place is found row by row.
      await t.db.kysely.updateTable('audit_log').set({ ip: '10.7.7.7' }).where('audit_id', '=', target.audit_id).execute()
      const broken = await cli()
      expect(broken.code).toBe(1)
      expect(broken.stdout).toContain(`broken at row ${target.audit_id}`)
    } finally {
      await t.close()
      rmSync(folder, { recursive: true, force: true })
    }
  }, 120_000)
})
