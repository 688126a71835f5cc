import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { grantApplication } from '../../../test/factories.js'
import { CAFETERIA, GENERAL, cashFor, issue, receiptBody, setUpReceipts, step } from '../../../test/receipts.js'
import { testDialects } from '../../../test/test-database.js'

describe.each(testDialects())('Reports Studio: receipts and deposits datasets and their starter reports (%s)', (dialect) => {
  let t: TestApp
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
  })
  afterEach(() => t.close())

  it('each person reads only the sites where they hold a duty; the starter reports run', async () => {
    const setup = await setUpReceipts(t)
    const collector = await setup.person(['COLLECTOR'])
    const otherCollector = await setup.person(['COLLECTOR'], [setup.otherSiteId])
    const counter = await setup.person(['COUNTER'])
    const approver = await setup.person(['APPROVER'])
    const reconciler = await setup.person(['RECONCILER'])
    const viewer = await setup.person(['VIEWER'])
    await grantApplication(t.db, viewer.userId, 'REPORTS_STUDIO')
    const viewerToken = await t.signIn(viewer.email)

    const split = await issue(
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
    await issue(t, collector.token, receiptBody(setup.siteId, { payer: 'Waiting payer' }))
    await issue(t, otherCollector.token, receiptBody(setup.otherSiteId, { payer: 'Other site payer' }))
    const deposit = (
      await t.request({
        method: 'POST',
        url: '/api/deposits',
        token: collector.token,
        payload: { siteId: setup.siteId, receiptIds: [split.id] },
      })
    ).json().data
    await step(t, counter.token, deposit.id, 'count', { cash: cashFor(10050), checks: [], bagNumber: 'B' })
    await step(t, approver.token, deposit.id, 'approve')
    await step(t, approver.token, deposit.id, 'submit')
    await step(t, reconciler.token, deposit.id, 'confirm', { treasuryReference: 'CT-9', confirmedOn: '2026-03-02' })

    const reports = (await t.request({ method: 'GET', url: '/api/reportlist', token: viewerToken })).json().reports as Array<{
      REPORT_ID: number
      REPORT_NAME: string
    }>
    const run = async (name: string, token = viewerToken) => {
      const report = reports.find((entry) => entry.REPORT_NAME === name)!
      const answer = await t.request({ method: 'POST', url: '/api/reportrun', token, payload: { reportId: report.REPORT_ID } })
      expect(answer.statusCode, answer.body).toBe(200)
      return answer.json().rows as Array<{ kind: string; label: string | null; cells: unknown[] }>
    }
    const register = await run('Receipt register')
    const numbers = register.filter((row) => row.kind === 'detail').map((row) => row.cells[0])
    expect(numbers).toEqual(['LHS-2025-26-000001', 'LHS-2025-26-000002'])
    expect(register.filter((row) => row.kind === 'detail').map((row) => row.cells.at(-1))).toEqual([100.5, 25])

    const aging = await run('Undeposited cash aging')
    // Ages are reckoned by the database's own today, not the test's clock.
    const days = Math.floor((Date.now() - Date.parse('2026-03-02T00:00:00Z')) / 86_400_000)
    const total = aging.find((row) => row.kind === 'grandTotal')!.cells
    expect(total.slice(0, 3)).toEqual([null, 1, 25])
    expect(Math.abs((total[3] as number) - days)).toBeLessThanOrEqual(1)

    const byFund = await run('Deposits by fund and resource')
    expect(byFund.filter((row) => row.kind === 'subtotal').map((row) => [row.label, row.cells.at(-1)])).toEqual([
      ['01', 100],
      ['13', 0.5],
    ])

    // An administrator reads every site.
    const adminRegister = await run('Receipt register', setup.admin)
    expect(adminRegister.filter((row) => row.kind === 'detail')).toHaveLength(3)
    // Without the application the datasets are not offered.
    const outsider = await t.createUser({ applications: ['REPORTS_STUDIO'] })
    const datasets =
      (await t.request({ method: 'GET', url: '/api/reportdatasets', token: await t.signIn(outsider.email) })).json().datasets ?? []
    expect(JSON.stringify(datasets)).not.toContain('"receipts"')
  })
})
