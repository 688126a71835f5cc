import { readFile } from 'node:fs/promises'
import { DSA_EXPORT_COLUMNS } from '@platform/contracts/dsa'
import { dsaLabels } from '@platform/contracts/labels/dsa'
import { expectNoSeriousA11yViolations } from '../support/axe.js'
import {
  type DemoTracker,
  applicationSummaryUrl,
  bodyRows,
  expectedCostText,
  expectedStatus,
  localDateStamp,
  matchingSearch,
  nextScrapeStart,
  openDsaTab,
  openDsaTracker,
  pagerSummary,
  parseCsv,
  percentText,
  projectFilters,
  projectNumber,
  projectRows,
  projectsTable,
  runCard,
  shownProjectNumbers,
  startDemoTracker,
  statNote,
  statValue,
  statusCounts,
  tableCells,
} from '../support/dsa.js'
import { expectNothingCutOff } from '../support/layout.js'
import { mainMenu, settled, signInAsNewAdmin } from '../support/screens.js'
import { expect, test, usePlatform } from '../support/test.js'

// The district's main client on a fake of the DSA tracker: 60 applications, so the Database View has two pages of 50.
// The tests run in order: the first scrapes, the next two read what it stored.
const CLIENT = '37-H9'
const CLIENT_NAME = '37-H9 (main)'
const PROJECT_COUNT = 60

let tracker: DemoTracker

// Registered before usePlatform(): the tracker runs, and the platform reads it, when the platform starts.
test.beforeAll(async () => {
  tracker = await startDemoTracker({ projectCounts: { [CLIENT]: PROJECT_COUNT } })
})

// 150 ms between two requests: the 121 pages of a run take about 20 s, long enough to watch it move.
usePlatform(() => ({
  env: { DSA_BASE_URL: tracker.url, DSA_REQUEST_DELAY_MS: '150', DSA_MAX_RETRIES: '0', DSA_TIMEOUT_SECONDS: '5' },
}))

test.afterAll(async () => {
  await tracker?.close()
})

test.describe.configure({ mode: 'serial' })

test('an administrator scrapes 37-H9 from the menu and watches the run progress, succeed and clear', async ({ page, platform }) => {
  test.setTimeout(90_000)
  await signInAsNewAdmin(page, platform, 'Dana Scraper')
  await mainMenu(page).getByRole('link', { name: 'DSA Project Tracker' }).click()
  await expect(page).toHaveURL(/\/dsa-tracker$/)
  await expect(page.getByRole('heading', { level: 1, name: 'DSA Project Tracker' })).toBeVisible()
  await expect(page.getByRole('tab', { name: 'Scraper', selected: true })).toBeVisible()
  await expect(page.getByText('No scrape has run yet.')).toBeVisible()

  // The main client is chosen at first.
  await expect(page.getByRole('radio', { name: CLIENT_NAME })).toBeChecked()
  const started = nextScrapeStart(page)
  await page.getByRole('button', { name: 'Start scrape' }).click()
  const start = await started
  expect(start.status).toBe(202)

  // In progress: the detail pages are counted as they are read, and the figures move while the run goes on.
  const card = runCard(page, CLIENT_NAME)
  await expect(card).toHaveAttribute('data-state', 'in_progress')
  await expect(card.getByText('In progress', { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Start scrape' })).toBeDisabled()
  await expect(page.getByText(`A scrape of ${CLIENT} is in progress.`)).toBeVisible()
  const step = card.getByText(/^Reading project details: \d+ of 60 \(\d+%\)$/)
  await expect(step).toBeVisible({ timeout: 10_000 })
  const detailsDone = async () => Number(/: (\d+) of/.exec((await step.textContent()) ?? '')?.[1])
  const firstSeen = await detailsDone()
  expect(firstSeen).toBeLessThan(PROJECT_COUNT)
  await expect.poll(detailsDone, { message: 'the details read go up', timeout: 10_000 }).toBeGreaterThan(firstSeen)
  await expect(card.getByText(/^Pages fetched: \d+ · Found: 60 · New: \d+ · Updated: 0$/)).toBeVisible()
  // The run's row in Recent runs is live as well: Running, and found what the card says it found (not 0).
  const liveRow = async () => {
    const rows = await tableCells(page.getByRole('table', { name: 'Recent runs' }))
    return rows.map((cells) => [cells[0], cells[4], cells[5]])
  }
  await expect.poll(liveRow, { message: 'the running row shows the live count', timeout: 10_000 }).toEqual([[CLIENT_NAME, 'Running', '60']])
  const bar = card.getByRole('progressbar', { name: `Progress of the scrape of ${CLIENT}` })
  await expect(bar).toHaveAttribute('aria-valuenow', /^\d+$/)
  const percent = Number(await bar.getAttribute('aria-valuenow'))
  await expect
    .poll(async () => Number(await bar.getAttribute('aria-valuenow')), { message: 'the bar moves', timeout: 10_000 })
    .toBeGreaterThan(percent)
  await settled(page)
  await expectNoSeriousA11yViolations(page, '/dsa-tracker (Scraper, a run in progress)')

  // Success, with its counts, for 5 s; then the result is cleared.
  await expect(card).toHaveAttribute('data-state', 'in_progress')
  await expect
    .poll(() => card.getAttribute('data-state'), { message: 'the run succeeds', timeout: 45_000, intervals: [100] })
    .toBe('success')
  const succeededAt = Date.now()
  await expect(card.getByText('Success', { exact: true })).toBeVisible()
  await expect(card.getByText('Finished: 60 projects found, 60 new, 0 updated.')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Start scrape' })).toBeEnabled()
  // The 5 s are the point here: the result is still there after 4 s, and gone soon after 5 s.
  await page.waitForTimeout(Math.max(0, succeededAt + 4_000 - Date.now()))
  expect(await card.isVisible(), 'the result is still shown 4 s after the run succeeded').toBe(true)
  await expect(card).toBeHidden({ timeout: 3_000 })
  expect(Date.now() - succeededAt).toBeLessThan(7_500)

  // The run stays in Recent runs.
  const recent = page.getByRole('table', { name: 'Recent runs' })
  await expect(bodyRows(recent)).toHaveCount(1)
  const [row] = await tableCells(recent)
  expect([row![0], row![1], row![4], row![5], row![6], row![7], row![8]]).toEqual([CLIENT_NAME, 'Manual', 'Success', '60', '60', '0', '—'])
})

test('the Database View lists, links, filters, pages and exports the projects of 37-H9', async ({ page, platform }) => {
  test.setTimeout(60_000)
  const served = tracker.projects(CLIENT)
  await signInAsNewAdmin(page, platform, 'Drew Database')
  await openDsaTracker(page)
  await openDsaTab(page, 'Database View')

  // 50 a page: Next shows the other 10, Previous returns.
  await expect(pagerSummary(page)).toHaveText('Showing 1–50 of 60 projects')
  await expect(projectRows(page)).toHaveCount(50)
  // At 1366 px every heading reads whole (no 'FR…') and names keep to a few lines.
  await page.setViewportSize({ width: 1366, height: 900 })
  await expectNothingCutOff(page, 'DSA Database View at 1366')
  const nameHeights = await projectRows(page).evaluateAll((rows) =>
    rows.map((row) => row.querySelectorAll('td')[2]!.firstElementChild!.getBoundingClientRect().height),
  )
  // A line of small text is about 22 px: three lines at most.
  expect(Math.max(...nameHeights), 'a project name wraps over more than 3 lines').toBeLessThan(70)
  expect(
    await page.getByRole('region', { name: 'DSA projects (scrollable)' }).evaluate((box) => box.scrollWidth - box.clientWidth),
  ).toBeLessThanOrEqual(1)
  const firstPage = await shownProjectNumbers(page)
  const previous = page.getByRole('button', { name: 'Previous' })
  const next = page.getByRole('button', { name: 'Next' })
  await expect(previous).toBeDisabled()
  await next.click()
  await expect(pagerSummary(page)).toHaveText('Showing 51–60 of 60 projects')
  await expect(projectRows(page)).toHaveCount(10)
  await expect(next).toBeDisabled()
  const secondPage = await shownProjectNumbers(page)
  expect([...firstPage, ...secondPage].sort()).toEqual(served.map(projectNumber).sort())
  await previous.click()
  await expect(pagerSummary(page)).toHaveText('Showing 1–50 of 60 projects')
  expect(await shownProjectNumbers(page)).toEqual(firstPage)

  // Every cost is in US dollars.
  const costs = await projectRows(page).evaluateAll((rows) =>
    rows.map((row) => row.querySelectorAll('td')[5]?.querySelector('p')?.textContent ?? ''),
  )
  expect(
    costs.filter((cost) => !/^(\$\d{1,3}(,\d{3})*(\.\d{2})?|—)$/.test(cost)),
    'costs not in US dollars',
  ).toEqual([])

  // Filter by status: only that status, as many as the tracker's data gives it.
  const filters = projectFilters(page)
  const status = statusCounts(served).find(({ count }) => count > 1 && count < 50)!.status
  const withStatus = served.filter((project) => expectedStatus(project) === status)
  await filters.getByRole('combobox', { name: 'Status' }).selectOption(status)
  await expect(pagerSummary(page)).toHaveText(
    `Showing 1–${withStatus.length} of ${withStatus.length} project${withStatus.length === 1 ? '' : 's'}`,
  )
  await expect(projectRows(page)).toHaveCount(withStatus.length)
  expect((await shownProjectNumbers(page)).sort()).toEqual(withStatus.map(projectNumber).sort())
  const statuses = await projectRows(page).evaluateAll((rows) => rows.map((row) => row.querySelectorAll('td')[4]?.textContent?.trim()))
  expect(new Set(statuses)).toEqual(new Set([dsaLabels.projectStatus[status as keyof typeof dsaLabels.projectStatus]]))
  const [firstShown] = await shownProjectNumbers(page)

  // A row's details open under it; the axe check sees them.
  const opened = withStatus.find((project) => projectNumber(project) === firstShown)!
  const toggle = projectRows(page)
    .filter({ hasText: firstShown })
    .getByRole('button', { name: `Tracker fields of ${firstShown}` })
  await toggle.click()
  await expect(toggle).toHaveAttribute('aria-expanded', 'true')
  const details = projectsTable(page).getByRole('group', { name: `Tracker fields of ${firstShown}` })
  await expect(details).toBeVisible()
  await expect(details.getByText('Received', { exact: true })).toBeVisible()
  await expect(details.getByText('Letter', { exact: true }).locator('xpath=following-sibling::*[1]')).toHaveText(
    opened.lastCertificationLetterType || '—',
  )
  await settled(page)
  await expectNoSeriousA11yViolations(page, '/dsa-tracker?tab=database (filtered, a project opened)')

  // Export with that filter: the file holds exactly the filtered rows.
  const downloaded = page.waitForEvent('download')
  const dayBefore = localDateStamp()
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const download = await downloaded
  expect([`dsa_projects_${dayBefore}.csv`, `dsa_projects_${localDateStamp()}.csv`]).toContain(download.suggestedFilename())
  expect(download.suggestedFilename()).toMatch(/^dsa_projects_\d{4}-\d{2}-\d{2}\.csv$/)
  await expect(page.getByText('Export completed successfully')).toBeVisible()
  const [header, ...records] = parseCsv(await readFile((await download.path())!, 'utf8'))
  expect(header!.join(',')).toBe(DSA_EXPORT_COLUMNS.join(','))
  const column = (name: (typeof DSA_EXPORT_COLUMNS)[number]) => DSA_EXPORT_COLUMNS.indexOf(name)
  expect(records).toHaveLength(withStatus.length)
  expect(records.map((record) => record[column('projectNumber')]).sort()).toEqual(withStatus.map(projectNumber).sort())
  expect(new Set(records.map((record) => record[column('projectStatus')]))).toEqual(new Set([status]))
  expect(new Set(records.map((record) => record[column('clientId')]))).toEqual(new Set([CLIENT]))
  for (const project of withStatus) {
    const record = records.find((candidate) => candidate[column('projectNumber')] === projectNumber(project))!
    expect(record[column('projectName')], projectNumber(project)).toBe(project.projectName)
    expect(record[column('projectLink')], projectNumber(project)).toBe(applicationSummaryUrl(tracker.url, project))
  }
  await filters.getByRole('combobox', { name: 'Status' }).selectOption('All statuses')
  await expect(pagerSummary(page)).toHaveText('Showing 1–50 of 60 projects')

  // Search by a project's name: only the projects whose number, name, city, type or PTN hold every word.
  const target =
    served.find((project) => project.projectName.includes(' - ') && matchingSearch(served, project.projectName).length === 1) ?? served[0]!
  const found = matchingSearch(served, target.projectName)
  const search = filters.getByRole('searchbox', { name: 'Search' })
  await search.fill(target.projectName)
  await expect(pagerSummary(page)).toHaveText(`Showing 1–${found.length} of ${found.length} project${found.length === 1 ? '' : 's'}`)
  await expect(projectRows(page)).toHaveCount(found.length)
  expect((await shownProjectNumbers(page)).sort()).toEqual(found.map(projectNumber).sort())

  // The project's number links to its ApplicationSummary page on the tracker; its cost is in US dollars.
  const row = projectRows(page).filter({ hasText: projectNumber(target) })
  const link = row.getByRole('link', { name: `${projectNumber(target)} (opens the tracker in a new tab)` })
  await expect(link).toHaveAttribute('href', applicationSummaryUrl(tracker.url, target))
  await expect(link).toHaveAttribute('target', '_blank')
  // The name, with the project's type under it; the status in words.
  await expect(row.getByRole('cell').nth(2).locator('p').first()).toHaveText(target.projectName)
  await expect(row.getByRole('cell').nth(4)).toHaveText(
    dsaLabels.projectStatus[expectedStatus(target) as keyof typeof dsaLabels.projectStatus],
  )
  await expect(row.getByRole('cell').nth(5).locator('p').first()).toHaveText(expectedCostText(target))

  // A search that matches nothing.
  await search.fill('zzqx no such project')
  await expect(page.getByText('No projects found', { exact: true })).toBeVisible()
  await expect(projectsTable(page)).toBeHidden()
  await expect(pagerSummary(page)).toBeHidden()
})

test('the Statistics tab shows the totals, the breakdowns and the run in the scrape log', async ({ page, platform }) => {
  const served = tracker.projects(CLIENT)
  await signInAsNewAdmin(page, platform, 'Stacy Statistics')
  await openDsaTracker(page)
  await openDsaTab(page, 'Statistics')

  await expect(statValue(page, 'Total projects')).toHaveText('60')
  await expect(statValue(page, 'Fresh projects')).toHaveText('60')
  await expect(statNote(page, 'Fresh projects')).toHaveText('100% confirmed recently')
  await expect(statValue(page, 'Clients')).toHaveText('1')
  await expect(statValue(page, 'Success rate')).toHaveText('100%')
  await expect(statNote(page, 'Success rate')).toHaveText(/^1 of 1 runs succeeded in the last 30 days · last run .+$/)

  // The status breakdown: each status's count and share, most first.
  const byStatus = page.getByRole('table', { name: 'Projects by status' })
  await expect(bodyRows(byStatus)).toHaveCount(statusCounts(served).length)
  expect(await tableCells(byStatus)).toEqual(
    statusCounts(served).map(({ status, count }) => [
      dsaLabels.projectStatus[status as keyof typeof dsaLabels.projectStatus],
      String(count),
      percentText(count, PROJECT_COUNT),
    ]),
  )
  await expect(page.getByRole('img', { name: /^Donut chart of 60 projects by status/ })).toBeVisible()

  // The client breakdown.
  const byClient = page.getByRole('table', { name: 'Projects by client' })
  await expect(bodyRows(byClient)).toHaveCount(1)
  expect(await tableCells(byClient)).toEqual([[CLIENT_NAME, '60']])

  // The recent scrape log: the run of the first test.
  const logs = page.getByRole('table', { name: 'Recent scrape logs' })
  await expect(bodyRows(logs)).toHaveCount(1)
  const [log] = await tableCells(logs)
  expect(log).toHaveLength(8)
  expect([log![0], log![3], log![4], log![5], log![6], log![7]]).toEqual([CLIENT_NAME, 'Success', '60', '60', '0', '—'])
  expect(log![1]).not.toBe('—')
  expect(log![2]).not.toBe('—')

  await settled(page)
  await expectNoSeriousA11yViolations(page, '/dsa-tracker?tab=statistics')
})
