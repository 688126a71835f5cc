import { readFile } from 'node:fs/promises'
import { expect, type Download, type Locator, type Page } from '@playwright/test'
import ExcelJS from 'exceljs'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { formatCell } from '@platform/contracts/report-format'
import type { Platform } from './platform.js'

// Projects with known figures, so every group, subtotal and total of a report over them can be worked out here.

export interface SeededProject {
  client: string
  status: string
  cost: number | null
}

const CLIENTS = ['37-H9', '37-58', '01-61']
const STATUSES = ['APPROVED', 'COMPLETED', 'IN REVIEW', 'PENDING']

/**
 * 36 projects: every client has 12, three in each status. Costs are quarters of a dollar (exact in binary, so sums
 * are exact), and every seventh project has no cost at all (counted, but not summed).
 */
export const SEEDED_PROJECTS: readonly SeededProject[] = Array.from({ length: 36 }, (_, i) => ({
  client: CLIENTS[i % CLIENTS.length]!,
  status: STATUSES[i % STATUSES.length]!,
  cost: i % 7 === 6 ? null : 250_000 + i * 37_500.25,
}))

/** Inserts the projects straight into `dsa_projects`, as a scrape would have stored them. */
export async function seedDsaProjects(platform: Platform, projects: readonly SeededProject[] = SEEDED_PROJECTS): Promise<void> {
  const at = platform.clock.now().toISOString()
  await platform.db.kysely
    .insertInto('dsa_projects')
    .values(
      projects.map((project, i) => {
        const name = `School project ${String(i + 1).padStart(2, '0')}`
        return {
          client_id: project.client,
          project_number: `04-${300001 + i}`,
          project_link: 'https://example.org/tracker',
          project_name: name,
          project_status: project.status,
          project_type: 'School (K-12)',
          construction_cost: project.cost,
          cost_source: project.cost === null ? null : 'final',
          final_cost: project.cost,
          received_date: '2025-03-14',
          search_text: name.toLowerCase(),
          first_seen_at: at,
          scraped_at: at,
        }
      }),
    )
    .execute()
}

export const money = (value: number | null): string => formatCell(value, 'money')
const sumOf = (projects: readonly SeededProject[]): number | null =>
  projects.some((project) => project.cost !== null) ? projects.reduce((total, project) => total + (project.cost ?? 0), 0) : null

/** A summary by client then status, as the report shows it: [label or status, count, sum of cost] per row kind. */
export function expectedSummary(projects: readonly SeededProject[] = SEEDED_PROJECTS) {
  const clients = [...new Set(projects.map((project) => project.client))].sort()
  return {
    clients,
    headers: clients.map((client) => `Client: ${client}`),
    details: clients.flatMap((client) => {
      const ofClient = projects.filter((project) => project.client === client)
      return [...new Set(ofClient.map((project) => project.status))].sort().map((status) => {
        const rows = ofClient.filter((project) => project.status === status)
        return [status, String(rows.length), money(sumOf(rows))]
      })
    }),
    subtotals: clients.map((client) => {
      const rows = projects.filter((project) => project.client === client)
      return [`Subtotal: ${client}`, String(rows.length), money(sumOf(rows))]
    }),
    clientSums: clients.map((client) => sumOf(projects.filter((project) => project.client === client))),
    grandTotal: ['Total', String(projects.length), money(sumOf(projects))],
    grandSum: sumOf(projects)!,
  }
}

// The screens

/** Opens Reports Studio (on a report when given) and waits for its list. */
export async function openReportsStudio(page: Page, reportId?: number): Promise<void> {
  await page.goto(reportId === undefined ? '/reports-studio' : `/reports-studio?report=${reportId}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Reports Studio' })).toBeVisible()
  await expect(availableReports(page).getByRole('listitem').first()).toBeVisible()
}

/** The 'Available Reports' section. */
export const availableReports = (page: Page): Locator => page.getByRole('region', { name: 'Available Reports' })

/** A report's entry in 'Available Reports'. */
export const reportEntry = (page: Page, name: string): Locator =>
  availableReports(page)
    .getByRole('listitem')
    .filter({ has: page.getByRole('link', { name, exact: true }) })

/** The full-screen designer ('New Report', or 'Edit report: <name>'). */
export const designerDialog = (page: Page, title: string | RegExp = /^(New Report|Edit report: .+)$/): Locator =>
  page.getByRole('dialog', { name: title })

/** Opens one of the designer's tabs. */
export async function openDesignerTab(designer: Locator, name: string): Promise<void> {
  await designer.getByRole('tab', { name, exact: true }).click()
  await expect(designer.getByRole('tab', { name, exact: true, selected: true })).toBeVisible()
}

/** The cells' text of the rows of one kind in a result table (group headers, details, subtotals, the grand total). */
export function rowsOfKind(table: Locator, kind: 'groupHeader' | 'detail' | 'subtotal' | 'grandTotal'): Promise<string[][]> {
  return table
    .locator(`tbody > tr[data-row-kind="${kind}"]`)
    .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('th, td')].map((cell) => (cell.textContent ?? '').trim())))
}

/** Waits until a result table shows exactly these group headers, details, subtotals and grand total. */
export async function expectSummaryTable(table: Locator, expected: ReturnType<typeof expectedSummary>): Promise<void> {
  await expect(table).toBeVisible()
  await expect.poll(() => rowsOfKind(table, 'grandTotal'), { message: 'the grand total' }).toEqual([expected.grandTotal])
  expect(await rowsOfKind(table, 'groupHeader'), 'the group headers').toEqual(expected.headers.map((header) => [header]))
  expect(await rowsOfKind(table, 'subtotal'), 'the subtotals').toEqual(expected.subtotals)
  expect(await rowsOfKind(table, 'detail'), 'the summary rows').toEqual(expected.details)
}

/** Clicks an export button and waits for the file the browser is handed. */
export async function exportFile(page: Page, label: 'CSV' | 'Excel' | 'PDF'): Promise<{ download: Download; content: Buffer }> {
  const downloading = page.waitForEvent('download')
  await page.getByRole('group', { name: 'Export' }).getByRole('button', { name: label, exact: true }).click()
  const download = await downloading
  expect(await download.failure(), `the ${label} download failed`).toBeNull()
  return { download, content: await readFile((await download.path())!) }
}

// The exported files

/** The first sheet of an XLSX file. */
export async function firstSheet(content: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(content as unknown as ExcelJS.Buffer)
  const sheet = workbook.worksheets[0]
  if (!sheet) throw new Error('The workbook has no sheet')
  return sheet
}

/** The sheet's row whose first cell holds this text. */
export function sheetRowStartingWith(sheet: ExcelJS.Worksheet, text: string): ExcelJS.Row | undefined {
  let found: ExcelJS.Row | undefined
  sheet.eachRow((row) => {
    if (!found && row.getCell(1).value === text) found = row
  })
  return found
}

/** The text of every page of a PDF, with runs of white space made one space. */
export async function pdfText(content: Buffer): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(content), verbosity: 0 }).promise
  const pages: string[] = []
  for (let n = 1; n <= document.numPages; n += 1) {
    const text = await (await document.getPage(n)).getTextContent()
    pages.push(text.items.map((item) => ('str' in item ? item.str : '')).join(' '))
  }
  await document.destroy()
  return pages.join('\n').replace(/\s+/g, ' ')
}
