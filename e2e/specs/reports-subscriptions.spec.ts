import type { Locator, Page } from '@playwright/test'
import type { ReceivedMail } from '../../apps/server/test/smtp-peer.js'
import { expectNoSeriousA11yViolations } from '../support/axe.js'
import { VIEWPORTS, expectNothingCutOff } from '../support/layout.js'
import type { Platform } from '../support/platform.js'
import { SEEDED_PROJECTS, firstSheet, openReportsStudio, seedDsaProjects } from '../support/reports.js'
import { bearer, settled } from '../support/screens.js'
import { expect, test, usePlatform } from '../support/test.js'

// A report writer subscribes themselves and a colleague to a report of one client's projects, weekly as a workbook;
// the scheduler delivers it at its hour, each recipient's copy run with their own access; the colleague leaves through
// the link in their e-mail.
usePlatform()

const REPORT_NAME = 'Projects of a client'
const CLIENT = '37-58'
const definition = {
  schemaVersion: 1,
  dataset: 'dsa_projects',
  parameters: [{ id: 'client', label: 'Client', type: 'select', required: true, options: ['37-H9', '37-58', '01-61'], default: '37-H9' }],
  filters: [{ field: 'client_id', op: 'eq', value: { param: 'client' } }],
  rows: { mode: 'detail' },
  columns: [
    { field: 'project_number', label: 'Number' },
    { field: 'project_name', label: 'Project' },
  ],
  sort: [{ key: 'project_number', dir: 'asc' }],
  layout: { title: REPORT_NAME, orientation: 'portrait', pageSize: 'Letter' },
}
const projectsOfClient = SEEDED_PROJECTS.map((project, i) => ({ ...project, name: `School project ${String(i + 1).padStart(2, '0')}` }))
const expectedProjects = projectsOfClient.filter((project) => project.client === CLIENT).map((project) => project.name)

const subscriptionEntry = (region: Locator) =>
  region.getByRole('listitem', { name: `${REPORT_NAME}, Every Monday and Thursday at 7:00 AM` })
const reportSubscriptions = (page: Page) => page.getByRole('region', { name: 'Subscriptions to this report' })

/** Every screen is checked at both widths: axe, and nothing cut off. */
async function checkScreen(page: Page, name: string): Promise<void> {
  await settled(page)
  await expectNoSeriousA11yViolations(page, name)
  await expectNothingCutOff(page, name)
}

/** The next mail to `email` once the scheduler has run and the queue is sent. */
async function deliveredMail(platform: Platform, email: string, seen: number): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined
  await expect
    .poll(
      async () => {
        await platform.tickSubscriptions()
        await platform.processMail()
        found = platform.smtp.inbox.slice(seen).find((mail) => mail.to.includes(email))
        return found !== undefined
      },
      { timeout: 20_000, intervals: [500] },
    )
    .toBe(true)
  return found!
}

test('subscribe yourself and a colleague weekly as XLSX; pause, resume, the delivery and its history; unsubscribe from the e-mail', async ({
  page,
  platform,
  newBrowserContext,
}) => {
  test.setTimeout(180_000)
  await page.setViewportSize(VIEWPORTS.desktop)
  await seedDsaProjects(platform)
  const apps = ['DASHBOARD', 'REPORTS_STUDIO', 'DSA_TRACKER']
  const writer = await platform.createUser({ fullName: 'Rita Writer', roleCode: 'REPORT_WRITER', applications: apps })
  const colleague = await platform.createUser({ fullName: 'Pat Lee', applications: apps })
  const token = await platform.signIn(page, writer.email)
  const created = await page.request.post('/api/reportcreate', { headers: bearer(token), data: { name: REPORT_NAME, definition } })
  expect(created.status(), await created.text()).toBe(200)
  const reportId = ((await created.json()) as { report: { REPORT_ID: number } }).report.REPORT_ID

  // The report with the client chosen, then Subscribe: the writer is offered and chosen, the client is the one on screen.
  await openReportsStudio(page, reportId)
  await page.getByRole('combobox', { name: /Client/ }).selectOption(CLIENT)
  await page.getByRole('button', { name: 'Run report' }).click()
  await expect(page.getByRole('table', { name: REPORT_NAME }).getByRole('row').filter({ hasText: expectedProjects[0]! })).toBeVisible()
  await page.getByRole('button', { name: 'Subscribe…' }).click()
  const form = page.getByRole('dialog', { name: `Subscribe to ${REPORT_NAME}` })
  await expect(form.getByRole('combobox', { name: /Client/ })).toHaveValue(CLIENT)
  await expect(form.locator('.mantine-Pill-label')).toHaveText(['Rita Writer'])
  await checkScreen(page, 'the subscription form')

  const sendTo = form.getByRole('combobox', { name: /Send to/ })
  await sendTo.fill('Pat')
  await page.getByRole('option', { name: /Pat Lee/ }).click()
  await expect(form.locator('.mantine-Pill-label')).toHaveText(['Rita Writer', 'Pat Lee'])
  // Leaving the field by the keyboard closes its list.
  await sendTo.press('Tab')
  await expect(page.getByRole('listbox')).toBeHidden()
  await form.getByRole('radio', { name: 'Excel (XLSX) attached' }).check()
  await form.getByRole('checkbox', { name: 'Thursday' }).check()
  await form.getByRole('combobox', { name: /At \(district time\)/ }).selectOption({ label: '7:00 AM' })
  await expect(form.getByTestId('schedule-summary')).toContainText('Every Monday and Thursday at 7:00 AM')
  await expect(form.getByTestId('schedule-summary')).toContainText(/Next delivery: .+ 7:00 AM P[SD]T/)
  await form.getByRole('button', { name: 'Subscribe' }).click()
  await expect(form).toBeHidden()

  // Listed with the report and among the person's subscriptions.
  const entry = subscriptionEntry(reportSubscriptions(page))
  await expect(entry).toContainText('Excel (XLSX) attached')
  // The recipients in the order of their names.
  await expect(entry).toContainText('To Pat Lee, Rita Writer')
  await expect(entry).toContainText(/Next delivery .+ 7:00 AM P[SD]T/)
  await expect(subscriptionEntry(page.getByRole('region', { name: 'Subscriptions', exact: true }))).toBeVisible()
  await checkScreen(page, 'the subscriptions lists')

  // Pause and resume.
  await entry.getByRole('button', { name: 'Pause' }).click()
  await expect(entry).toContainText('Paused by Rita Writer')
  await entry.getByRole('button', { name: 'Resume' }).click()
  await expect(entry).toContainText(/Next delivery/)

  // On a phone: the lists and the form.
  await page.setViewportSize(VIEWPORTS.phone)
  await checkScreen(page, 'the subscriptions lists on a phone')
  await entry.getByRole('button', { name: 'Edit' }).click()
  const change = page.getByRole('dialog', { name: `Change the subscription to ${REPORT_NAME}` })
  await expect(change.getByRole('radio', { name: 'Excel (XLSX) attached' })).toBeChecked()
  await checkScreen(page, 'the subscription form on a phone')
  await change.getByRole('button', { name: 'Cancel' }).click()
  await expect(change).toBeHidden()

  // Its hour comes: the scheduler sends each recipient their own workbook.
  const listed = await page.request.get(`/api/reportsubscriptions?reportId=${reportId}`, { headers: bearer(token) })
  const [subscription] = ((await listed.json()) as { subscriptions: Array<{ nextRunAt: string }> }).subscriptions
  const seen = platform.smtp.inbox.length
  platform.clock.advance(Date.parse(subscription!.nextRunAt) - platform.clock.now().getTime() + 60_000)
  const toColleague = await deliveredMail(platform, colleague.email, seen)
  const toWriter = await deliveredMail(platform, writer.email, seen)
  for (const mail of [toColleague, toWriter]) {
    expect(mail.subject).toContain(REPORT_NAME)
    const workbook = mail.attachments.find((attachment) => attachment.filename.endsWith('.xlsx'))
    expect(workbook, 'the workbook attached').toBeDefined()
    const sheet = await firstSheet(workbook!.bytes)
    const names: string[] = []
    sheet.eachRow((row) => {
      const value = row.getCell(2).value
      if (typeof value === 'string' && value.startsWith('School project')) names.push(value)
    })
    expect(names).toEqual(expectedProjects)
  }

  // The history, read after days on the clock: signed in again.
  await page.setViewportSize(VIEWPORTS.desktop)
  await platform.signIn(page, writer.email)
  await openReportsStudio(page, reportId)
  await subscriptionEntry(reportSubscriptions(page)).getByRole('button', { name: 'History' }).click()
  const history = page.getByRole('dialog', { name: `History of ${REPORT_NAME} (Every Monday and Thursday at 7:00 AM)` })
  const run = history.getByRole('listitem', { name: /^Delivery of / })
  await expect(run).toContainText('Done')
  await expect(run).toContainText('Rita Writer · Sent with the report attached')
  await expect(run).toContainText('Pat Lee · Sent with the report attached')
  await expect(run).toContainText(`${expectedProjects.length} rows`)
  await checkScreen(page, 'the subscription history')
  await history.getByRole('button', { name: 'Close' }).click()

  // The colleague's link, opened in a browser that is not signed in, on a phone: nothing happens until the click.
  const link = /https?:\/\/\S+\/unsubscribe#\S+/.exec(toColleague.text)?.[0]
  expect(link, 'the unsubscribe link in the e-mail').toBeDefined()
  const elsewhere = await (await newBrowserContext({ viewport: VIEWPORTS.phone })).newPage()
  await elsewhere.goto(link!)
  await expect(elsewhere.getByRole('heading', { name: 'Unsubscribe from a report' })).toBeVisible()
  await checkScreen(elsewhere, 'the unsubscribe page on a phone')
  await elsewhere.getByRole('button', { name: 'Unsubscribe' }).click()
  await expect(elsewhere.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible()
  await expect(elsewhere.getByText(REPORT_NAME, { exact: true })).toBeVisible()
  await checkScreen(elsewhere, 'the unsubscribe page, done')
  await elsewhere.setViewportSize(VIEWPORTS.desktop)
  await checkScreen(elsewhere, 'the unsubscribe page, done, on a laptop')

  // The writer sees that the colleague left.
  await page.reload()
  await expect(subscriptionEntry(reportSubscriptions(page))).toContainText('To Pat Lee (unsubscribed), Rita Writer')
})
