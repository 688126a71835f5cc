import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type FakeWeblogic, startFakeWeblogic } from '../../apps/server/test/fake-weblogic.js'
import { expectNoSeriousA11yViolations } from '../support/axe.js'
import { adminField, cardTextWithoutAges, domainCard, expectManagedServer, openErrorDetails, summaryValue } from '../support/monitoring.js'
import { settled, signInAsNewAdmin } from '../support/screens.js'
import { expect, test, usePlatform } from '../support/test.js'

// Two domains read from fake WebLogic admin servers (apps/server/test/fake-weblogic.ts): one answering like a real
// 12.2.1.4 domain (AdminServer and osb_server1 running in cluster1, osb_server2 shut down), one that never answers.
const LIVE = 'osb_prod'
const HUNG = 'legacy_hung'
const HUNG_TIMEOUT_MS = 1_500
const PASSWORD_ENV = 'WLS_E2E_MONITOR_PASSWORD'
const AUTH_ERROR = 'The admin server refused the user name or password (check username and the password variable)'

let live: FakeWeblogic
let hung: FakeWeblogic
let dir: string

// Registered before usePlatform(): the fakes run, and the domains file names them, when the platform reads its config.
test.beforeAll(async () => {
  live = await startFakeWeblogic()
  hung = await startFakeWeblogic()
  hung.setMode('hang')
  dir = await mkdtemp(join(tmpdir(), 'monitoring-e2e-'))
  const domains = [
    { name: LIVE, adminUrl: live.url, username: 'monitor', passwordEnv: PASSWORD_ENV, timeoutMs: 5_000 },
    { name: HUNG, adminUrl: hung.url, username: 'monitor', passwordEnv: PASSWORD_ENV, timeoutMs: HUNG_TIMEOUT_MS },
  ]
  await writeFile(join(dir, 'weblogic.json'), JSON.stringify({ domains }))
})

// A long cache time: within this file a domain is read again only when a test asks for it (its Refresh).
usePlatform(() => ({
  env: { WEBLOGIC_DOMAINS_FILE: join(dir, 'weblogic.json'), [PASSWORD_ENV]: 'secret-pass', WEBLOGIC_CACHE_TTL_SECONDS: '600' },
}))

test.afterAll(async () => {
  await live?.close()
  await hung?.close()
  if (dir) await rm(dir, { recursive: true, force: true })
})

// A test that stops half-way must not leave the live domain refusing the password for the next one.
test.afterEach(() => {
  live.setMode('ok')
})

test('the live domain shows its servers as WebLogic reports them, the hung one UNREACHABLE with its error', async ({ page, platform }) => {
  await signInAsNewAdmin(page, platform, 'Wendy Weblogic')
  await page.goto('/admin/monitoring')
  await expect(page.getByRole('heading', { level: 1, name: 'Server Monitoring' })).toBeVisible()

  const card = domainCard(page, LIVE)
  await expect(card.getByText('Online', { exact: true })).toBeVisible()
  await expect(card.getByText('Mock data', { exact: true })).toHaveCount(0)
  await expect(adminField(card, 'Admin server')).toContainText('AdminServer')
  await expect(adminField(card, 'Admin server')).toContainText(`127.0.0.1:${live.port}`)
  await expect(adminField(card, 'State')).toHaveText('Running')
  await expect(adminField(card, 'Health')).toHaveText('OK')
  await expect(adminField(card, 'WebLogic version')).toHaveText('12.2.1.4.0')
  await expect(card.getByRole('link', { name: /Open Console/ })).toHaveAttribute('href', `${live.url}/console`)
  await expectManagedServer(card, LIVE, 'osb_server1', {
    address: 'wls-host',
    port: '8011',
    cluster: 'cluster1',
    state: 'RUNNING',
    started: true,
    health: 'OK',
  })
  await expectManagedServer(card, LIVE, 'osb_server2', {
    address: 'wls-host2',
    port: '8011',
    cluster: 'cluster1',
    state: 'SHUTDOWN',
    started: false,
    health: '—',
  })
  await expect(card.getByRole('alert')).toHaveCount(0)

  const hungCard = domainCard(page, HUNG)
  await expect(hungCard.getByText('Unreachable', { exact: true }).first()).toBeVisible()
  await expect(adminField(hungCard, 'State')).toHaveText('Unreachable')
  await expect(hungCard.getByText(`The admin server did not answer within ${HUNG_TIMEOUT_MS / 1000} s`, { exact: true })).toBeVisible()
  await expect(await openErrorDetails(hungCard)).toHaveText('timeout')
  await expect(hungCard.getByText('No managed servers.')).toBeVisible()
  // The hung admin server was asked (and never answered).
  expect(hung.requests.length).toBeGreaterThan(0)

  // AdminServer, osb_server1 running; osb_server2 shut down; the hung domain's admin server unknown.
  await expect(summaryValue(page, 'Total Domains')).toHaveText('2')
  await expect(summaryValue(page, 'Running Servers')).toHaveText('2/4')
  await expect(summaryValue(page, 'Warnings')).toHaveText('0')
  await expect(summaryValue(page, 'Failed')).toHaveText('1')
})

test("a domain's own Refresh reads only that domain: a refused password shows as ERROR, the other card is unchanged", async ({
  page,
  platform,
}) => {
  await signInAsNewAdmin(page, platform, 'Rafe Refresher')
  await page.goto('/admin/monitoring')
  const card = domainCard(page, LIVE)
  const hungCard = domainCard(page, HUNG)
  await expect(card.getByText('Online', { exact: true })).toBeVisible()
  await expect(hungCard.getByText(/^Last checked /)).toBeVisible()
  const hungBefore = await cardTextWithoutAges(hungCard)
  const hungAsked = hung.requests.length

  /** Clicks 'Refresh {LIVE}' and checks the call it makes. */
  async function refreshLive(): Promise<void> {
    const liveAsked = live.requests.length
    const posted = page.waitForResponse(
      (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/weblogic-status',
    )
    await card.getByRole('button', { name: `Refresh ${LIVE}` }).click()
    const response = await posted
    expect(response.status()).toBe(200)
    expect(response.request().postDataJSON()).toEqual({ serverName: LIVE, forceRefresh: true })
    // The live admin server was asked again.
    expect(live.requests.length).toBeGreaterThan(liveAsked)
  }

  // The monitoring user's password is now refused (401 with WebLogic's HTML page).
  live.setMode('unauthorized')
  await refreshLive()
  await expect(card.getByText('Error', { exact: true })).toBeVisible()
  await expect(card.getByText(AUTH_ERROR, { exact: true })).toBeVisible()
  const raw = await openErrorDetails(card)
  await expect(raw).toContainText('HTTP 401')
  await expect(raw).toContainText('Error 401--Unauthorized')
  // Its servers, known from the last good read, are now unknown; the summary follows.
  await expect(adminField(card, 'State')).toHaveText('Unreachable')
  await expectManagedServer(card, LIVE, 'osb_server1', {
    address: 'wls-host',
    port: '8011',
    cluster: 'cluster1',
    state: 'UNREACHABLE',
    started: true,
    health: '—',
  })
  await expect(summaryValue(page, 'Running Servers')).toHaveText('0/4')
  await expect(summaryValue(page, 'Failed')).toHaveText('0')
  await settled(page)
  await expectNoSeriousA11yViolations(page, '/admin/monitoring (a domain in ERROR, its Details open)')

  // The hung domain was not read again, and its card did not change.
  expect(hung.requests.length).toBe(hungAsked)
  await expect(hungCard.getByText('Unreachable', { exact: true }).first()).toBeVisible()
  expect(await cardTextWithoutAges(hungCard)).toBe(hungBefore)

  // The password is accepted again: Refresh brings the domain back.
  live.setMode('ok')
  await refreshLive()
  await expect(card.getByText('Online', { exact: true })).toBeVisible()
  await expect(card.getByText('Error', { exact: true })).toHaveCount(0)
  await expect(card.getByText(AUTH_ERROR)).toHaveCount(0)
  await expect(adminField(card, 'State')).toHaveText('Running')
  await expectManagedServer(card, LIVE, 'osb_server1', {
    address: 'wls-host',
    port: '8011',
    cluster: 'cluster1',
    state: 'RUNNING',
    started: true,
    health: 'OK',
  })
  await expect(summaryValue(page, 'Running Servers')).toHaveText('2/4')
  await expect(summaryValue(page, 'Failed')).toHaveText('1')
  expect(hung.requests.length).toBe(hungAsked)
  expect(await cardTextWithoutAges(hungCard)).toBe(hungBefore)
})
