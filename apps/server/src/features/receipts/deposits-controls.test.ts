import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { type ReceiptsPerson, cashFor, issue, receiptBody, setUpReceipts, step } from '../../../test/receipts.js'
import { testDialects } from '../../../test/test-database.js'

describe.each(testDialects())('deposits: participants, the one duty table, exceptions and versions (%s)', (dialect) => {
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

  /** A duty User Management would refuse beside another (COLLECTOR with COUNTER), granted straight in the database. */
  const grant = (person: ReceiptsPerson, duty: string) =>
    t.db.kysely
      .insertInto('finance_duties')
      .values({
        user_id: person.userId,
        app_id: setup.appId,
        duty,
        site_id: setup.siteId,
        granted_at: '2026-01-01T00:00:00.000Z',
        granted_by: null,
      })
      .execute()

  async function gather(by: ReceiptsPerson, receiptIds: number[]) {
    const answer = await t.request({ method: 'POST', url: '/api/deposits', token: by.token, payload: { siteId: setup.siteId, receiptIds } })
    expect(answer.statusCode, answer.body).toBe(201)
    return answer.json().data as { id: number; label: string; version: number }
  }
  const detail = async (id: number, person: ReceiptsPerson) =>
    (await t.request({ method: 'GET', url: `/api/deposits/${id}`, token: person.token })).json().data
  const parts = async (recordType: string, recordId: number) =>
    (
      await t.db.kysely
        .selectFrom('finance_participants')
        .select(['user_id', 'part'])
        .where('app_code', '=', 'PAYMENT_RECEIPTS')
        .where('record_type', '=', recordType)
        .where('record_id', '=', String(recordId))
        .orderBy('first_at')
        .orderBy('part')
        .execute()
    ).map((row) => `${row.part}:${row.user_id}`)

  it('records every part in its step: collected, gathered, counted, approved, submitted, confirmed, reconciled', async () => {
    const receipt = await issue(t, collector.token, receiptBody(setup.siteId))
    const gatherer = await setup.person(['COLLECTOR'])
    const deposit = await gather(gatherer, [receipt.id])
    expect((await step(t, counter.token, deposit.id, 'count', { cash: cashFor(2500), checks: [], bagNumber: 'B' })).statusCode).toBe(200)
    expect((await step(t, approver.token, deposit.id, 'approve')).statusCode).toBe(200)
    expect((await step(t, approver.token, deposit.id, 'submit')).statusCode).toBe(200)
    expect(
      (await step(t, reconciler.token, deposit.id, 'confirm', { treasuryReference: 'CT', confirmedOn: '2026-03-02' })).statusCode,
    ).toBe(200)
    const other = await setup.person(['RECONCILER'])
    expect((await step(t, other.token, deposit.id, 'reconcile', { statementReference: 'S' })).statusCode).toBe(200)
    expect(await parts('receipt', receipt.id)).toEqual([`collected:${collector.userId}`])
    // The test's clock stands still: the parts are compared without their order.
    expect((await parts('deposit', deposit.id)).sort()).toEqual(
      [
        `gathered:${gatherer.userId}`,
        `counted:${counter.userId}`,
        `approved:${approver.userId}`,
        `submitted:${approver.userId}`,
        `confirmed:${reconciler.userId}`,
        `reconciled:${other.userId}`,
      ].sort(),
    )
    // The gather's audit row carries no amount (its history is read by the counter).
    const gathered = await t.db.kysely
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'receipts.deposit_gathered')
      .executeTakeFirstOrThrow()
    expect(gathered.details).not.toContain('Cents')
  })

  it('whoever gathered a deposit neither counts, approves, confirms nor reconciles it; the page says why', async () => {
    const receipt = await issue(t, collector.token, receiptBody(setup.siteId))
    // A collector who gathers someone else's receipts and also holds every later duty.
    const gatherer = await setup.person(['COLLECTOR', 'APPROVER', 'RECONCILER'])
    await grant(gatherer, 'COUNTER')
    const deposit = await gather(gatherer, [receipt.id])
    const shown = await detail(deposit.id, gatherer)
    expect(shown.actions.count).toBe(false)
    expect(shown.stepReasons).toEqual({
      count: `You gathered deposit ${deposit.label}, so another person with the Counter duty must count it.`,
    })
    const refused = await step(t, gatherer.token, deposit.id, 'count', { cash: cashFor(2500), checks: [], bagNumber: 'B' })
    expect(refused.statusCode).toBe(422)
    expect(refused.json()).toMatchObject({ code: 'separation_of_duties' })
    expect(refused.json().error).toContain(`You gathered deposit ${deposit.label}`)
    await step(t, counter.token, deposit.id, 'count', { cash: cashFor(2500), checks: [], bagNumber: 'B' })
    expect((await detail(deposit.id, gatherer)).stepReasons).toEqual({
      approve: `You gathered deposit ${deposit.label}, so another person with the Approver duty must approve it.`,
    })
    expect((await step(t, gatherer.token, deposit.id, 'approve')).statusCode).toBe(422)
    await step(t, approver.token, deposit.id, 'approve')
    // Submitting bars nobody: the gatherer may submit.
    expect((await detail(deposit.id, gatherer)).actions.submit).toBe(true)
    await step(t, approver.token, deposit.id, 'submit')
    expect((await detail(deposit.id, gatherer)).stepReasons.confirm).toContain('must confirm it')
    expect((await step(t, gatherer.token, deposit.id, 'confirm', { treasuryReference: 'CT', confirmedOn: '2026-03-02' })).statusCode).toBe(
      422,
    )
    await step(t, reconciler.token, deposit.id, 'confirm', { treasuryReference: 'CT', confirmedOn: '2026-03-02' })
    expect((await step(t, gatherer.token, deposit.id, 'reconcile', { statementReference: 'S' })).statusCode).toBe(422)
    // The counter, holding RECONCILER too, is told why not; a person with no duty for the step is told nothing.
    await grant(counter, 'RECONCILER')
    expect((await detail(deposit.id, counter)).stepReasons).toEqual({
      reconcile: `You counted deposit ${deposit.label}, so another person with the Reconciler duty must reconcile it.`,
    })
    expect((await detail(deposit.id, collector)).stepReasons).toEqual({})
  })

  it('a count refused for its missing note leaves the exception unused; the count that succeeds spends it', async () => {
    const both = await setup.person(['COLLECTOR'])
    await grant(both, 'COUNTER')
    const receipt = await issue(t, both.token, receiptBody(setup.siteId))
    const deposit = await gather(collector, [receipt.id])
    const recorded = await t.request({
      method: 'POST',
      url: '/api/finance/exceptions',
      token: setup.admin,
      payload: {
        appId: setup.appId,
        recordId: deposit.label,
        step: 'count',
        userId: both.userId,
        reason: 'The only counter at the site today',
      },
    })
    expect(recorded.statusCode).toBe(201)
    const exception = () =>
      t.db.kysely
        .selectFrom('finance_exceptions')
        .select('used_at')
        .where('exception_id', '=', recorded.json().data.id)
        .executeTakeFirstOrThrow()
    // With the exception the count is offered.
    expect((await detail(deposit.id, both)).actions.count).toBe(true)
    const short = { cash: cashFor(2000), checks: [], bagNumber: 'B' }
    const refused = await step(t, both.token, deposit.id, 'count', short)
    expect(refused.json().code).toBe('note_required')
    expect((await exception()).used_at).toBeNull()
    const stale = await step(t, both.token, deposit.id, 'count', { ...short, note: 'Five dollars short', version: deposit.version + 7 })
    expect(stale.statusCode).toBe(409)
    expect((await exception()).used_at).toBeNull()
    expect((await step(t, both.token, deposit.id, 'count', { ...short, note: 'Five dollars short' })).statusCode).toBe(200)
    expect((await exception()).used_at).not.toBeNull()
  })

  it('a void takes its receipt out of an open deposit and moves the version on; a count of the screen before is refused', async () => {
    const first = await issue(t, collector.token, receiptBody(setup.siteId))
    const second = await issue(
      t,
      collector.token,
      receiptBody(setup.siteId, { amountCents: 1000, lines: [{ account: receiptBody(0).lines[0]!.account, amountCents: 1000 }] }),
    )
    const deposit = await gather(collector, [first.id, second.id])
    const screen = await detail(deposit.id, counter)
    expect(screen).toMatchObject({ version: 1, amountCents: null })
    const voided = await t.request({
      method: 'POST',
      url: `/api/receipts/${second.id}/void`,
      token: approver.token,
      payload: { reason: 'Entered twice' },
    })
    expect(voided.statusCode).toBe(200)
    const changed = await step(t, counter.token, deposit.id, 'count', {
      cash: cashFor(3500),
      checks: [],
      bagNumber: 'B',
      note: 'Counted',
      version: screen.version,
    })
    expect(changed.statusCode).toBe(409)
    expect(changed.json()).toMatchObject({ code: 'deposit_changed' })
    expect(changed.json().error).toContain('changed while you counted')
    // Counted again against the screen as it is now: the expected total is the receipt left.
    const again = await step(t, counter.token, deposit.id, 'count', { cash: cashFor(2500), checks: [], bagNumber: 'B' })
    expect(again.json().data).toMatchObject({ state: 'COUNTED', amountCents: 2500, countedCents: 2500, overShortCents: 0, version: 3 })
  })

  it("a receipt's page says why its collector is not offered its void, and offers it to another approver", async () => {
    const principal = await setup.person(['COLLECTOR', 'APPROVER'])
    const receipt = (await issue(t, principal.token, receiptBody(setup.siteId))) as Awaited<ReturnType<typeof issue>> &
      Record<string, unknown>
    const reason = `You collected receipt ${receipt.number}, so another person with the Approver duty must void it.`
    expect(receipt).toMatchObject({ actions: { void: false }, stepReasons: { void: reason } })
    const page = (await t.request({ method: 'GET', url: `/api/receipts/${receipt.id}`, token: principal.token })).json().data
    expect(page).toMatchObject({ actions: { void: false }, stepReasons: { void: reason } })
    const other = (await t.request({ method: 'GET', url: `/api/receipts/${receipt.id}`, token: approver.token })).json().data
    expect(other).toMatchObject({ actions: { void: true }, stepReasons: {} })
  })

  it('a deposit is never empty: the void of its last receipt is refused and says what to do', async () => {
    const only = await issue(t, collector.token, receiptBody(setup.siteId))
    const deposit = await gather(collector, [only.id])
    const refused = await t.request({
      method: 'POST',
      url: `/api/receipts/${only.id}/void`,
      token: approver.token,
      payload: { reason: 'Entered twice' },
    })
    expect(refused.statusCode).toBe(422)
    expect(refused.json()).toMatchObject({ code: 'last_receipt' })
    expect(refused.json().error).toContain('a deposit is never empty')
    expect(await detail(deposit.id, approver)).toMatchObject({ receiptCount: 1, amountCents: 2500, version: 1 })
    expect((await detail(deposit.id, approver)).receipts[0]).toMatchObject({ state: 'DEPOSITED' })
  })
})
