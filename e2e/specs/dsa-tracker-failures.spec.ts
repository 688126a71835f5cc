import { CLIENT_ID_HINT } from '@platform/contracts/dsa'
import { expectNoSeriousA11yViolations } from '../support/axe.js'
import { type DemoTracker, bodyRows, nextScrapeStart, openDsaTracker, runCard, startDemoTracker, tableCells } from '../support/dsa.js'
import { bearer, settled, signInAsNewAdmin } from '../support/screens.js'
import { expect, test, usePlatform } from '../support/test.js'

// A fake of the DSA tracker that the tests make fail or slow down; no retries, so a failure ends a run at once.
let tracker: DemoTracker

test.beforeAll(async () => {
  tracker = await startDemoTracker({ projectCounts: { '37-58': 5 } })
})

usePlatform(() => ({
  env: { DSA_BASE_URL: tracker.url, DSA_REQUEST_DELAY_MS: '100', DSA_MAX_RETRIES: '0', DSA_TIMEOUT_SECONDS: '5' },
}))

test.afterAll(async () => {
  await tracker?.close()
})

test.afterEach(() => {
  tracker.setBehaviour({ kind: 'ok' })
})

test('a custom client id: a malformed one shows the hint; on a failing tracker the run fails with the reason', async ({
  page,
  platform,
}) => {
  await signInAsNewAdmin(page, platform, 'Casey Custom')
  await openDsaTracker(page)
  const starts: string[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/dsa-scrape') starts.push(request.postData() ?? '')
  })

  await page.getByRole('radio', { name: 'Another client ID' }).check()
  const customId = page.getByRole('textbox', { name: 'Custom client ID' })
  await expect(customId).toBeVisible()
  const start = page.getByRole('button', { name: 'Start scrape' })

  // Nothing typed, then an id that is not a county number and district code: the hint, and nothing is sent.
  await start.click()
  await expect(page.getByText('Please select or enter a client ID', { exact: true })).toBeVisible()
  await expect(customId).toHaveAttribute('aria-invalid', 'true')
  await customId.fill('H9/37')
  await expect(page.getByText('Please select or enter a client ID', { exact: true })).toBeHidden()
  await start.click()
  await expect(page.getByText(CLIENT_ID_HINT, { exact: true })).toBeVisible()
  await expect(customId).toHaveAttribute('aria-invalid', 'true')
  await settled(page)
  await expectNoSeriousA11yViolations(page, '/dsa-tracker (Scraper, a malformed custom client id)')
  expect(starts, 'no scrape was asked for').toEqual([])

  // A well-formed id, but the tracker answers 503 to everything: the run fails and says why.
  tracker.setBehaviour({ kind: 'fail', status: 503 })
  await customId.fill('37-H10')
  await expect(page.getByText(CLIENT_ID_HINT, { exact: true })).toBeHidden()
  const started = nextScrapeStart(page)
  await start.click()
  expect((await started).status).toBe(202)
  const reason =
    'Could not read the project list of 37-H10: The tracker answered 503 Service Unavailable (1 try). Stored projects were kept and marked stale.'
  const card = runCard(page, '37-H10')
  await expect(card).toHaveAttribute('data-state', 'failed', { timeout: 10_000 })
  await expect(card.getByText('Failed', { exact: true })).toBeVisible()
  await expect(card.getByText(`The scrape failed; no project was changed. ${reason}`, { exact: true })).toBeVisible()
  // No retries: the tracker was asked once.
  expect(tracker.requests.filter((request) => request.path.includes('ClientId=37-H10'))).toHaveLength(1)

  // The recent runs keep the failure and its reason once the card is cleared.
  await expect(card).toBeHidden({ timeout: 8_000 })
  const recent = page.getByRole('table', { name: 'Recent runs' })
  await expect(bodyRows(recent)).toHaveCount(1)
  const [row] = await tableCells(recent)
  expect([row![0], row![1], row![4], row![5], row![6], row![7], row![8]]).toEqual(['37-H10', 'Manual', 'Failed', '0', '0', '0', reason])
})

test("a second start of a client whose run is going is refused: 'Scraping failed: …', and the running run shows", async ({
  page,
  platform,
  request,
}) => {
  test.setTimeout(60_000)
  const { token } = await signInAsNewAdmin(page, platform, 'Robin Repeat')
  await openDsaTracker(page)
  await expect(page.getByRole('table', { name: 'Recent runs' }).or(page.getByText('No scrape has run yet.'))).toBeVisible()

  // Someone else starts 37-58 on a slow tracker (one second a page) after this page read the runs.
  tracker.setBehaviour({ kind: 'slow', delayMs: 1_000 })
  const elsewhere = await request.post('/api/dsa-scrape', { headers: bearer(token), data: { clientId: '37-58' } })
  expect(elsewhere.status()).toBe(202)

  await page.getByRole('radio', { name: '37-58 (secondary)' }).check()
  const started = nextScrapeStart(page)
  await page.getByRole('button', { name: 'Start scrape' }).click()
  const refused = await started
  expect(refused.status).toBe(409)
  await expect(page.getByRole('alert').filter({ hasText: /^Scraping failed:/ })).toHaveText(
    /^Scraping failed: A scrape of 37-58 is already running \(started \d{2}:\d{2} UTC\)\. Wait for it to finish\.$/,
  )

  // The screen reads the runs again and follows the one that is going.
  const card = runCard(page, '37-58 (secondary)')
  await expect(card).toHaveAttribute('data-state', 'in_progress')
  await expect(page.getByRole('button', { name: 'Start scrape' })).toBeDisabled()
  await expect(page.getByText('A scrape of 37-58 is in progress.')).toBeVisible()
  // The API refuses it the same way.
  const again = await request.post('/api/dsa-scrape', { headers: bearer(token), data: { clientId: '37-58' } })
  expect(again.status()).toBe(409)
  expect(await again.json()).toMatchObject({
    code: 'scrape_running',
    error: expect.stringContaining('A scrape of 37-58 is already running'),
  })

  // Once the tracker is quick again the run ends, and a new start is possible.
  tracker.setBehaviour({ kind: 'ok' })
  await expect(card).toHaveAttribute('data-state', 'success', { timeout: 20_000 })
  await expect(card.getByText('Finished: 5 projects found, 5 new, 0 updated.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Start scrape' })).toBeEnabled()
})
