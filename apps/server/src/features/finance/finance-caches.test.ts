import { Writable } from 'node:stream'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { site } from '../../../test/finance.js'
import { type ReceiptsPerson, receiptBody, setUpReceipts } from '../../../test/receipts.js'
import { testDialects } from '../../../test/test-database.js'
import { buildApp } from '../../app.js'
import { openDatabase } from '../../db/database.js'
import { createOutboxTransport } from '../../lib/mail-transport.js'

// Sites and duties are kept in each instance's memory (app.ts): these tests hold them there, change them, and expect
// the very next call to see the change, on this instance at once and on another within 100 ms.

type Issue = (person: ReceiptsPerson, siteId: number) => Promise<{ statusCode: number; json(): { code?: string } }>

async function waitUntil(check: () => Promise<boolean>, limitMs: number): Promise<number> {
  const started = performance.now()
  while (!(await check())) {
    if (performance.now() - started > limitMs * 5) break
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  return performance.now() - started
}

describe.each(testDialects())('kept sites and duties never outlive a change (%s)', (dialect) => {
  let t: TestApp
  let setup: Awaited<ReturnType<typeof setUpReceipts>>
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
    setup = await setUpReceipts(t)
  })
  afterEach(() => t.close())

  const issue: Issue = (person, siteId) =>
    t.request({ method: 'POST', url: '/api/receipts', token: person.token, payload: receiptBody(siteId) })

  it('a duty taken away is refused on the next call, and one granted is honoured on the next call', async () => {
    const collector = await setup.person(['COLLECTOR'])
    expect((await issue(collector, setup.siteId)).statusCode).toBe(201)
    expect((await issue(collector, setup.siteId)).statusCode).toBe(201)
    await t.db.kysely.deleteFrom('finance_duties').where('user_id', '=', collector.userId).execute()
    const refused = await issue(collector, setup.siteId)
    expect(refused.statusCode).toBe(403)
    expect(refused.json().code).toBe('duty_required')
    await t.db.kysely
      .insertInto('finance_duties')
      .values({
        user_id: collector.userId,
        app_id: setup.appId,
        duty: 'COLLECTOR',
        site_id: null,
        granted_at: '2026-01-01T00:00:00.000Z',
        granted_by: null,
      })
      .execute()
    expect((await issue(collector, setup.otherSiteId)).statusCode).toBe(201)
  })

  it('a site made inactive through the API takes no receipt on the next call', async () => {
    const collector = await setup.person(['COLLECTOR'])
    expect((await issue(collector, setup.siteId)).statusCode).toBe(201)
    const changed = await t.request({
      method: 'PUT',
      url: `/api/finance/sites/${setup.siteId}`,
      token: setup.admin,
      payload: { ...site(), active: false },
    })
    expect(changed.statusCode).toBe(200)
    const refused = await issue(collector, setup.siteId)
    expect(refused.statusCode).toBe(422)
    expect(refused.json().code).toBe('site_inactive')
  })
})

const onPostgres = testDialects().includes('postgres')
describe.skipIf(!onPostgres)('kept sites and duties on two instances of one PostgreSQL database', () => {
  let t: TestApp
  let setup: Awaited<ReturnType<typeof setUpReceipts>>
  let close: () => Promise<void>
  let issueOnSecond: Issue

  beforeEach(async () => {
    t = await buildTestApp({ dialect: 'postgres' })
    setup = await setUpReceipts(t)
    const db = openDatabase({ kind: 'postgres', url: t.db.url! }, { searchPath: t.db.schema! })
    const quiet = new Writable({ write: (_chunk, _encoding, done) => done() })
    const { app } = await buildApp({ config: t.config, db, transport: createOutboxTransport(() => {}), clock: t.clock, logStream: quiet })
    await app.ready()
    issueOnSecond = (person, siteId) =>
      app.inject({
        method: 'POST',
        url: '/api/receipts',
        headers: { authorization: `Bearer ${person.token}` },
        payload: receiptBody(siteId),
      })
    close = async () => {
      await app.close()
      await db.close()
    }
  })
  afterEach(async () => {
    await close()
    await t.close()
  })

  it('a duty taken away and a site made inactive on one instance are refused by the other within 100 ms', async () => {
    const collector = await setup.person(['COLLECTOR'])
    const other = await setup.person(['COLLECTOR'])
    // Held by the second instance (its listener may still be connecting, during which it keeps nothing).
    await waitUntil(async () => (await issueOnSecond(collector, setup.siteId)).statusCode === 201, 2_000)
    expect((await issueOnSecond(collector, setup.siteId)).statusCode).toBe(201)
    expect((await issueOnSecond(other, setup.siteId)).statusCode).toBe(201)

    await t.db.kysely.deleteFrom('finance_duties').where('user_id', '=', collector.userId).execute()
    expect(await waitUntil(async () => (await issueOnSecond(collector, setup.siteId)).statusCode === 403, 100)).toBeLessThan(100)

    const changed = await t.request({
      method: 'PUT',
      url: `/api/finance/sites/${setup.siteId}`,
      token: setup.admin,
      payload: { ...site(), active: false },
    })
    expect(changed.statusCode).toBe(200)
    expect(await waitUntil(async () => (await issueOnSecond(other, setup.siteId)).json().code === 'site_inactive', 100)).toBeLessThan(100)
  })
})
