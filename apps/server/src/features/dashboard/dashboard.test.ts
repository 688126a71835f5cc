import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { accrualBody, draft, setUpAccruals, stepOk } from '../../../test/accruals.js'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { grantApplication } from '../../../test/factories.js'
import type { DutyHolder } from '../../../test/finance.js'
import { GENERAL, issue, receiptBody, setUpReceipts } from '../../../test/receipts.js'
import { intake, setUpRecords, step as recordsStep } from '../../../test/records.js'
import { testDialects } from '../../../test/test-database.js'
import { DAY_MS } from '../../lib/clock.js'

describe.each(testDialects())('dashboard overview (%s)', (dialect) => {
  let t: TestApp
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
  })
  afterEach(() => t.close())

  const overview = (token: string) => t.request({ method: 'GET', url: '/api/dashboard/overview', token })
  /** The person's overview, once they hold the Dashboard Overview application too. */
  async function overviewOf(person: DutyHolder) {
    if (
      !(await t.db.kysely
        .selectFrom('user_permissions as p')
        .innerJoin('applications as a', 'a.app_id', 'p.app_id')
        .select('p.user_id')
        .where('p.user_id', '=', person.userId)
        .where('a.app_code', '=', 'DASHBOARD')
        .executeTakeFirst())
    )
      await grantApplication(t.db, person.userId, 'DASHBOARD')
    const answer = await overview(await t.signIn(person.email))
    expect(answer.statusCode).toBe(200)
    return answer.json()
  }

  it('gives administrators the counts of users, active sessions and sign-ins of the last seven days', async () => {
    const staff = await t.createUser({ applications: ['DASHBOARD'] })
    await t.createUser({ isActive: false })
    await t.signIn(staff.email)
    t.clock.advance(8 * DAY_MS) // that sign-in (and its idle session) are now older than the window
    const staffToken = await t.signIn(staff.email)
    const adminToken = await t.signIn('admin@example.org')
    const answer = await overview(adminToken)
    expect(answer.statusCode).toBe(200)
    expect(answer.json().admin).toEqual({ totalUsers: 3, activeUsers: 2, activeSessions: 2, signInsLast7Days: 2 })
    // Someone with no duty anywhere gets no figure of any application.
    expect((await overview(staffToken)).json()).toEqual({ admin: null, receipts: null, accruals: null, records: null })
  })

  it('is refused to a person without the Dashboard Overview application', async () => {
    const { email } = await t.createUser({ applications: ['ACCRUALS'] })
    const answer = await overview(await t.signIn(email))
    expect(answer.statusCode).toBe(403)
    expect(answer.json().code).toBe('permission_required')
  })

  it("counts undeposited cash and waiting deposits at the person's own sites only, never an uncounted sum for a counter", async () => {
    const setup = await setUpReceipts(t)
    const collector = await setup.person(['COLLECTOR'])
    const otherCollector = await setup.person(['COLLECTOR'], [setup.otherSiteId])
    await issue(t, collector.token, receiptBody(setup.siteId))
    await issue(t, collector.token, receiptBody(setup.siteId, { amountCents: 700, lines: [{ account: GENERAL, amountCents: 700 }] }))
    const elsewhere = await issue(
      t,
      otherCollector.token,
      receiptBody(setup.otherSiteId, { amountCents: 1000, lines: [{ account: GENERAL, amountCents: 1000 }] }),
    )
    await issue(
      t,
      otherCollector.token,
      receiptBody(setup.otherSiteId, { amountCents: 400, lines: [{ account: GENERAL, amountCents: 400 }] }),
    )
    const gathered = await t.request({
      method: 'POST',
      url: '/api/deposits',
      token: otherCollector.token,
      payload: { siteId: setup.otherSiteId, receiptIds: [elsewhere.id] },
    })
    expect(gathered.statusCode).toBe(201)
    t.clock.advance(3 * DAY_MS)

    const approver = await setup.person(['APPROVER'])
    const mine = (await overviewOf(approver)).receipts
    expect(mine.undeposited).toEqual([
      expect.objectContaining({
        siteId: setup.siteId,
        receiptCount: 2,
        amountCents: 3200,
        oldestAgeDays: 3,
        href: '/apps/payment-receipts/undeposited',
      }),
    ])
    // The deposit gathered at the other site is not theirs to see.
    expect(mine.depositsWaiting).toEqual([])

    const counter = await setup.person(['COUNTER'])
    expect((await overviewOf(counter)).receipts.undeposited).toEqual([expect.objectContaining({ receiptCount: 2, amountCents: null })])

    const everywhere = await setup.person(['APPROVER'], [null])
    const all = (await overviewOf(everywhere)).receipts
    expect(all.undeposited.map((site: { siteId: number; amountCents: number }) => [site.siteId, site.amountCents]).sort()).toEqual(
      [
        [setup.siteId, 3200],
        [setup.otherSiteId, 400],
      ].sort(),
    )
    expect(all.depositsWaiting).toEqual([{ state: 'OPEN', count: 1, href: '/apps/payment-receipts/deposits?state=OPEN' }])
    // A counter everywhere sees no uncounted sum at any site.
    const blind = await setup.person(['COUNTER', 'APPROVER'], [null])
    expect((await overviewOf(blind)).receipts.undeposited.every((site: { amountCents: number | null }) => site.amountCents === null)).toBe(
      true,
    )
    // No Accruals or Public Information duty: no such section.
    expect(await overviewOf(approver)).toMatchObject({ admin: null, accruals: null, records: null })
  })

  it("shows the accrual cycle's progress at the person's sites, totals by type, and the reviews waiting for them", async () => {
    const setup = await setUpAccruals(t)
    const requester = await setup.person(['REQUESTER'])
    const otherRequester = await setup.person(['REQUESTER'], [setup.otherSiteId])
    const { id: submitted } = await draft(t, requester.token, accrualBody(setup.cycleId, setup.siteId))
    await stepOk(t, requester.token, submitted, 'submit')
    await draft(t, requester.token, accrualBody(setup.cycleId, setup.siteId, { vendor: 'Staples', duplicateNote: 'A second order' }))
    await draft(
      t,
      otherRequester.token,
      accrualBody(setup.cycleId, setup.otherSiteId, { vendor: 'Grainger', duplicateNote: 'A third order' }),
    )

    const siteApprover = await setup.person(['SITE_APPROVER'])
    const figures = (await overviewOf(siteApprover)).accruals
    expect(figures.cycle).toMatchObject({ cycleId: setup.cycleId, fiscalYear: '2025-26', submitBy: '2026-07-15', lockOn: '2026-07-31' })
    expect(figures.cycle.byState.sort((a: { code: string }, b: { code: string }) => a.code.localeCompare(b.code))).toEqual([
      { code: 'DRAFT', count: 1, amountCents: 250_000 },
      { code: 'SUBMITTED', count: 1, amountCents: 250_000 },
    ])
    expect(figures.cycle.byType).toEqual([{ code: 'PAYABLE', count: 2, amountCents: 500_000 }])
    expect(figures.toReview).toBe(1)
    // The district controller sees both sites.
    const all = (await overviewOf(setup.controller)).accruals
    expect(all.cycle.byType).toEqual([{ code: 'PAYABLE', count: 3, amountCents: 750_000 }])
    expect(all.toReview).toBe(0)
    expect(await overviewOf(siteApprover)).toMatchObject({ receipts: null, records: null })
  })

  it('counts records requests overdue and due this week on the district calendar, and letters waiting for a signature', async () => {
    const setup = await setUpRecords(t)
    const coordinator = await setup.person(['COORDINATOR'])
    // Received Mon 2 Mar: due Wed 11 Mar (Pacific). Another received Fri 20 Feb: due earlier.
    const { id } = await intake(t, coordinator.token)
    await intake(t, coordinator.token, { receivedAt: '2026-02-20T17:00:00.000Z' })
    await recordsStep(t, coordinator.token, id, 'letters', { kind: 'ACKNOWLEDGMENT' })
    const records = async () => (await overviewOf(coordinator)).records
    expect(await records()).toEqual({
      overdue: 0,
      dueThisWeek: 1,
      open: 2,
      lettersAwaitingSignature: 1,
      href: '/apps/public-info/requests',
    })
    // Wed 11 Mar at 8 p.m. Pacific (already Thursday in UTC): the second is overdue, the first due today.
    t.clock.set(new Date('2026-03-12T03:00:00.000Z'))
    expect(await records()).toMatchObject({ overdue: 1, dueThisWeek: 1 })
    t.clock.set(new Date('2026-03-12T08:00:00.000Z'))
    expect(await records()).toMatchObject({ overdue: 2, dueThisWeek: 0 })
  })
})
