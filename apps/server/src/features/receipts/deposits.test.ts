import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { CAFETERIA, GENERAL, type ReceiptsPerson, cashFor, issue, receiptBody, setUpReceipts, step } from '../../../test/receipts.js'
import { testDialects } from '../../../test/test-database.js'

describe.each(testDialects())('deposits and the duty table (%s)', (dialect) => {
  let t: TestApp
  let setup: Awaited<ReturnType<typeof setUpReceipts>>
  let collector: ReceiptsPerson
  let counter: ReceiptsPerson
  let approver: ReceiptsPerson
  let reconciler: ReceiptsPerson
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
    setup = await setUpReceipts(t)
    collector = await setup.person(['COLLECTOR'])
    counter = await setup.person(['COUNTER'])
    approver = await setup.person(['APPROVER'])
    reconciler = await setup.person(['RECONCILER'])
  })
  afterEach(() => t.close())

  const refusals = () =>
    t.db.kysely
      .selectFrom('audit_log')
      .select(['actor_user_id', 'target_id', 'details'])
      .where('action', '=', 'finance.separation_refused')
      .orderBy('audit_id')
      .execute()

  /** Three receipts at the site: cash $25, a check $100.50 split over two funds, cash $10. */
  async function gathered(by = collector) {
    const cash = await issue(t, by.token, receiptBody(setup.siteId))
    const check = await issue(
      t,
      by.token,
      receiptBody(setup.siteId, {
        tender: 'CHECK',
        checkNumber: '1042',
        amountCents: 10050,
        lines: [
          { account: GENERAL, amountCents: 10000 },
          { account: CAFETERIA, amountCents: 50 },
        ],
      }),
    )
    const more = await issue(
      t,
      by.token,
      receiptBody(setup.siteId, { amountCents: 1000, lines: [{ account: GENERAL, amountCents: 1000 }] }),
    )
    const answer = await t.request({
      method: 'POST',
      url: '/api/deposits',
      token: by.token,
      payload: { siteId: setup.siteId, receiptIds: [cash.id, check.id, more.id] },
    })
    expect(answer.statusCode).toBe(201)
    return { deposit: answer.json().data, cash, check, more }
  }
  const exactCount = (checkId: number, extra = 0) => ({
    cash: cashFor(3500 + extra),
    checks: [{ receiptId: checkId, amountCents: 10050 }],
    bagNumber: 'B-77',
    note: null,
  })

  it('runs a deposit through every state, each step by its duty, and writes its history', async () => {
    const { deposit, check } = await gathered()
    expect(deposit).toMatchObject({
      state: 'OPEN',
      amountCents: 13550,
      receiptCount: 3,
      label: expect.stringMatching(/^LHS-2025-26-D\d{4}$/),
    })
    expect(deposit.receipts.map((receipt: { state: string }) => receipt.state)).toEqual(['DEPOSITED', 'DEPOSITED', 'DEPOSITED'])

    // The counter sees the checks to list but no amount before saving the count.
    const blind = (await t.request({ method: 'GET', url: `/api/deposits/${deposit.id}`, token: counter.token })).json().data
    expect(blind).toMatchObject({ amountCents: null, overShortCents: null, actions: { count: true, approve: false } })
    expect(blind.receipts.every((receipt: { amountCents: number | null }) => receipt.amountCents === null)).toBe(true)
    expect(blind.checksToCount).toEqual([{ receiptId: check.id, number: check.number, checkNumber: '1042' }])
    expect((await t.request({ method: 'GET', url: '/api/deposits', token: counter.token })).json().data[0].amountCents).toBeNull()

    const counted = await step(t, counter.token, deposit.id, 'count', exactCount(check.id))
    expect(counted.statusCode).toBe(200)
    expect(counted.json().data).toMatchObject({
      state: 'COUNTED',
      amountCents: 13550,
      countedCents: 13550,
      overShortCents: 0,
      bagNumber: 'B-77',
    })
    expect((await step(t, approver.token, deposit.id, 'approve')).json().data.state).toBe('APPROVED')
    const slip = await t.request({ method: 'GET', url: `/api/deposits/${deposit.id}/slip`, token: approver.token })
    expect(slip.statusCode).toBe(200)
    expect(slip.rawPayload.subarray(0, 5).toString()).toBe('%PDF-')
    expect((await step(t, approver.token, deposit.id, 'submit')).json().data.state).toBe('SUBMITTED')
    expect(
      (await step(t, reconciler.token, deposit.id, 'confirm', { treasuryReference: 'CT-2026-0412', confirmedOn: '2026-03-02' })).json()
        .data,
    ).toMatchObject({ state: 'CONFIRMED', treasuryReference: 'CT-2026-0412', confirmedOn: '2026-03-02' })
    const done = await step(t, reconciler.token, deposit.id, 'reconcile', { statementReference: 'Statement March 2026' })
    expect(done.json().data.state).toBe('RECONCILED')
    expect(done.json().data.history.map((entry: { action: string }) => entry.action)).toEqual([
      'receipts.deposit_gathered',
      'receipts.deposit_counted',
      'receipts.deposit_approved',
      'receipts.deposit_submitted',
      'receipts.deposit_confirmed',
      'receipts.deposit_reconciled',
    ])
  })

  it('an over or short count needs a note, without telling the counter by how much', async () => {
    const { deposit, check } = await gathered()
    const short = { ...exactCount(check.id, -500) }
    const refused = await step(t, counter.token, deposit.id, 'count', short)
    expect(refused.statusCode).toBe(400)
    expect(refused.json().code).toBe('note_required')
    expect(refused.json().error).not.toMatch(/\$|500|13550|135\.50/)
    const saved = await step(t, counter.token, deposit.id, 'count', { ...short, note: 'Counted twice; $5 bill missing' })
    expect(saved.json().data).toMatchObject({ state: 'COUNTED', overShortCents: -500, countedCents: 13050 })
    // The approver sees the count and the shortage.
    expect((await t.request({ method: 'GET', url: `/api/deposits/${deposit.id}`, token: approver.token })).json().data).toMatchObject({
      overShortCents: -500,
      countNote: 'Counted twice; $5 bill missing',
      actions: { approve: true },
    })
  })

  it('refuses bad deposits: another site, already in a deposit, unknown, void, duplicates; nothing half-written', async () => {
    const { cash } = await gathered()
    const fresh = await issue(t, collector.token, receiptBody(setup.siteId))
    const otherCollector = await setup.person(['COLLECTOR'], [setup.otherSiteId])
    const elsewhere = await issue(t, otherCollector.token, receiptBody(setup.otherSiteId))
    const post = (receiptIds: number[], siteId = setup.siteId) =>
      t.request({ method: 'POST', url: '/api/deposits', token: collector.token, payload: { siteId, receiptIds } })
    expect((await post([fresh.id, elsewhere.id])).json()).toMatchObject({ code: 'receipt_of_another_site' })
    const again = await post([fresh.id, cash.id])
    expect(again.statusCode).toBe(422)
    expect(again.json().error).toContain(`${cash.number} is already in deposit`)
    expect((await post([fresh.id, 999999])).json().code).toBe('unknown_receipt')
    expect((await post([fresh.id, fresh.id])).statusCode).toBe(400)
    expect((await post([])).statusCode).toBe(400)
    expect((await post([fresh.id], setup.otherSiteId)).json().code).toBe('duty_required')
    // The fresh receipt was never moved by the refused attempts.
    expect((await t.request({ method: 'GET', url: `/api/receipts/${fresh.id}`, token: collector.token })).json().data).toMatchObject({
      state: 'ISSUED',
      depositId: null,
    })
    expect(await t.db.kysely.selectFrom('receipt_deposits').select('deposit_id').execute()).toHaveLength(1)
  })

  it('two collectors gathering the same receipts at once: one deposit wins whole, the other changes nothing', async () => {
    const receipts = await Promise.all([1, 2, 3].map(() => issue(t, collector.token, receiptBody(setup.siteId))))
    const second = await setup.person(['COLLECTOR'])
    const answers = await Promise.all(
      [collector, second].map((person) =>
        t.request({
          method: 'POST',
          url: '/api/deposits',
          token: person.token,
          payload: { siteId: setup.siteId, receiptIds: receipts.map((r) => r.id) },
        }),
      ),
    )
    const [won, lost] = [...answers].sort((a, b) => a.statusCode - b.statusCode)
    expect(won!.statusCode).toBe(201)
    // The loser is refused either before its transaction (already gathered) or inside it (moved meanwhile).
    expect([409, 422]).toContain(lost!.statusCode)
    expect(lost!.json().code).toBe('receipt_not_available')
    const deposits = await t.db.kysely.selectFrom('receipt_deposits').select('deposit_id').execute()
    expect(deposits).toHaveLength(1)
    const holders = await t.db.kysely.selectFrom('receipts').select('deposit_id').distinct().execute()
    expect(holders).toEqual([{ deposit_id: deposits[0]!.deposit_id }])
  })

  describe('the duty table, cell by cell', () => {
    it('count: COUNTER only, never a collector of any receipt in it nor whoever gathered it (422 with an audit row)', async () => {
      const { deposit, check } = await gathered()
      expect((await step(t, approver.token, deposit.id, 'count', exactCount(check.id))).json().code).toBe('duty_required')
      // Someone granted both duties directly in the database (User Management refuses the pair), who collected a receipt in it.
      const both = await setup.person(['COLLECTOR'])
      const theirs = await issue(t, both.token, receiptBody(setup.siteId))
      await t.db.kysely
        .insertInto('finance_duties')
        .values({
          user_id: both.userId,
          app_id: setup.appId,
          duty: 'COUNTER',
          site_id: setup.siteId,
          granted_at: '2026-01-01T00:00:00.000Z',
          granted_by: null,
        })
        .execute()
      const mixed = (
        await t.request({
          method: 'POST',
          url: '/api/deposits',
          token: both.token,
          payload: { siteId: setup.siteId, receiptIds: [theirs.id] },
        })
      ).json().data
      const refused = await step(t, both.token, mixed.id, 'count', { cash: cashFor(2500), checks: [], bagNumber: 'B-1' })
      expect(refused.statusCode).toBe(422)
      expect(refused.json().error).toContain(
        `You gathered and collected deposit ${mixed.label}, so another person with the Counter duty must count it.`,
      )
      expect((await refusals()).at(-1)).toMatchObject({ actor_user_id: both.userId, target_id: mixed.label })
      expect((await step(t, counter.token, deposit.id, 'count', exactCount(check.id))).statusCode).toBe(200)
      expect((await step(t, counter.token, deposit.id, 'count', exactCount(check.id))).json().code).toBe('already_done')
    })

    it('approve: APPROVER only, not a collector, not the counter; a second approval is refused', async () => {
      const collectorApprover = await setup.person(['COLLECTOR', 'APPROVER'])
      const { deposit, check } = await gathered(collectorApprover)
      expect((await step(t, approver.token, deposit.id, 'approve')).json().code).toBe('wrong_state')
      await step(t, counter.token, deposit.id, 'count', exactCount(check.id))
      await t.db.kysely
        .insertInto('finance_duties')
        .values({
          user_id: counter.userId,
          app_id: setup.appId,
          duty: 'APPROVER',
          site_id: setup.siteId,
          granted_at: '2026-01-01T00:00:00.000Z',
          granted_by: null,
        })
        .execute()
      expect((await step(t, collector.token, deposit.id, 'approve')).json().code).toBe('duty_required')
      const byCollector = await step(t, collectorApprover.token, deposit.id, 'approve')
      expect(byCollector.statusCode).toBe(422)
      expect(byCollector.json().error).toContain('You gathered and collected deposit')
      const byCounter = await step(t, counter.token, deposit.id, 'approve')
      expect(byCounter.statusCode).toBe(422)
      expect(byCounter.json().error).toContain(`You counted deposit ${deposit.label}, so another person with the Approver duty`)
      expect((await refusals()).map((row) => row.actor_user_id)).toEqual([collectorApprover.userId, counter.userId])
      expect((await step(t, approver.token, deposit.id, 'approve')).statusCode).toBe(200)
      const second = await step(t, approver.token, deposit.id, 'approve')
      expect(second.statusCode).toBe(409)
      expect(second.json().code).toBe('already_done')
    })

    it('submit: APPROVER (even the one who approved); others refused', async () => {
      const { deposit, check } = await gathered()
      await step(t, counter.token, deposit.id, 'count', exactCount(check.id))
      await step(t, approver.token, deposit.id, 'approve')
      expect((await step(t, reconciler.token, deposit.id, 'submit')).json().code).toBe('duty_required')
      expect((await step(t, approver.token, deposit.id, 'submit')).statusCode).toBe(200)
    })

    it('confirm: RECONCILER, not a collector or the counter, and only with a treasury reference', async () => {
      const collectorReconciler = await setup.person(['COLLECTOR', 'RECONCILER'])
      const { deposit, check } = await gathered(collectorReconciler)
      await step(t, counter.token, deposit.id, 'count', exactCount(check.id))
      await step(t, approver.token, deposit.id, 'approve')
      await step(t, approver.token, deposit.id, 'submit')
      const confirmation = { treasuryReference: 'CT-1', confirmedOn: '2026-03-02' }
      expect((await step(t, approver.token, deposit.id, 'confirm', confirmation)).json().code).toBe('duty_required')
      expect((await step(t, reconciler.token, deposit.id, 'confirm', { confirmedOn: '2026-03-02' })).json().error).toContain(
        'Enter the treasury’s reference for the deposit (treasuryReference).',
      )
      expect(
        (await step(t, reconciler.token, deposit.id, 'confirm', { treasuryReference: ' ', confirmedOn: '2026-03-02' })).statusCode,
      ).toBe(400)
      expect(
        (await step(t, reconciler.token, deposit.id, 'confirm', { treasuryReference: 'CT-1', confirmedOn: 'March 3' })).statusCode,
      ).toBe(400)
      expect((await step(t, collectorReconciler.token, deposit.id, 'confirm', confirmation)).statusCode).toBe(422)
      expect((await step(t, reconciler.token, deposit.id, 'confirm', confirmation)).statusCode).toBe(200)
    })

    it('reconcile: RECONCILER, not a collector, the counter or the approver', async () => {
      const { deposit, check } = await gathered()
      const approverReconciler = await setup.person(['APPROVER', 'RECONCILER'])
      await step(t, counter.token, deposit.id, 'count', exactCount(check.id))
      await step(t, approverReconciler.token, deposit.id, 'approve')
      await step(t, approver.token, deposit.id, 'submit')
      await step(t, reconciler.token, deposit.id, 'confirm', { treasuryReference: 'CT-1', confirmedOn: '2026-03-02' })
      expect((await step(t, collector.token, deposit.id, 'reconcile', { statementReference: 'S-1' })).json().code).toBe('duty_required')
      const refused = await step(t, approverReconciler.token, deposit.id, 'reconcile', { statementReference: 'S-1' })
      expect(refused.statusCode).toBe(422)
      expect(refused.json().error).toContain(`You approved deposit ${deposit.label}, so another person with the Reconciler duty`)
      expect((await step(t, reconciler.token, deposit.id, 'reconcile', { statementReference: 'S-1' })).statusCode).toBe(200)
    })

    it("a super administrator's exception lets one conflicting person take one step once", async () => {
      const collectorApprover = await setup.person(['COLLECTOR', 'APPROVER'])
      const { deposit, check } = await gathered(collectorApprover)
      await step(t, counter.token, deposit.id, 'count', exactCount(check.id))
      const recorded = await t.request({
        method: 'POST',
        url: '/api/finance/exceptions',
        token: setup.admin,
        payload: {
          appId: setup.appId,
          recordId: deposit.label,
          step: 'approve',
          userId: collectorApprover.userId,
          reason: 'Only one trained approver at the site this week',
        },
      })
      expect(recorded.statusCode).toBe(201)
      expect((await step(t, collectorApprover.token, deposit.id, 'approve')).statusCode).toBe(200)
      const exceptions = (await t.request({ method: 'GET', url: '/api/receipts/exceptions', token: approver.token })).json().data
      expect(exceptions.map((row: { kind: string }) => row.kind)).toContain('SEPARATION_EXCEPTION')
    })

    it('view: any duty at the site or VIEWER; administrators everywhere; others not found', async () => {
      const { deposit } = await gathered()
      const viewer = await setup.person(['VIEWER'])
      const outsider = await setup.person(['VIEWER'], [setup.otherSiteId])
      expect((await t.request({ method: 'GET', url: `/api/deposits/${deposit.id}`, token: viewer.token })).json().data).toMatchObject({
        amountCents: 13550,
        actions: { count: false, approve: false, submit: false, confirm: false, reconcile: false },
      })
      expect((await t.request({ method: 'GET', url: `/api/deposits/${deposit.id}`, token: setup.admin })).statusCode).toBe(200)
      expect((await t.request({ method: 'GET', url: `/api/deposits/${deposit.id}`, token: outsider.token })).statusCode).toBe(404)
      expect((await t.request({ method: 'GET', url: '/api/deposits', token: outsider.token })).json().data).toEqual([])
      // Administrators read but do not act without a duty.
      expect((await step(t, setup.admin, deposit.id, 'count', { cash: [], checks: [], bagNumber: 'B' })).json().code).toBe('duty_required')
    })
  })

  it('voids only while the deposit is open: a void takes the receipt out and lowers the expected total', async () => {
    const { deposit, cash, check } = await gathered()
    const voided = await t.request({
      method: 'POST',
      url: `/api/receipts/${cash.id}/void`,
      token: approver.token,
      payload: { reason: 'Payer paid twice' },
    })
    expect(voided.json().data).toMatchObject({ state: 'VOIDED', depositId: null })
    const after = (await t.request({ method: 'GET', url: `/api/deposits/${deposit.id}`, token: approver.token })).json().data
    expect(after).toMatchObject({ amountCents: 11050, receiptCount: 2 })
    await step(t, counter.token, deposit.id, 'count', {
      cash: cashFor(1000),
      checks: [{ receiptId: check.id, amountCents: 10050 }],
      bagNumber: 'B-1',
    })
    // Once counted, the count was made against these receipts: a void would leave it counted against another total.
    const late = await t.request({
      method: 'POST',
      url: `/api/receipts/${check.id}/void`,
      token: approver.token,
      payload: { reason: 'Too late for this' },
    })
    expect(late.statusCode).toBe(422)
    expect(late.json()).toMatchObject({ code: 'deposit_counted' })
    expect(late.json().error).toContain('a receipt is voided only while its deposit is open')
    await step(t, approver.token, deposit.id, 'approve')
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/receipts/${check.id}/void`,
          token: approver.token,
          payload: { reason: 'Too late for this' },
        })
      ).json().code,
    ).toBe('deposit_counted')
  })

  it('a returned check: RECONCILER, not its collector, only after confirmation; a negative correction with the same accounts', async () => {
    const { deposit, check, cash } = await gathered()
    const returned = (token: string, id = check.id) =>
      t.request({ method: 'POST', url: `/api/receipts/${id}/returned-check`, token, payload: { reason: 'NSF, returned by the bank' } })
    expect((await returned(reconciler.token)).json().code).toBe('not_confirmed')
    await step(t, counter.token, deposit.id, 'count', exactCount(check.id))
    await step(t, approver.token, deposit.id, 'approve')
    await step(t, approver.token, deposit.id, 'submit')
    await step(t, reconciler.token, deposit.id, 'confirm', { treasuryReference: 'CT-1', confirmedOn: '2026-03-02' })
    expect((await returned(approver.token)).json().code).toBe('duty_required')
    expect((await returned(reconciler.token, cash.id)).json().code).toBe('not_a_check')
    const collectorReconciler = await setup.person(['RECONCILER'])
    await t.db.kysely.updateTable('receipts').set({ collector_id: collectorReconciler.userId }).where('receipt_id', '=', check.id).execute()
    expect((await returned(collectorReconciler.token)).statusCode).toBe(422)
    const recorded = await returned(reconciler.token)
    expect(recorded.statusCode).toBe(200)
    expect(recorded.json().data).toMatchObject({
      state: 'RETURNED',
      correction: {
        kind: 'RETURNED_CHECK',
        amountCents: -10050,
        lines: [
          { account: GENERAL, amountCents: -10000 },
          { account: CAFETERIA, amountCents: -50 },
        ],
      },
    })
    expect((await returned(reconciler.token)).statusCode).toBe(409)
    const list = (
      await t.request({ method: 'GET', url: `/api/receipts/returned-checks?siteId=${setup.siteId}`, token: collector.token })
    ).json().data
    expect(list).toEqual([
      expect.objectContaining({ receiptId: check.id, amountCents: -10050, reason: 'NSF, returned by the bank', checkNumber: '1042' }),
    ])
  })
})
