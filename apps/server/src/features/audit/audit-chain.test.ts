import { execFile } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { fileURLToPath } from 'node:url'
import { sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { childEnvironment, openSecondInstance, testDialects } from '../../../test/test-database.js'
import { createManualClock } from '../../lib/clock.js'
import { createAuditRepository } from './audit.repository.js'
import { createAuditService, verifyAuditChain } from './audit.service.js'

const run = promisify(execFile)
const ROOT = fileURLToPath(new URL('../../../../../', import.meta.url))

describe.each(testDialects())('the tamper-evident audit chain (%s)', (dialect) => {
  let t: TestApp
  let token: string
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
    token = await t.signIn('admin@example.org')
  })
  afterEach(() => t.close())

  const verify = async () => (await t.request({ method: 'GET', url: '/api/audit/verify', token })).json()

  it("starts at the migration's chain-start row and links every row after it", async () => {
    const rows = await t.db.kysely
      .selectFrom('audit_log')
      .select(['audit_id', 'action', 'prev_hash', 'row_hash'])
      .orderBy('audit_id')
      .execute()
    expect(rows[0]).toMatchObject({ action: 'audit.chain_started', prev_hash: '0'.repeat(64) })
    for (let i = 1; i < rows.length; i += 1) expect(rows[i]!.prev_hash).toBe(rows[i - 1]!.row_hash)
    const result = await verify()
    expect(result).toEqual({ ok: true, checked: rows.length, firstBrokenId: null, beforeChain: 0 })
  })

  it('names the first row that was changed or removed', async () => {
    const audit = createAuditService({ audit: createAuditRepository(t.db), clock: t.clock })
    for (let i = 0; i < 5; i += 1) await audit.record({ action: 'test.event', outcome: 'success', details: { i } })
    const events = await t.db.kysely
      .selectFrom('audit_log')
      .select('audit_id')
      .where('action', '=', 'test.event')
      .orderBy('audit_id')
      .execute()
    const third = events[2]!.audit_id
    await t.db.kysely
      .updateTable('audit_log')
      .set({ details: JSON.stringify({ i: 99 }) })
      .where('audit_id', '=', third)
      .execute()
    expect(await verify()).toMatchObject({ ok: false, firstBrokenId: third })
    await t.db.kysely
      .updateTable('audit_log')
      .set({ details: JSON.stringify({ i: 2 }) })
      .where('audit_id', '=', third)
      .execute()
    expect((await verify()).ok).toBe(true)
    // A removed row breaks the link of the row after it.
    await t.db.kysely.deleteFrom('audit_log').where('audit_id', '=', events[1]!.audit_id).execute()
    expect(await verify()).toMatchObject({ ok: false, firstBrokenId: third })
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
    expect(await verify()).toMatchObject({ ok: false, firstBrokenId: last.audit_id })
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
        createAuditService({ audit: createAuditRepository(t.db), clock }),
        createAuditService({ audit: createAuditRepository(second), clock }),
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
      const result = await verifyAuditChain(createAuditRepository(second))
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

  it.runIf(dialect === 'sqlite')(
    'npm run audit:verify checks the database of DATABASE_URL and fails on a broken chain',
    async () => {
      const folder = mkdtempSync(join(tmpdir(), 'audit-verify-'))
      const file = join(folder, 'platform.db')
      const onFile = await buildTestApp({ dialect: 'sqlite', sqliteFile: file })
      try {
        await onFile.signIn('admin@example.org')
        const env = childEnvironment({ DATABASE_URL: `sqlite:${file}` })
        const good = await run('npm', ['run', '--silent', 'audit:verify'], { cwd: ROOT, env })
        expect(JSON.parse(good.stdout.split('\n')[0]!)).toMatchObject({ ok: true, firstBrokenId: null })
        const target = await onFile.db.kysely
          .selectFrom('audit_log')
          .select('audit_id')
          .where('action', '<>', 'audit.chain_started')
          .orderBy('audit_id')
          .executeTakeFirstOrThrow()
        await sql`update audit_log set ip = '10.6.6.6' where audit_id = ${target.audit_id}`.execute(onFile.db.kysely)
        const bad = await run('npm', ['run', '--silent', 'audit:verify'], { cwd: ROOT, env }).then(
          () => null,
          (error: { code: number; stdout: string }) => error,
        )
        expect(bad?.code).toBe(1)
        expect(bad?.stdout).toContain(`broken at row ${target.audit_id}`)
      } finally {
        await onFile.close()
        rmSync(folder, { recursive: true, force: true })
      }
    },
    30_000,
  )
})
