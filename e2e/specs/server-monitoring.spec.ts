import { WeblogicStatusResponseSchema } from '@platform/contracts/monitoring'
import { labelOf } from '@platform/contracts/labels'
import { adminLabels } from '@platform/contracts/labels/admin'
import { expectNoSeriousA11yViolations } from '../support/axe.js'
import { expectNothingCutOff, VIEWPORTS } from '../support/layout.js'
import {
  SUMMARY_LABELS,
  adminField,
  domainCard,
  managedServerCell,
  openErrorDetails,
  secondsToNextRefresh,
  summaryValue,
} from '../support/monitoring.js'
import { bearer, mainMenu, settled, signInAsNewAdmin } from '../support/screens.js'
import { expect, test, usePlatform } from '../support/test.js'

// No WEBLOGIC_DOMAINS_FILE: Server Monitoring runs on its clearly labelled mock domains.
usePlatform()

const MOCK_NOTE = 'Mock data: no WebLogic domains are configured (WEBLOGIC_DOMAINS_FILE); these servers are examples.'

test('mock mode: an administrator opens Server Monitoring from the menu and sees the counts the API gives, labelled mock data', async ({
  page,
  platform,
  request,
}) => {
  const { token } = await signInAsNewAdmin(page, platform, 'Monty Monitor')

  await mainMenu(page).getByRole('link', { name: 'Server Monitoring' }).click()
  await expect(page).toHaveURL(/\/apps\/weblogic-monitoring$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Server Monitoring' })).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1)
  await expect(summaryValue(page, 'Total Domains')).toBeVisible()

  // What the server says, read with the administrator's own session.
  const response = await request.get('/api/weblogic-status', { headers: bearer(token) })
  expect(response.status()).toBe(200)
  const status = WeblogicStatusResponseSchema.parse(await response.json())
  const { summary } = status

  // The mock domains of apps/server/src/features/monitoring/mock-domains.ts, counted by hand: 3 domains, 10 servers
  // (3 admin servers, 7 managed); running: the admin servers of finance_prod and hr_payroll, fin_server1, fin_server2,
  // hr_server1 = 5; warnings: fin_server2 (WARN), payroll_reports (STARTING); failed: fin_batch (SHUTDOWN), hr_server2
  // (FAILED, CRITICAL); the unreachable domain's two servers are neither.
  expect(summary).toEqual({ totalDomains: 3, totalServers: 10, runningServers: 5, warningServers: 2, failedServers: 2 })
  expect(status.domains.every((domain) => domain.isMockData)).toBe(true)

  // The cards show exactly the server's figures.
  const shown = {
    'Total Domains': String(summary.totalDomains),
    'Running Servers': `${summary.runningServers}/${summary.totalServers}`,
    Warnings: String(summary.warningServers),
    Failed: String(summary.failedServers),
  }
  for (const label of SUMMARY_LABELS) await expect(summaryValue(page, label), label).toHaveText(shown[label])

  // One card per domain, each with the domain's status, a 'Mock data' badge and the mock note.
  await expect(page.getByTestId('domain-card')).toHaveCount(status.domains.length)
  for (const domain of status.domains) {
    const card = domainCard(page, domain.domain)
    await expect(card.getByRole('heading', { name: domain.domain })).toBeVisible()
    await expect(card.getByText(labelOf(adminLabels.domainStatus, domain.status), { exact: true }).first()).toBeVisible()
    await expect(card.getByText('Mock data', { exact: true })).toBeVisible()
    await expect(card.getByText(MOCK_NOTE)).toBeVisible()
  }

  // A running mock domain: its admin server and managed servers, with its console link.
  const finance = domainCard(page, 'finance_prod')
  await expect(adminField(finance, 'State')).toHaveText('Running')
  await expect(adminField(finance, 'Health')).toHaveText('OK')
  await expect(adminField(finance, 'WebLogic version')).toHaveText('14.1.1.0.0')
  await expect(finance.getByRole('link', { name: /Open Console/ })).toHaveAttribute(
    'href',
    'https://wls-finance.district.local:7001/console',
  )
  await expect(finance.getByRole('table', { name: 'Managed servers of finance_prod' }).getByRole('rowheader')).toHaveText([
    'fin_server1',
    'fin_server2',
    'fin_batch',
  ])

  // The unreachable mock domain: UNREACHABLE, its error, the raw error under 'Details', and no console link.
  const unreachable = status.domains.find((domain) => domain.status === 'UNREACHABLE')
  expect(unreachable?.error, 'the mock data has an unreachable domain with an error').toBeTruthy()
  const sis = domainCard(page, unreachable!.domain)
  await expect(sis.getByText('Unreachable', { exact: true }).first()).toBeVisible()
  await expect(adminField(sis, 'State')).toHaveText('Unreachable')
  await expect(sis.getByText(unreachable!.error!, { exact: true })).toBeVisible()
  await expect(sis.getByRole('link', { name: /Open Console/ })).toHaveCount(0)
  await expect(await openErrorDetails(sis)).toHaveText(unreachable!.originalError!)
})

test('mock mode: the cache line counts down to the next refresh, live', async ({ page, platform }) => {
  await signInAsNewAdmin(page, platform, 'Cora Countdown')
  await page.goto('/admin/monitoring')
  await expect(page.getByRole('heading', { level: 1, name: 'Server Monitoring' })).toBeVisible()
  const line = page.getByTestId('cache-line')
  await expect(line).toHaveText(/^10 servers · updates every 1 minute · data age \d+s · next refresh in \d+s$/)

  const first = await secondsToNextRefresh(page)
  const firstReadAt = Date.now()
  expect(first).toBeGreaterThan(5)
  expect(first).toBeLessThanOrEqual(60)
  // A couple of seconds later the seconds went down, by about as many seconds as passed (the line ticks every second).
  await page.waitForTimeout(2_500)
  const second = await secondsToNextRefresh(page)
  const elapsed = (Date.now() - firstReadAt) / 1000
  expect(second).toBeLessThan(first)
  expect(first - second).toBeGreaterThanOrEqual(Math.floor(elapsed) - 1)
  expect(first - second).toBeLessThanOrEqual(Math.ceil(elapsed) + 1)
})

test('axe: Server Monitoring in mock mode, with an error opened', async ({ page, platform }) => {
  await signInAsNewAdmin(page, platform, 'Axel Monitor')
  await page.goto('/apps/weblogic-monitoring')
  await expect(page.getByRole('heading', { level: 1, name: 'Server Monitoring' })).toBeVisible()
  await expect(page.getByTestId('domain-card')).toHaveCount(3)
  await settled(page)
  await expectNoSeriousA11yViolations(page, '/apps/weblogic-monitoring (mock mode)')

  await openErrorDetails(domainCard(page, 'student_info_test'))
  await settled(page)
  await expectNoSeriousA11yViolations(page, '/apps/weblogic-monitoring (mock mode, Details open)')
})

test('a staff member gets Admin Access Required on Server Monitoring, and 403 from its API', async ({ page, platform, request }) => {
  const { email } = await platform.createUser({ roleCode: 'STAFF', applications: ['DASHBOARD'] })
  await platform.signIn(page, email)
  const token = await platform.storedToken(page)
  const statusCalls: string[] = []
  page.on('request', (call) => {
    if (new URL(call.url()).pathname === '/api/weblogic-status') statusCalls.push(`${call.method()} ${call.url()}`)
  })

  await expect(mainMenu(page).getByRole('link', { name: 'Server Monitoring' })).toHaveCount(0)
  for (const path of ['/admin/monitoring', '/apps/weblogic-monitoring']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { name: 'Admin Access Required' }), path).toBeVisible()
    await expect(page.getByText('Only administrators can access this page.')).toBeVisible()
    await expect(page.getByRole('heading', { level: 1, name: 'Server Monitoring' })).toHaveCount(0)
    await expect(page.getByRole('region', { name: 'Summary' })).toHaveCount(0)
  }
  // The screen did not even ask.
  expect(statusCalls).toEqual([])

  // The server refuses on its own: the role is checked there, not only on screen.
  expect((await request.get('/api/weblogic-status', { headers: bearer(token) })).status()).toBe(403)
  expect((await request.get('/api/weblogic-status?refresh=true', { headers: bearer(token) })).status()).toBe(403)
  const refresh = await request.post('/api/weblogic-status', {
    headers: bearer(token),
    data: { serverName: 'finance_prod', forceRefresh: true },
  })
  expect(refresh.status()).toBe(403)
  // Without a session: 401.
  expect((await request.get('/api/weblogic-status')).status()).toBe(401)
})

test('mock mode: at a laptop’s width every column of the managed servers shows without scrolling, one line per address', async ({
  page,
  platform,
}) => {
  await page.setViewportSize(VIEWPORTS.desktop)
  await signInAsNewAdmin(page, platform, 'Lena Laptop')
  await page.goto('/admin/monitoring')
  await expect(page.getByTestId('domain-card')).toHaveCount(3)
  await settled(page)
  for (const domain of ['finance_prod', 'hr_payroll', 'student_info_test']) {
    const box = domainCard(page, domain).locator('.mantine-ScrollArea-viewport').first()
    const overflow = await box.evaluate((viewport) => viewport.scrollWidth - viewport.clientWidth)
    expect(overflow, `the managed servers of ${domain} need no sideways scrolling`).toBeLessThanOrEqual(1)
  }
  // The longest address on one line, its port with it.
  const address = await managedServerCell(domainCard(page, 'hr_payroll'), 'hr_payroll', 'payroll_reports', 'Listen address')
  await expect(address).toHaveText('payroll-reports.district.local:8021')
  // Kept on one line (and, by expectNothingCutOff below, not cut off either).
  expect(await address.evaluate((cell) => getComputedStyle(cell).whiteSpace)).toBe('nowrap')
  // A server in no cluster says so.
  await expect(await managedServerCell(domainCard(page, 'finance_prod'), 'finance_prod', 'fin_batch', 'Cluster')).toHaveText(
    'Not in a cluster',
  )
  await expectNothingCutOff(page, 'Server Monitoring (laptop)')
})

test('mock mode: at a phone’s width each managed server is a card within the screen, with no empty label', async ({ page, platform }) => {
  await page.setViewportSize(VIEWPORTS.phone)
  await signInAsNewAdmin(page, platform, 'Pax Phone')
  await page.goto('/admin/monitoring')
  await expect(page.getByTestId('domain-card')).toHaveCount(3)
  await settled(page)
  const cards = page.locator('[data-testid="domain-card"] table tbody tr')
  await expect(cards).toHaveCount(7)
  for (const card of await cards.all()) {
    const box = await card.boundingBox()
    expect(box!.x + box!.width, 'a server card ends inside the screen').toBeLessThanOrEqual(VIEWPORTS.phone.width)
    // Each labelled cell has something under its label.
    for (const cell of await card.locator('td[data-label]').all()) expect((await cell.innerText()).trim()).not.toBe('')
  }
  await expectNothingCutOff(page, 'Server Monitoring (phone)')
})
