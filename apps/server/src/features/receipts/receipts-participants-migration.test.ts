import type { Kysely } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { cashFor, issue, receiptBody, setUpReceipts, step } from '../../../test/receipts.js'
import { testDialects } from '../../../test/test-database.js'
import * as migration from '../../db/migrations/0034-receipts-participants.js'

describe.each(testDialects())('migration 0034: the participants of records made before it (%s)', (dialect) => {
  let t: TestApp
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
  })
  afterEach(() => t.close())

  const parts = async () =>
    (
      await t.db.kysely
        .selectFrom('finance_participants')
        .select(['record_type', 'record_id', 'user_id', 'part', 'first_at'])
        .where('app_code', '=', 'PAYMENT_RECEIPTS')
        .execute()
    )
      .map((row) => `${row.record_type} ${row.record_id} ${row.part} by ${row.user_id} at ${row.first_at}`)
      .sort()

  it('fills in from the columns exactly the parts the steps record, and the version every deposit starts at', async () => {
    const setup = await setUpReceipts(t)
    const [collector, counter, approver, reconciler, other] = [
      await setup.person(['COLLECTOR']),
      await setup.person(['COUNTER']),
      await setup.person(['APPROVER']),
      await setup.person(['RECONCILER']),
      await setup.person(['RECONCILER']),
    ]
    const receipts = [
      await issue(t, collector.token, receiptBody(setup.siteId)),
      await issue(t, collector.token, receiptBody(setup.siteId)),
      await issue(t, collector.token, receiptBody(setup.siteId)),
    ]
    const deposit = (
      await t.request({
        method: 'POST',
        url: '/api/deposits',
        token: collector.token,
        payload: { siteId: setup.siteId, receiptIds: receipts.slice(0, 2).map((receipt) => receipt.id) },
      })
    ).json().data
    t.clock.advance(60_000)
    await t.request({
      method: 'POST',
      url: `/api/receipts/${receipts[2]!.id}/void`,
      token: approver.token,
      payload: { reason: 'Entered twice' },
    })
    t.clock.advance(60_000)
    expect((await step(t, counter.token, deposit.id, 'count', { cash: cashFor(5000), checks: [], bagNumber: 'B' })).statusCode).toBe(200)
    for (const [person, name, payload] of [
      [approver, 'approve', undefined],
      [approver, 'submit', undefined],
      [reconciler, 'confirm', { treasuryReference: 'CT', confirmedOn: '2026-03-02' }],
      [other, 'reconcile', { statementReference: 'S' }],
    ] as const) {
      t.clock.advance(60_000)
      expect((await step(t, person.token, deposit.id, name, payload)).statusCode).toBe(200)
    }
    const recorded = await parts()
    expect(recorded).toHaveLength(3 + 1 + 6)

    const db = t.db.kysely as unknown as Kysely<unknown>
    await migration.down(db)
    expect(await parts()).toEqual([])
    await migration.up(db)
    expect(await parts()).toEqual(recorded)
    expect(await t.db.kysely.selectFrom('receipt_deposits').select('version').execute()).toEqual([{ version: 1 }])
  })
})
