import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../../test/build-test-app.js'
import { grantApplication } from '../../../../test/factories.js'
import { issue, receiptBody, setUpReceipts } from '../../../../test/receipts.js'
import { type SmtpPeer, startSmtpPeer } from '../../../../test/smtp-peer.js'
import { testDialects } from '../../../../test/test-database.js'
import { subscriptionSchedulerOf } from './subscription-scheduler.js'
import { FIRST_MONDAY_7AM, MONDAYS_AT_7, subscribe } from './subscriptions-testing.js'

describe.each(testDialects())('a subscription to a dataset scoped to sites (%s)', (dialect) => {
  let smtp: SmtpPeer
  let t: TestApp
  beforeAll(async () => {
    smtp = await startSmtpPeer()
  })
  afterAll(() => smtp.close())
  beforeEach(async () => {
    t = await buildTestApp({ dialect, smtp })
  })
  afterEach(() => t.close())

  it('gives each recipient the rows of their own sites only, and each sees only their own deliveries', async () => {
    const setup = await setUpReceipts(t)
    const lincoln = await setup.person(['COLLECTOR'])
    const jefferson = await setup.person(['COLLECTOR'], [setup.otherSiteId])
    await issue(t, lincoln.token, receiptBody(setup.siteId, { payer: 'Lincoln payer' }))
    await issue(t, jefferson.token, receiptBody(setup.otherSiteId, { payer: 'Jefferson payer' }))
    const lincolnViewer = await setup.person(['VIEWER'])
    const jeffersonViewer = await setup.person(['VIEWER'], [setup.otherSiteId])
    for (const viewer of [lincolnViewer, jeffersonViewer]) await grantApplication(t.db, viewer.userId, 'REPORTS_STUDIO')

    const reports = (await t.request({ method: 'GET', url: '/api/reportlist', token: setup.admin })).json().reports as Array<{
      REPORT_ID: number
      REPORT_NAME: string
    }>
    const register = reports.find((report) => report.REPORT_NAME === 'Receipt register')!
    // Set up by an administrator, who reads every site.
    const made = await subscribe(t.request, setup.admin, {
      reportId: register.REPORT_ID,
      recipientIds: [lincolnViewer.userId, jeffersonViewer.userId],
      format: 'csv',
      schedule: MONDAYS_AT_7,
    })

    t.clock.set(new Date(FIRST_MONDAY_7AM))
    await subscriptionSchedulerOf(t.app).tick()
    await t.mailQueue.processDue()
    const fileOf = async (email: string) => (await smtp.waitForMail(email)).attachments[0]!.content
    const lincolnFile = await fileOf(lincolnViewer.email)
    const jeffersonFile = await fileOf(jeffersonViewer.email)
    expect(lincolnFile).toContain('Lincoln payer')
    expect(lincolnFile).not.toContain('Jefferson payer')
    expect(jeffersonFile).toContain('Jefferson payer')
    expect(jeffersonFile).not.toContain('Lincoln payer')

    const history = async (token: string) =>
      (await t.request({ method: 'GET', url: `/api/reportsubscriptions/${made.id}/runs`, token })).json().runs as Array<{
        deliveries: Array<{ userId: number; rows: number }>
      }>
    const asAdmin = await history(setup.admin)
    expect(asAdmin[0]!.deliveries.map((delivery) => delivery.userId).sort()).toEqual([lincolnViewer.userId, jeffersonViewer.userId].sort())
    const asLincoln = await history(await t.signIn(lincolnViewer.email))
    expect(asLincoln[0]!.deliveries).toEqual([expect.objectContaining({ userId: lincolnViewer.userId, outcome: 'sent' })])
  })
})
