import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { TEST_AUDIT_CHAIN_KEY, testAuditEnv } from '../../../test/audit-keys.js'
import { rewriteChain } from '../../../test/audit-tamper.js'
import { type TestApp, TEST_ADMIN_EMAIL, buildTestApp } from '../../../test/build-test-app.js'
import { openSecondInstance, testDialects } from '../../../test/test-database.js'
import { buildApp } from '../../app.js'
import { loadConfig } from '../../config.js'
import type { Db } from '../../db/database.js'
import { createManualClock } from '../../lib/clock.js'
import { createOutboxTransport } from '../../lib/mail-transport.js'
import { seedDatabase } from '../../seed.js'
import { createTestDatabase } from '../../../test/test-database.js'
import { auditRowHash, chainKey, keyedRowHash } from './audit-chain.js'
import { verifyAuditChain } from './audit-verify.js'
import { createAuditRepository } from './audit.repository.js'
import { createAuditService } from './audit.service.js'

const KEY = chainKey(TEST_AUDIT_CHAIN_KEY)

describe.each(testDialects())('the keyed audit chain (%s)', (dialect) => {
  let t: TestApp
  let token: string
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
    token = await t.signIn('admin@example.org')
  })
  afterEach(() => t.close())

  const verify = async () => (await t.request({ method: 'GET', url: '/api/audit/verify', token })).json()
  const events = async (n: number) => {
    const audit = createAuditService({ audit: createAuditRepository(t.db, KEY), clock: t.clock })
    for (let i = 0; i < n; i += 1) await audit.record({ action: 'test.event', outcome: 'success', details: { i } })
    return (
      await t.db.kysely.selectFrom('audit_log').select('audit_id').where('action', '=', 'test.event').orderBy('audit_id').execute()
    ).map((row) => row.audit_id)
  }

  it("starts at the migration's chain-start row, is keyed from the chain-keyed row on, and links every row", async () => {
    const rows = await t.db.kysely.selectFrom('audit_log').selectAll().orderBy('audit_id').execute()
    expect(rows[0]).toMatchObject({ action: 'audit.chain_started', prev_hash: '0'.repeat(64) })
    expect(rows[1]).toMatchObject({ action: 'audit.chain_keyed' })
    expect(JSON.parse(rows[1]!.details!)).toMatchObject({ keyId: KEY.keyId })
    // The start row carries the published SHA-256; every row from the chain-keyed one on, the HMAC under the key.
    expect(rows[0]!.row_hash).toBe(auditRowHash({ ...rows[0]!, prev_hash: rows[0]!.prev_hash! }))
    for (let i = 1; i < rows.length; i += 1) {
      expect(rows[i]!.prev_hash).toBe(rows[i - 1]!.row_hash)
      expect(rows[i]!.row_hash).toBe(keyedRowHash(KEY, { ...rows[i]!, prev_hash: rows[i]!.prev_hash! }))
    }
    const result = await verify()
    expect(result).toMatchObject({
      ok: true,
      checked: rows.length,
      firstBrokenId: null,
      beforeChain: 0,
      legacyRows: 1,
      keyedFromId: rows[1]!.audit_id,
      problem: null,
    })
    expect(result.message).toContain('The audit chain holds')
  })

  it('names the first row that was changed or removed', async () => {
    const ids = await events(5)
    const third = ids[2]!
    await t.db.kysely
      .updateTable('audit_log')
      .set({ details: JSON.stringify({ i: 99 }) })
      .where('audit_id', '=', third)
      .execute()
    expect(await verify()).toMatchObject({ ok: false, firstBrokenId: third, problem: 'row' })
    await t.db.kysely
      .updateTable('audit_log')
      .set({ details: JSON.stringify({ i: 2 }) })
      .where('audit_id', '=', third)
      .execute()
    expect((await verify()).ok).toBe(true)
    // A removed row breaks the link of the row after it.
    await t.db.kysely.deleteFrom('audit_log').where('audit_id', '=', ids[1]!).execute()
    expect(await verify()).toMatchObject({ ok: false, firstBrokenId: third })
  })

  it('detects a row rewritten with every later hash recomputed by the published SHA-256 formula', async () => {
    const ids = await events(5)
    await rewriteChain(t.db, ids[2]!, { details: JSON.stringify({ i: 'rewritten' }) }, auditRowHash)
    const result = await verify()
    expect(result).toMatchObject({ ok: false, firstBrokenId: ids[2], problem: 'row' })
    expect(result.message).toContain(`broken at row ${ids[2]}`)
  })

  it('detects a row rewritten with every later hash recomputed as an HMAC under a key that is not the chain key', async () => {
    const ids = await events(5)
    const guessed = chainKey('a key the attacker made up, 0123456789abcdef')
    await rewriteChain(t.db, ids[3]!, { ip: '10.6.6.6' }, (row) => keyedRowHash(guessed, row))
    expect(await verify()).toMatchObject({ ok: false, firstBrokenId: ids[3], problem: 'row' })
  })

  it('notices rows removed from the end, and reports rows before the chain without checking them', async () => {
    await t.db.kysely
      .insertInto('audit_log')
      .values({ audit_id: 0, occurred_at: '2020-01-01T00:00:00.000Z', action: 'old.event', outcome: 'success' } as never)
      .execute()
    const before = await verify()
    expect(before).toMatchObject({ ok: true, beforeChain: 1 })
    const last = await t.db.kysely.selectFrom('audit_log').select('audit_id').orderBy('audit_id', 'desc').executeTakeFirstOrThrow()
    await t.db.kysely.deleteFrom('audit_log').where('audit_id', '=', last.audit_id).execute()
    expect(await verify()).toMatchObject({ ok: false, firstBrokenId: last.audit_id, problem: 'head' })
  })

  it('tells a chain checked with another key from a broken one', async () => {
    const other = chainKey('not the chain key of this database, 0123456789')
    const result = await verifyAuditChain(createAuditRepository(t.db, other), { chain: other, trustedKey: null, checkpoints: [] })
    expect(result).toMatchObject({ ok: false, problem: 'wrong_key', firstBrokenId: null })
    expect(result.message).toContain(KEY.keyId)
  })

  it('refuses to start with a key other than the one the chain was keyed with, and starts again with the right one', async () => {
    const start = (key: string) =>
      buildApp({
        config: loadConfig({ ...testAuditEnv(), AUDIT_CHAIN_KEY: key, WEB_DIST_DIR: '/nonexistent-web-dist', LOG_LEVEL: 'silent' }),
        db: t.db,
        transport: createOutboxTransport(() => {}),
        clock: t.clock,
      })
    await expect(start('another key for the same database, 0123456789')).rejects.toThrow(
      /AUDIT_CHAIN_KEY.*keyed at row \d+ with the key of id/s,
    )
    const again = await start(TEST_AUDIT_CHAIN_KEY)
    await again.app.close()
    const keyedRows = await t.db.kysely.selectFrom('audit_log').select('audit_id').where('action', '=', 'audit.chain_keyed').execute()
    expect(keyedRows).toHaveLength(1)
  })

  it('is for super administrators only', async () => {
    const admin = await t.signIn((await t.createUser({ roleCode: 'ADMIN' })).email)
    expect((await t.request({ method: 'GET', url: '/api/audit/verify', token: admin })).statusCode).toBe(403)
  })

  it.runIf(dialect === 'postgres')('stays in order with two instances writing at once on one database', async () => {
    const second = openSecondInstance(t.db)
    try {
      const clock = createManualClock()
      const writers = [
        createAuditService({ audit: createAuditRepository(t.db, KEY), clock }),
        createAuditService({ audit: createAuditRepository(second, KEY), clock }),
      ]
      await Promise.all(
        writers.flatMap((writer, w) =>
          Array.from({ length: 60 }, (_, i) =>
            i % 10 === 0
              ? writer.recordMany([
                  { action: 'test.batch', outcome: 'success', details: { w, i } },
                  { action: 'test.batch', outcome: 'success', details: { w, i, n: 2 } },
                ])
              : writer.record({ action: 'test.concurrent', outcome: 'success', details: { w, i } }),
          ),
        ),
      )
      const result = await verifyAuditChain(createAuditRepository(second, KEY), { chain: KEY, trustedKey: null, checkpoints: [] })
      expect(result.ok).toBe(true)
      const written = await t.db.kysely
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('action', 'in', ['test.concurrent', 'test.batch'])
        .executeTakeFirstOrThrow()
      expect(Number(written.n)).toBe(2 * (54 + 12))
    } finally {
      await second.close()
    }
  })
})

describe.each(testDialects())('a chain written before it was keyed (%s)', (dialect) => {
  let db: Db
  afterEach(() => db.close())

  it('keeps its earlier rows verifiable with the published SHA-256, and reports them as such', async () => {
    const clock = createManualClock(new Date('2026-03-02T08:00:00.000Z'))
    db = await createTestDatabase(dialect)
    await seedDatabase(db, TEST_ADMIN_EMAIL, clock.now().toISOString())
    // Rows as the platform wrote them before decision 034: plain SHA-256, linked to the head.
    for (let i = 0; i < 3; i += 1) {
      const head = await db.kysely.selectFrom('audit_chain_head').selectAll().executeTakeFirstOrThrow()
      const row = {
        occurred_at: clock.now().toISOString(),
        action: 'old.event',
        outcome: 'success',
        details: JSON.stringify({ i }),
        prev_hash: head.last_hash,
      }
      const rowHash = auditRowHash(row)
      const { audit_id } = await db.kysely
        .insertInto('audit_log')
        .values({ ...row, row_hash: rowHash })
        .returning('audit_id')
        .executeTakeFirstOrThrow()
      await db.kysely.updateTable('audit_chain_head').set({ last_audit_id: audit_id, last_hash: rowHash }).execute()
    }
    const config = loadConfig({ ...testAuditEnv(), WEB_DIST_DIR: '/nonexistent-web-dist', LOG_LEVEL: 'silent' })
    const { app } = await buildApp({ config, db, transport: createOutboxTransport(() => {}), clock })
    await app.close()
    const check = () => verifyAuditChain(createAuditRepository(db, KEY), { chain: KEY, trustedKey: null, checkpoints: [] })
    const result = await check()
    const old = await db.kysely.selectFrom('audit_log').select('audit_id').where('action', '=', 'old.event').orderBy('audit_id').execute()
    expect(result).toMatchObject({ ok: true, legacyRows: 4, problem: null })
    expect(result.keyedFromId).toBeGreaterThan(old[2]!.audit_id)
    expect(result.message).toContain('4 written before the chain was keyed, checked with the published SHA-256')

    // Changed in place, an old row is found by its SHA-256; recomputed, the chain-keyed row's HMAC no longer holds.
    await db.kysely.updateTable('audit_log').set({ ip: '10.6.6.6' }).where('audit_id', '=', old[1]!.audit_id).execute()
    const changed = await check()
    expect(changed).toMatchObject({ ok: false, firstBrokenId: old[1]!.audit_id, problem: 'row' })
    expect(changed.message).toContain('written before the chain was keyed')
    await rewriteChain(db, old[1]!.audit_id, { ip: '10.6.6.6' }, auditRowHash)
    expect(await check()).toMatchObject({ ok: false, firstBrokenId: result.keyedFromId, problem: 'row' })
  })
})
