import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fillIn } from '../../db/migrations/0036-accruals-participants.js'
import { REVENUE, accrualBody, approved, draft, reviewTeam, setUpAccruals, stepOk } from '../../../test/accruals.js'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { testDialects } from '../../../test/test-database.js'

/**
 * Migration 0036 on requests made before it: their participants, holders, the open amount of each liquidation, the
 * cycle's fixed dates and each posted journal as issued are filled in from what the requests, versions, journals and
 * audit rows already say, the same as the steps write them now.
 */
describe.each(testDialects())('accruals: migration 0036 fills in what earlier requests say (%s)', (dialect) => {
  let t: TestApp
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
    t.clock.set(new Date('2026-07-30T17:00:00.000Z'))
  })
  afterEach(() => t.close())

  it('participants, holders, liquidations, fixed dates and the journal as issued come back the same', async () => {
    const setup = await setUpAccruals(t)
    const team = await reviewTeam(setup)
    const reverse = await approved(t, setup, team)
    const receivable = await approved(t, setup, team, {
      type: 'RECEIVABLE',
      clearing: 'PAY_AGAINST',
      forGoods: false,
      receivedOn: null,
      vendor: 'State of California',
      poNumber: null,
      invoiceNumber: null,
      amountCents: 70_001,
      lines: [
        { account: REVENUE, amountCents: 70_000 },
        { account: REVENUE, amountCents: 1 },
      ],
    })
    const { id: returned } = await draft(
      t,
      team.requester.token,
      accrualBody(setup.cycleId, setup.siteId, { vendor: 'Returned', poNumber: null }),
    )
    await stepOk(t, team.requester.token, returned, 'submit')
    await stepOk(t, team.siteApprover.token, returned, 'return', { reason: 'Attach the invoice' })
    const edited = await t.request({
      method: 'PUT',
      url: `/api/accruals/${returned}`,
      token: team.requester.token,
      payload: accrualBody(setup.cycleId, setup.siteId, { vendor: 'Returned', poNumber: null, description: 'With the invoice' }),
    })
    expect(edited.statusCode).toBe(200)
    const journal = await t.request({ method: 'POST', url: `/api/accrual-cycles/${setup.cycleId}/journal`, token: setup.controller.token })
    const reference = journal.headers['x-journal-reference'] as string
    const controller = await setup.person(['CONTROLLER'])
    const paid = await t.request({
      method: 'POST',
      url: `/api/accruals/${reverse}/liquidations`,
      token: controller.token,
      payload: { paidOn: '2026-07-20', reference: 'W1', amountCents: 200_000, varianceReason: 'Part of the bill' },
    })
    expect(paid.statusCode).toBe(201)
    void receivable

    const k = t.db.kysely
    const snapshot = async () => ({
      parts: (
        await k
          .selectFrom('finance_participants')
          .select(['record_id', 'user_id', 'part'])
          .where('app_code', '=', 'ACCRUALS')
          .orderBy('record_id')
          .orderBy('user_id')
          .orderBy('part')
          .execute()
      ).map((row) => `${row.record_id}:${row.user_id}:${row.part}`),
      holders: await k.selectFrom('accruals').select(['accrual_id', 'holder_id']).orderBy('accrual_id').execute(),
      expected: await k.selectFrom('accrual_liquidations').select(['liquidation_id', 'expected_cents']).execute(),
      fixed: (await k.selectFrom('accrual_cycles').select('journal_posted_at').executeTakeFirstOrThrow()).journal_posted_at,
      download: (
        await t.request({ method: 'GET', url: `/api/accrual-cycles/${setup.cycleId}/journals/${reference}`, token: setup.controller.token })
      ).body,
    })
    const before = await snapshot()
    expect(before.download).toBe(journal.body)

    // The requests as they stood before the migration: none of what it adds.
    await k.deleteFrom('finance_participants').where('app_code', '=', 'ACCRUALS').execute()
    await k.updateTable('accruals').set({ holder_id: null }).execute()
    await k.updateTable('accrual_liquidations').set({ expected_cents: null }).execute()
    await k.updateTable('accrual_cycles').set({ journal_posted_at: null }).execute()
    await k.deleteFrom('accrual_journal_lines').execute()
    await fillIn(k as unknown as Parameters<typeof fillIn>[0])

    const after = await snapshot()
    expect(after.parts).toEqual(before.parts)
    expect(after.holders).toEqual(before.holders)
    expect(after.expected.map((row) => Number(row.expected_cents))).toEqual([250_000])
    expect(after.fixed).not.toBeNull()
    expect(after.download).toBe(before.download)
    expect(before.parts).toContain(`${returned}:${team.siteApprover.userId}:returned`)
  })
})
