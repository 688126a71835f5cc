import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { CAFETERIA, GENERAL, type ReceiptsPerson, cashFor, issue, receiptBody, setUpReceipts, step } from '../../../test/receipts.js'
import { type SmtpPeer, startSmtpPeer } from '../../../test/smtp-peer.js'
import { testDialects } from '../../../test/test-database.js'
import { DAY_MS } from '../../lib/clock.js'

describe.each(testDialects())('deposit clock, register, exceptions and the ERP journal (%s)', (dialect) => {
  let smtp: SmtpPeer
  let t: TestApp
  let setup: Awaited<ReturnType<typeof setUpReceipts>>
  let collector: ReceiptsPerson
  beforeAll(async () => {
    smtp = await startSmtpPeer()
  })
  afterAll(() => smtp.close())
  beforeEach(async () => {
    t = await buildTestApp({ dialect, smtp })
    setup = await setUpReceipts(t)
    collector = await setup.person(['COLLECTOR'])
  })
  afterEach(() => t.close())

  it('flags a site holding cash past its frequency on screen, in My queue, and in one e-mail a day to its approvers; red past 30 days', async () => {
    const approver = await setup.person(['APPROVER'])
    const counter = await setup.person(['COUNTER'])
    await issue(t, collector.token, receiptBody(setup.siteId))
    await issue(t, collector.token, receiptBody(setup.siteId, { amountCents: 700, lines: [{ account: GENERAL, amountCents: 700 }] }))
    const undeposited = async (token: string) => (await t.request({ method: 'GET', url: '/api/receipts/undeposited', token })).json().data
    expect(await undeposited(approver.token)).toEqual([
      expect.objectContaining({ siteId: setup.siteId, receiptCount: 2, amountCents: 3200, ageDays: 0, late: false, overdue: false }),
    ])
    expect((await undeposited(counter.token))[0].amountCents).toBeNull()
    expect(await t.maintenance()).toBeUndefined()
    const reminders = (to: string) => smtp.inbox.filter((message) => message.to.includes(to) && message.subject.startsWith('Deposit due'))
    expect(reminders(approver.email)).toHaveLength(0)

    t.clock.advance(9 * DAY_MS)
    const token = await t.signIn(approver.email)
    expect((await undeposited(token))[0]).toMatchObject({ ageDays: 9, late: true, overdue: false })
    // The collector gathers the deposit: their item opens the deposit builder. The approver has no step to take there.
    const queue = (await t.request({ method: 'GET', url: '/api/my-queue', token: await t.signIn(collector.email) })).json().data
    expect(queue).toContainEqual(
      expect.objectContaining({
        key: `PAYMENT_RECEIPTS:undeposited:${setup.siteId}`,
        overdue: true,
        href: '/apps/payment-receipts/deposits/new',
      }),
    )
    const approverKeys = (await t.request({ method: 'GET', url: '/api/my-queue', token }))
      .json()
      .data.map((item: { key: string }) => item.key)
    expect(approverKeys).not.toContain(`PAYMENT_RECEIPTS:undeposited:${setup.siteId}`)

    await t.maintenance()
    await t.maintenance()
    await t.mailQueue.processDue()
    for (let waited = 0; reminders(approver.email).length === 0 && waited < 50; waited += 1)
      await new Promise((resolve) => setTimeout(resolve, 100))
    const mail = reminders(approver.email)[0]!
    expect(mail.subject).toBe('Deposit due: Lincoln High School has held cash for 9 days')
    expect(reminders(approver.email)).toHaveLength(1)
    // The collector is no approver: no e-mail.
    expect(reminders(collector.email)).toHaveLength(0)

    t.clock.advance(22 * DAY_MS)
    await t.maintenance()
    await t.mailQueue.processDue()
    expect(reminders(approver.email)).toHaveLength(2)
    expect((await undeposited(await t.signIn(approver.email)))[0]).toMatchObject({ ageDays: 31, overdue: true })
  })

  it("My queue's deposit deadline is the end of the district's day, not of UTC's, and the item leaves once the cash is gathered", async () => {
    // Issued Mon 2 Mar 2026 at midnight Pacific; the site deposits every 7 days: due by the end of Mon 9 Mar, Pacific (PDT).
    const receipt = await issue(t, collector.token, receiptBody(setup.siteId))
    const item = async () =>
      (await t.request({ method: 'GET', url: '/api/my-queue', token: await t.signIn(collector.email) }))
        .json()
        .data.find((candidate: { key: string }) => candidate.key === `PAYMENT_RECEIPTS:undeposited:${setup.siteId}`)
    t.clock.set(new Date('2026-03-05T08:00:00.000Z'))
    expect(await item()).toBeUndefined() // four days left: not yet in the queue
    t.clock.set(new Date('2026-03-07T20:00:00.000Z'))
    expect(await item()).toMatchObject({ dueAt: '2026-03-10T06:59:59.999Z', overdue: false })
    // 8 p.m. Pacific on the due day: past 23:59:59 UTC, still the district's due day.
    t.clock.set(new Date('2026-03-10T03:00:00.000Z'))
    expect(await item()).toMatchObject({ overdue: false })
    t.clock.set(new Date('2026-03-10T06:59:59.000Z'))
    expect(await item()).toMatchObject({ overdue: false })
    t.clock.set(new Date('2026-03-10T07:00:00.000Z'))
    expect(await item()).toMatchObject({ overdue: true })
    const gathered = await t.request({
      method: 'POST',
      url: '/api/deposits',
      token: await t.signIn(collector.email),
      payload: { siteId: setup.siteId, receiptIds: [receipt.id] },
    })
    expect(gathered.statusCode).toBe(201)
    expect(await item()).toBeUndefined()
  })

  it('My queue lists each deposit for the one who takes its next step, never for a conflicting person', async () => {
    const counter = await setup.person(['COUNTER'])
    const approver = await setup.person(['APPROVER'])
    const receipt = await issue(t, collector.token, receiptBody(setup.siteId))
    const deposit = (
      await t.request({
        method: 'POST',
        url: '/api/deposits',
        token: collector.token,
        payload: { siteId: setup.siteId, receiptIds: [receipt.id] },
      })
    ).json().data
    const keys = async (token: string) =>
      (await t.request({ method: 'GET', url: '/api/my-queue', token })).json().data.map((item: { key: string }) => item.key)
    expect(await keys(counter.token)).toContain(`PAYMENT_RECEIPTS:deposit:${deposit.id}:count`)
    expect(await keys(approver.token)).not.toContain(`PAYMENT_RECEIPTS:deposit:${deposit.id}:count`)
    await step(t, counter.token, deposit.id, 'count', { cash: cashFor(2500), checks: [], bagNumber: 'B-1' })
    expect(await keys(approver.token)).toContain(`PAYMENT_RECEIPTS:deposit:${deposit.id}:approve`)
    expect(await keys(counter.token)).not.toContain(`PAYMENT_RECEIPTS:deposit:${deposit.id}:approve`)
  })

  it("the register lists every number of a site's year, voided ones included, and proves there is no gap", async () => {
    const approver = await setup.person(['APPROVER'])
    const receipts = []
    for (let i = 0; i < 4; i += 1) receipts.push(await issue(t, collector.token, receiptBody(setup.siteId)))
    await t.request({
      method: 'POST',
      url: `/api/receipts/${receipts[1]!.id}/void`,
      token: approver.token,
      payload: { reason: 'Wrong payer name' },
    })
    const register = (
      await t.request({ method: 'GET', url: `/api/receipts/register?siteId=${setup.siteId}&fiscalYear=2025-26`, token: approver.token })
    ).json().data
    expect(register).toMatchObject({ siteCode: 'LHS', lastSequence: 4, gaps: [], voidedCount: 1 })
    expect(register.entries.map((entry: { number: string; state: string }) => `${entry.number} ${entry.state}`)).toEqual([
      'LHS-2025-26-000001 ISSUED',
      'LHS-2025-26-000002 VOIDED',
      'LHS-2025-26-000003 ISSUED',
      'LHS-2025-26-000004 ISSUED',
    ])
    // A number removed behind the platform's back shows as a gap.
    await t.db.kysely.deleteFrom('receipt_lines').where('receipt_id', '=', receipts[2]!.id).execute()
    await t.db.kysely.deleteFrom('receipts').where('receipt_id', '=', receipts[2]!.id).execute()
    expect(
      (
        await t.request({ method: 'GET', url: `/api/receipts/register?siteId=${setup.siteId}&fiscalYear=2025-26`, token: approver.token })
      ).json().data.gaps,
    ).toEqual([3])
    // So does the last number given: the counter, not the last receipt read, says how far the register runs.
    await t.db.kysely.deleteFrom('receipt_lines').where('receipt_id', '=', receipts[3]!.id).execute()
    await t.db.kysely.deleteFrom('receipts').where('receipt_id', '=', receipts[3]!.id).execute()
    expect(
      (
        await t.request({ method: 'GET', url: `/api/receipts/register?siteId=${setup.siteId}&fiscalYear=2025-26`, token: approver.token })
      ).json().data,
    ).toMatchObject({ lastSequence: 4, gaps: [3, 4], voidedCount: 1 })
    expect(
      (await t.request({ method: 'GET', url: `/api/receipts/register?siteId=${setup.siteId}&fiscalYear=2025`, token: approver.token }))
        .statusCode,
    ).toBe(400)
    const outsider = await setup.person(['VIEWER'], [setup.otherSiteId])
    expect(
      (await t.request({ method: 'GET', url: `/api/receipts/register?siteId=${setup.siteId}&fiscalYear=2025-26`, token: outsider.token }))
        .statusCode,
    ).toBe(404)
  })

  it('the exceptions list shows voids, over/short counts and returned checks of visible sites', async () => {
    const approver = await setup.person(['APPROVER'])
    const counter = await setup.person(['COUNTER'])
    const voided = await issue(t, collector.token, receiptBody(setup.siteId))
    await t.request({
      method: 'POST',
      url: `/api/receipts/${voided.id}/void`,
      token: approver.token,
      payload: { reason: 'Duplicate receipt' },
    })
    const kept = await issue(t, collector.token, receiptBody(setup.siteId))
    const deposit = (
      await t.request({
        method: 'POST',
        url: '/api/deposits',
        token: collector.token,
        payload: { siteId: setup.siteId, receiptIds: [kept.id] },
      })
    ).json().data
    await step(t, counter.token, deposit.id, 'count', { cash: cashFor(2000), checks: [], bagNumber: 'B-1', note: 'Five dollars short' })
    const list = (await t.request({ method: 'GET', url: '/api/receipts/exceptions', token: approver.token })).json().data
    expect(list.map((row: { kind: string }) => row.kind).sort()).toEqual(['OVER_SHORT', 'VOID'])
    expect(list.find((row: { kind: string }) => row.kind === 'OVER_SHORT')).toMatchObject({
      amountCents: -500,
      detail: 'Five dollars short',
    })
    const outsider = await setup.person(['VIEWER'], [setup.otherSiteId])
    expect((await t.request({ method: 'GET', url: '/api/receipts/exceptions', token: outsider.token })).json().data).toEqual([])
  })

  it('exports the ERP journal of confirmed deposits in a date range: debits equal credits, one cash debit per fund', async () => {
    const counter = await setup.person(['COUNTER'])
    const approver = await setup.person(['APPROVER'])
    const reconciler = await setup.person(['RECONCILER'], [null])
    const confirmDeposit = async (confirmedOn: string) => {
      const a = await issue(
        t,
        collector.token,
        receiptBody(setup.siteId, {
          amountCents: 10050,
          lines: [
            { account: GENERAL, amountCents: 10000 },
            { account: CAFETERIA, amountCents: 50 },
          ],
        }),
      )
      const b = await issue(
        t,
        collector.token,
        receiptBody(setup.siteId, { payer: 'Smith, "Jo"', amountCents: 1234, lines: [{ account: GENERAL, amountCents: 1234 }] }),
      )
      const deposit = (
        await t.request({
          method: 'POST',
          url: '/api/deposits',
          token: collector.token,
          payload: { siteId: setup.siteId, receiptIds: [a.id, b.id] },
        })
      ).json().data
      await step(t, counter.token, deposit.id, 'count', { cash: cashFor(11284), checks: [], bagNumber: 'B' })
      await step(t, approver.token, deposit.id, 'approve')
      await step(t, approver.token, deposit.id, 'submit')
      const confirmed = await step(t, reconciler.token, deposit.id, 'confirm', { treasuryReference: `CT-${confirmedOn}`, confirmedOn })
      if (confirmed.statusCode !== 200) throw new Error(confirmed.json().error)
      return deposit
    }
    // Confirmation days are never after today (2026-03-02 on the test clock): the deposit outside the range is an earlier one.
    const inRange = await confirmDeposit('2026-03-02')
    await confirmDeposit('2026-02-27')
    const csv = await t.request({ method: 'GET', url: '/api/receipts/journal.csv?from=2026-03-01&to=2026-03-31', token: reconciler.token })
    expect(csv.statusCode).toBe(200)
    expect(csv.headers['content-type']).toContain('text/csv')
    const rows = csv.body.trim().split('\n')
    expect(rows[0]).toBe('journal_date,deposit,treasury_reference,receipt,account,debit,credit,description')
    const body = rows.slice(1).map((row) => row.split(','))
    expect(body).toHaveLength(5)
    expect(body.every((row) => row[1] === inRange.label)).toBe(true)
    const sum = (column: number) => body.reduce((total, row) => total + Math.round(Number(row[column]) * 100), 0)
    expect(sum(5)).toBe(11284)
    expect(sum(6)).toBe(11284)
    expect(body.filter((row) => row[5] !== '0.00').map((row) => `${row[4]} ${row[5]}`)).toEqual([
      '01-0000-0-0000-0000-9110-000 112.34',
      '13-0000-0-0000-0000-9110-000 0.50',
    ])

    // Only people who see every site export it; a bad range is a 400.
    expect(
      (await t.request({ method: 'GET', url: '/api/receipts/journal.csv?from=2026-03-01&to=2026-03-31', token: approver.token }))
        .statusCode,
    ).toBe(403)
    expect(
      (await t.request({ method: 'GET', url: '/api/receipts/journal.csv?from=2026-04-01&to=2026-03-31', token: reconciler.token }))
        .statusCode,
    ).toBe(400)
    // A fund without a cash account: the journal as issued downloads the same, and no deposit is confirmed into it.
    await t.request({
      method: 'PUT',
      url: '/api/finance/settings/posting-accounts',
      token: setup.admin,
      payload: { cashAccounts: { '01': '01-0000-0-0000-0000-9110-000' }, clearingAccounts: {}, accrualAccounts: {} },
    })
    const again = await t.request({
      method: 'GET',
      url: '/api/receipts/journal.csv?from=2026-03-01&to=2026-03-31',
      token: reconciler.token,
    })
    expect(again.body).toBe(csv.body)
    await expect(confirmDeposit('2026-03-02')).rejects.toThrow('Fund 13 has no cash account')
  })
})
