import { expect, type Locator, type Page } from '@playwright/test'
import type { DsaStatus } from '@platform/contracts/dsa'
import type { DemoProject } from '../../apps/server/src/features/dsa/demo-tracker/demo-tracker.js'
import { constructionCost, deriveStatus, parseMoney, parseTrackerDate } from '../../apps/server/src/features/dsa/tracker-values.js'

export { type DemoTracker, startDemoTracker } from '../../apps/server/src/features/dsa/demo-tracker/demo-tracker.js'
export type { DemoProject }

/** The tabs of the DSA Project Tracker screen and their `?tab=` values. */
const TAB_PARAMS = { Scraper: null, 'Database View': 'database', Statistics: 'statistics' } as const
export type DsaTab = keyof typeof TAB_PARAMS

/** Opens /dsa-tracker (on a tab when given) and waits for its heading and the selected tab. */
export async function openDsaTracker(page: Page, tab: DsaTab = 'Scraper'): Promise<void> {
  const param = TAB_PARAMS[tab]
  await page.goto(param ? `/dsa-tracker?tab=${param}` : '/dsa-tracker')
  await expect(page.getByRole('heading', { level: 1, name: 'DSA Project Tracker' })).toBeVisible()
  await expect(page.getByRole('tab', { name: tab, selected: true })).toBeVisible()
}

/** Clicks a tab and waits until it is selected and named in the address (?tab=). */
export async function openDsaTab(page: Page, tab: DsaTab): Promise<void> {
  await page.getByRole('tab', { name: tab }).click()
  await expect(page.getByRole('tab', { name: tab, selected: true })).toBeVisible()
  const param = TAB_PARAMS[tab]
  await expect(page).toHaveURL(param ? new RegExp(`/dsa-tracker\\?tab=${param}$`) : /\/dsa-tracker$/)
}

/** The card of a client's current run on the Scraper tab ('37-H9 (main)', or a custom id as typed). */
export const runCard = (page: Page, clientName: string): Locator =>
  page.getByRole('article', { name: `Scrape of ${clientName}`, exact: true })

/** Waits for the POST /api/dsa-scrape the next click sends; resolves with its status and body. */
export function nextScrapeStart(page: Page): Promise<{ status: number; body: { run?: { id: number }; error?: string } }> {
  return page
    .waitForResponse((response) => response.request().method() === 'POST' && new URL(response.url()).pathname === '/api/dsa-scrape')
    .then(async (response) => ({ status: response.status(), body: await response.json() }))
}

/** The rows of a table body (headers left out). */
export const bodyRows = (table: Locator): Locator => table.locator('tbody > tr')

/** The text of every cell of each body row of a table, trimmed. */
export async function tableCells(table: Locator): Promise<string[][]> {
  return bodyRows(table).evaluateAll((rows) =>
    rows.map((row) => [...row.querySelectorAll('td, th')].map((cell) => (cell.textContent ?? '').trim())),
  )
}

/** The Database View's projects table. */
export const projectsTable = (page: Page): Locator => page.getByRole('table', { name: 'DSA projects' })

/** The project rows of the Database View (without the rows a project's details open). */
export const projectRows = (page: Page): Locator =>
  bodyRows(projectsTable(page)).filter({ has: page.getByRole('button', { name: /^Tracker fields of / }) })

/** The Database View's filter region. */
export const projectFilters = (page: Page): Locator => page.getByRole('search', { name: 'Filter projects' })

/** The Database View's pager line ('Showing 1–50 of 60 projects'). */
export const pagerSummary = (page: Page): Locator => page.getByRole('navigation', { name: 'Pages of projects' }).getByText(/^Showing /)

/** The project numbers of the rows shown, in order. */
export async function shownProjectNumbers(page: Page): Promise<string[]> {
  return projectRows(page).evaluateAll((rows) =>
    rows.map((row) => (row.querySelectorAll('td')[1]?.querySelector('a')?.firstChild?.textContent ?? '').trim()),
  )
}

/** The value of a figure in the Statistics tab's 'Totals' ('Total projects', 'Clients', 'Success rate', …). */
export const statValue = (page: Page, label: string): Locator =>
  page.getByRole('region', { name: 'Totals' }).getByText(label, { exact: true }).locator('xpath=following-sibling::*[1]')

/** The note under a figure of the Statistics tab's 'Totals'. */
export const statNote = (page: Page, label: string): Locator =>
  page.getByRole('region', { name: 'Totals' }).getByText(label, { exact: true }).locator('xpath=following-sibling::*[2]')

// What the platform should make of the tracker's pages, worked out here from the demo tracker's own data.

/** The number the platform lists a tracker application under ('04-123456'). */
export const projectNumber = (project: DemoProject): string => `${project.officeId}-${project.appId}`

/** The tracker's summary page of an application: where a project number links to. */
export const applicationSummaryUrl = (trackerUrl: string, project: DemoProject): string =>
  `${trackerUrl}ApplicationSummary.aspx?OriginId=${project.officeId}&AppId=${project.appId}`

/** The status the platform derives from an application's dates and last certification letter. */
export function expectedStatus(project: DemoProject): DsaStatus {
  return deriveStatus({
    receivedDate: parseTrackerDate(project.receivedDate, 'Received'),
    approvedDate: parseTrackerDate(project.approvedDate, 'Approved'),
    closedDate: parseTrackerDate(project.closedDate, 'Closed'),
    voidDate: parseTrackerDate(project.voidCanceledDate, 'Void'),
    certificationLetter: project.lastCertificationLetterType || null,
  })
}

const wholeDollars = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', maximumFractionDigits: 0 })
const withCents = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 })

/** The construction cost in US dollars as the Database View shows it ('$1,250,000', '$1,250,000.50', '—'). */
export function expectedCostText(project: DemoProject): string {
  const { cost } = constructionCost({
    estimated: parseMoney(project.estimatedAmount, 'Estimated'),
    contracted: parseMoney(project.contractedAmount, 'Contracted'),
    final: parseMoney(project.finalProjectCost, 'Final'),
  })
  if (cost === null) return '—'
  return Number.isInteger(cost) ? wholeDollars.format(cost) : withCents.format(cost)
}

/** The projects a Database View search matches: every word in the number, name, city, type or PTN. */
export function matchingSearch(projects: readonly DemoProject[], search: string): DemoProject[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean)
  return projects.filter((project) => {
    const text = [projectNumber(project), project.projectName, project.city, project.projectType, project.ptn]
      .filter(Boolean)
      .join(' ')
      .toLowerCase()
    return words.every((word) => text.includes(word))
  })
}

/** How many projects have each status, most first (ties A to Z), as the statistics list them. */
export function statusCounts(projects: readonly DemoProject[]): Array<{ status: DsaStatus; count: number }> {
  const counts = new Map<DsaStatus, number>()
  for (const project of projects) counts.set(expectedStatus(project), (counts.get(expectedStatus(project)) ?? 0) + 1)
  return [...counts].map(([status, count]) => ({ status, count })).sort((a, b) => b.count - a.count || a.status.localeCompare(b.status))
}

const share = new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 })
/** `part` of `whole` as the statistics show it ('41.7%'). */
export const percentText = (part: number, whole: number): string => `${share.format((part / whole) * 100)}%`

/** Today's date as YYYY-MM-DD in local time, as the export names its file. */
export function localDateStamp(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0')
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

/** Parses RFC 4180 CSV (quoted cells with "" for a quote, CRLF or LF line ends) into records. */
export function parseCsv(text: string): string[][] {
  const records: string[][] = []
  let record: string[] = []
  let cell = ''
  let quoted = false
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i]!
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"'
        i += 1
      } else if (char === '"') quoted = false
      else cell += char
    } else if (char === '"') quoted = true
    else if (char === ',') {
      record.push(cell)
      cell = ''
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i += 1
      record.push(cell)
      records.push(record)
      record = []
      cell = ''
    } else cell += char
  }
  if (cell !== '' || record.length > 0) records.push([...record, cell])
  return records
}
