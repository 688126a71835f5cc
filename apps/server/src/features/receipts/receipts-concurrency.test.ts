import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { buildApp } from '../../app.js'
import { createOutboxTransport } from '../../lib/mail-transport.js'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { receiptBody, setUpReceipts } from '../../../test/receipts.js'
import { openSecondInstance, testDialects } from '../../../test/test-database.js'

/** Every number of the site's year, in order: they must run 1..n with no gap and no repeat. */
async function sequences(t: TestApp, siteId: number) {
  const rows = await t.db.kysely
    .selectFrom('receipts')
    .select(['sequence', 'number'])
    .where('site_id', '=', siteId)
    .orderBy('sequence')
    .execute()
  return rows
}

describe.each(testDialects())('receipt numbers under concurrent issuing (%s)', (dialect) => {
  let t: TestApp
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
  })
  afterEach(() => t.close())

  it('60 receipts issued at once get 60 distinct numbers with no gap, each with its audit row', async () => {
    const setup = await setUpReceipts(t)
    const collectors = await Promise.all([1, 2, 3].map(() => setup.person(['COLLECTOR'])))
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, index) =>
        t.request({
          method: 'POST',
          url: '/api/receipts',
          token: collectors[index % 3]!.token,
          payload: receiptBody(setup.siteId, { payer: `Payer ${index}` }),
        }),
      ),
    )
    expect(answers.map((answer) => answer.statusCode)).toEqual(Array(60).fill(201))
    const numbers = answers.map((answer) => answer.json().data.number as string)
    expect(new Set(numbers).size).toBe(60)
    const rows = await sequences(t, setup.siteId)
    expect(rows.map((row) => row.sequence)).toEqual(Array.from({ length: 60 }, (_, index) => index + 1))
    expect(rows.at(-1)!.number).toBe('LHS-2025-26-000060')
    const audited = await t.db.kysely.selectFrom('audit_log').select('target_id').where('action', '=', 'receipts.issued').execute()
    expect(audited).toHaveLength(60)
    const register = await t.request({
      method: 'GET',
      url: `/api/receipts/register?siteId=${setup.siteId}&fiscalYear=2025-26`,
      token: setup.admin,
    })
    expect(register.json().data).toMatchObject({ lastSequence: 60, gaps: [] })
  })

  it.runIf(dialect === 'postgres')('two app instances on one database issue at once and share one gapless sequence', async () => {
    const setup = await setUpReceipts(t)
    const collector = await setup.person(['COLLECTOR'])
    const secondDb = openSecondInstance(t.db)
    const transport = createOutboxTransport(() => {})
    const second = await buildApp({ config: t.config, db: secondDb, transport, clock: t.clock })
    await second.app.ready()
    try {
      const send = (which: 'first' | 'second', index: number) => {
        const options = {
          method: 'POST' as const,
          url: '/api/receipts',
          headers: { authorization: `Bearer ${collector.token}` },
          payload: receiptBody(setup.siteId, { payer: `Payer ${index}` }),
        }
        return which === 'first' ? t.app.inject(options) : second.app.inject(options)
      }
      const answers = await Promise.all(Array.from({ length: 60 }, (_, index) => send(index % 2 === 0 ? 'first' : 'second', index)))
      expect(answers.map((answer) => answer.statusCode)).toEqual(Array(60).fill(201))
      expect(new Set(answers.map((answer) => answer.json().data.number)).size).toBe(60)
      expect((await sequences(t, setup.siteId)).map((row) => row.sequence)).toEqual(Array.from({ length: 60 }, (_, index) => index + 1))
      const verify = await t.request({ method: 'GET', url: '/api/audit/verify', token: setup.admin })
      expect(verify.json()).toMatchObject({ ok: true })
    } finally {
      await second.app.close()
      transport.close()
      await secondDb.close()
    }
  })
})
