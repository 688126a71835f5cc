import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { CAFETERIA_SUPPLIES, SUPPLIES, TITLE_I, accrualBody, approved, draft, reviewTeam, setUpAccruals } from '../../../test/accruals.js'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { grantApplication } from '../../../test/factories.js'
import { testDialects } from '../../../test/test-database.js'

describe.each(testDialects())('Reports Studio: the accruals and liquidations datasets and their starter reports (%s)', (dialect) => {
  let t: TestApp
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
  })
  afterEach(() => t.close())

  it('each person reads only their sites; the listing by fund and resource, the aging and the variance run', async () => {
    // Late July: the requests are drafted before the cycle locks, and a payment of July 20 is in the past.
    t.clock.set(new Date('2026-07-30T17:00:00.000Z'))
    const setup = await setUpAccruals(t)
    const team = await reviewTeam(setup)
    await grantApplication(t.db, team.viewer.userId, 'REPORTS_STUDIO')
    const viewer = await t.signIn(team.viewer.email)
    const estimate = await approved(t, setup, team, {
      basis: 'ESTIMATE',
      basisNote: 'Average of the last two bills',
      amountCents: 300_000,
      lines: [
        { account: SUPPLIES, amountCents: 200_000 },
        { account: CAFETERIA_SUPPLIES, amountCents: 100_000 },
      ],
    })
    await approved(t, setup, team, {
      vendor: 'Consultant',
      poNumber: null,
      invoiceNumber: null,
      forGoods: false,
      receivedOn: null,
      restrictedJustification: 'Grant plan',
      lines: [{ account: TITLE_I, amountCents: 250_000 }],
    })
    await draft(
      t,
      team.requester.token,
      accrualBody(setup.cycleId, setup.siteId, { vendor: 'Still a draft', poNumber: null, invoiceNumber: null }),
    )
    const otherRequester = await setup.person(['REQUESTER'], [setup.otherSiteId])
    await draft(
      t,
      otherRequester.token,
      accrualBody(setup.cycleId, setup.otherSiteId, { vendor: 'Elsewhere', poNumber: null, invoiceNumber: null }),
    )
    expect(
      (await t.request({ method: 'POST', url: `/api/accrual-cycles/${setup.cycleId}/journal`, token: setup.controller.token })).statusCode,
    ).toBe(200)
    const controller = await setup.person(['CONTROLLER'])
    const paid = await t.request({
      method: 'POST',
      url: `/api/accruals/${estimate}/liquidations`,
      token: controller.token,
      payload: { paidOn: '2026-07-20', reference: 'W-1', amountCents: 280_000, varianceReason: 'The final bill came in lower' },
    })
    expect(paid.statusCode).toBe(201)

    const reports = (await t.request({ method: 'GET', url: '/api/reportlist', token: viewer })).json().reports as Array<{
      REPORT_ID: number
      REPORT_NAME: string
    }>
    const run = async (name: string, token = viewer) => {
      const report = reports.find((entry) => entry.REPORT_NAME === name)!
      const answer = await t.request({ method: 'POST', url: '/api/reportrun', token, payload: { reportId: report.REPORT_ID } })
      expect(answer.statusCode, answer.body).toBe(200)
      return answer.json().rows as Array<{ kind: string; label: string | null; cells: unknown[] }>
    }
    const listing = await run('Accrual listing by fund and resource')
    expect(listing.filter((row) => row.kind === 'subtotal').map((row) => [row.label, row.cells.at(-1)])).toEqual([
      ['01', 4500],
      ['13', 1000],
    ])
    expect(listing.find((row) => row.kind === 'grandTotal')!.cells.at(-1)).toBe(5500)

    const aging = await run('Unliquidated accruals by age')
    const total = aging.find((row) => row.kind === 'grandTotal')!.cells
    expect(total.slice(1, 3)).toEqual([2, 2700])

    // The starter report filters on the basis's code; the state reads in words.
    const variance = await run('Variance of estimates against what was paid')
    expect(variance.filter((row) => row.kind === 'detail').map((row) => row.cells)).toEqual([
      [estimate, 'Office Depot', 'Partially liquidated', 3000, 2800, 200],
    ])

    // An administrator reads every site; without the application the datasets are not offered.
    const adminListing = await t.request({ method: 'GET', url: '/api/reportdatasets', token: setup.admin })
    expect(JSON.stringify(adminListing.json())).toContain('"liquidations"')
    const outsider = await t.createUser({ applications: ['REPORTS_STUDIO'] })
    const datasets = (await t.request({ method: 'GET', url: '/api/reportdatasets', token: await t.signIn(outsider.email) })).json()
    expect(JSON.stringify(datasets)).not.toContain('"liquidations"')
  })
})
