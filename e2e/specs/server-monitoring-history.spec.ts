import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { MailListResponseSchema, MailMessageDetailSchema } from '@platform/contracts/email'
import { type FakeWeblogic, startFakeWeblogic } from '../../apps/server/test/fake-weblogic.js'
import { expectNoSeriousA11yViolations } from '../support/axe.js'
import { ADMIN_EMAIL } from '../support/platform.js'
import { adminField, domainCard, expectManagedServer, historyDialog, managedServerCell, sinceTime } from '../support/monitoring.js'
import { bearer, settled, signInAsNewAdmin } from '../support/screens.js'
import { expect, test, usePlatform } from '../support/test.js'

// One domain read from a fake WebLogic admin server (apps/server/test/fake-weblogic.ts): AdminServer and osb_server1
// running, osb_server2 shut down. Alerts go to every active administrator.
const DOMAIN = 'osb_history'
const PASSWORD_ENV = 'WLS_E2E_HISTORY_PASSWORD'
const ALERT_SUBJECT = `Server alert: ${DOMAIN} needs attention`

let live: FakeWeblogic
let dir: string

// Registered before usePlatform(): the fake runs, and the domains file names it, when the platform reads its config.
test.beforeAll(async () => {
  live = await startFakeWeblogic()
  dir = await mkdtemp(join(tmpdir(), 'monitoring-history-e2e-'))
  const domains = [{ name: DOMAIN, adminUrl: live.url, username: 'monitor', passwordEnv: PASSWORD_ENV, timeoutMs: 5_000 }]
  await writeFile(join(dir, 'weblogic.json'), JSON.stringify({ domains }))
})

// A long cache time: the domain is read again only when the test presses its Refresh.
usePlatform(() => ({
  env: {
    WEBLOGIC_DOMAINS_FILE: join(dir, 'weblogic.json'),
    [PASSWORD_ENV]: 'secret-pass',
    WEBLOGIC_CACHE_TTL_SECONDS: '600',
    WEBLOGIC_ALERTS: 'admins',
  },
}))

test.afterAll(async () => {
  await live?.close()
  if (dir) await rm(dir, { recursive: true, force: true })
})

test.afterEach(() => {
  live.setMode('ok')
})

test('a server that drops out shows a new since, the change in History, and an alert to the administrators', async ({
  page,
  platform,
  request,
}) => {
  const { email, token } = await signInAsNewAdmin(page, platform, 'Hester History')
  await page.goto('/admin/monitoring')
  const card = domainCard(page, DOMAIN)
  await expect(card.getByText('Online', { exact: true })).toBeVisible()

  // Since: the first read is the start of each server's current state.
  await expect(adminField(card, 'Since')).toHaveText(/^(less than a minute|\d+ min) ago \(.+\)$/)
  await expect(sinceTime(adminField(card, 'Since'))).toHaveAttribute('datetime', /^\d{4}-\d{2}-\d{2}T/)
  await expectManagedServer(card, DOMAIN, 'osb_server1', {
    address: 'wls-host',
    port: '8011',
    cluster: 'cluster1',
    state: 'RUNNING',
    started: true,
    health: 'OK',
  })
  const server1Since = sinceTime(await managedServerCell(card, DOMAIN, 'osb_server1', 'State'))
  await expect(server1Since).toHaveText(/^since (less than a minute|\d+ min) ago \(.+\)$/)
  const firstSeen = await server1Since.getAttribute('datetime')

  // osb_server1 drops out of the runtime list: the domain's Refresh shows it UNREACHABLE, since now.
  live.setMode('missing-runtime')
  const refreshedAt = Date.now()
  const posted = page.waitForResponse(
    (response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/weblogic-status',
  )
  await card.getByRole('button', { name: `Refresh ${DOMAIN}` }).click()
  expect((await posted).status()).toBe(200)
  await expectManagedServer(card, DOMAIN, 'osb_server1', {
    address: 'wls-host',
    port: '8011',
    cluster: 'cluster1',
    state: 'UNREACHABLE',
    started: false,
    health: '—',
  })
  await expect(server1Since).not.toHaveAttribute('datetime', firstSeen!)
  const changedAt = Date.parse((await server1Since.getAttribute('datetime'))!)
  expect(changedAt).toBeGreaterThanOrEqual(refreshedAt - 1_000)
  await expect(server1Since).toHaveText(/^since less than a minute ago \(.+\)$/)

  // History: the change, newest first, and the first-seen rows of the first read.
  const history = card.getByRole('button', { name: `History of ${DOMAIN}` })
  await history.click()
  const dialog = historyDialog(page, DOMAIN)
  await expect(dialog).toBeVisible()
  const table = dialog.getByRole('table', { name: `State changes of ${DOMAIN}` })
  const rows = table.getByRole('row').filter({ has: page.getByRole('rowheader') })
  await expect(rows).toHaveCount(4)
  const newest = rows.first()
  await expect(newest.getByRole('rowheader')).toHaveText('osb_server1')
  await expect(newest.getByRole('cell').nth(1)).toHaveText('Running → Unreachable')
  await expect(newest.getByRole('cell').nth(2)).toHaveText('OK → —')
  const firstSeenRow = (server: string) =>
    rows.filter({ has: page.getByRole('rowheader', { name: server, exact: true }) }).filter({ hasText: 'First seen' })
  await expect(firstSeenRow('AdminServer').getByRole('cell').nth(1)).toHaveText('First seen → Running')
  await expect(firstSeenRow('osb_server1').getByRole('cell').nth(1)).toHaveText('First seen → Running')
  await expect(firstSeenRow('osb_server2').getByRole('cell').nth(1)).toHaveText('First seen → Shut down')
  await settled(page)
  await expectNoSeriousA11yViolations(page, '/admin/monitoring (State history open)')

  // Escape closes it and gives the focus back to History.
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(history).toBeFocused()

  // The alert was queued for every active administrator (the mail log shows it), and reaches them once the queue runs.
  const seen = platform.smtp.inbox.length
  for (const recipient of [email, ADMIN_EMAIL]) {
    const list = async () => {
      const response = await request.get('/api/email/messages', { headers: bearer(token), params: { kind: 'server_alert', recipient } })
      expect(response.status()).toBe(200)
      return MailListResponseSchema.parse(await response.json()).data.filter((mail) => mail.recipient === recipient)
    }
    await expect.poll(async () => (await list()).length, { message: `an alert to ${recipient}` }).toBe(1)
    const [alert] = await list()
    expect(alert!.subject).toBe(ALERT_SUBJECT)
    const detail = await request.get(`/api/email/messages/${alert!.message_id}`, { headers: bearer(token) })
    expect(detail.status()).toBe(200)
    expect(MailMessageDetailSchema.parse(await detail.json()).body_text).toContain('osb_server1: Running (OK) → Unreachable')
  }
  await platform.processMail()
  for (const recipient of [email, ADMIN_EMAIL]) {
    const mail = await platform.mailAfter(recipient, seen)
    expect(mail.text).toContain('osb_server1: Running (OK) → Unreachable')
  }
})
