import ExcelJS from 'exceljs'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { ReportResult } from '@platform/contracts/reports'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { insertProject, insertProjects } from '../../../test/factories.js'
import { testDialects } from '../../../test/test-database.js'
import { formatCell } from '@platform/contracts/report-format'

const DEFINITION = {
  schemaVersion: 1,
  dataset: 'dsa_projects',
  rows: { mode: 'detail' },
  groups: [{ field: 'client_id', label: 'Client' }],
  columns: [
    { field: 'project_name', label: 'Project' },
    { field: 'received_date', label: 'Received' },
    { field: 'construction_cost', agg: 'sum', label: 'Cost' },
  ],
  sort: [{ key: 'project_name', dir: 'asc' }],
  chart: { type: 'bar', series: ['sum_construction_cost'] },
  layout: { title: 'Costs by client', orientation: 'landscape', pageSize: 'Letter' },
}

async function pdfText(buffer: Buffer): Promise<string> {
  const document = await getDocument({ data: new Uint8Array(buffer), verbosity: 0 }).promise
  const texts: string[] = []
  for (let n = 1; n <= document.numPages; n += 1) {
    const content = await (await document.getPage(n)).getTextContent()
    texts.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '))
  }
  await document.destroy()
  return texts.join('\n').replace(/\s+/g, ' ')
}

describe.each(testDialects())('exports match the screen on %s', (dialect) => {
  let t: TestApp
  let admin: string
  let screen: ReportResult
  beforeAll(async () => {
    t = await buildTestApp({ dialect })
    admin = await t.signIn('admin@example.org')
    const at = t.clock.now().toISOString()
    for (let i = 0; i < 30; i += 1) {
      await insertProject(t.db, at, {
        client_id: i % 3 ? '37-H9' : '37-58',
        project_number: `04-${200000 + i}`,
        project_name: `School ${String(i).padStart(2, '0')}`,
        construction_cost: i % 5 === 0 ? null : 1000 * i + 0.5,
        received_date: `2025-0${(i % 9) + 1}-15`,
      })
    }
    screen = (
      await t.request({ method: 'POST', url: '/api/reportrun', token: admin, payload: { definition: DEFINITION, limit: 500 } })
    ).json()
  })
  afterAll(() => t.close())

  it('XLSX: every screen row in order, numbers as numbers with the column formats, groups outlined', async () => {
    const answer = await t.request({
      method: 'POST',
      url: '/api/reportexport',
      token: admin,
      payload: { definition: DEFINITION, format: 'xlsx' },
    })
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-disposition']).toMatch(/filename="report_\d{4}-\d{2}-\d{2}\.xlsx"/)
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(answer.rawPayload as unknown as ExcelJS.Buffer)
    const sheet = workbook.worksheets[0]!
    let headerRow = 0
    sheet.eachRow((row, number) => {
      if (!headerRow && row.getCell(1).value === 'Project') headerRow = number
    })
    expect(headerRow).toBeGreaterThan(0)
    const cost = screen.columns.findIndex((column) => column.key === 'sum_construction_cost')
    screen.rows.forEach((row, index) => {
      const excel = sheet.getRow(headerRow + 1 + index)
      if (row.kind === 'detail') {
        expect(excel.getCell(1).value, `row ${index}`).toBe(row.cells[0])
        expect(excel.getCell(cost + 1).value ?? null, `row ${index}`).toBe(row.cells[cost])
        if (typeof row.cells[cost] === 'number') expect(excel.getCell(cost + 1).numFmt).toContain('$')
        expect(excel.outlineLevel).toBeGreaterThan(0)
      } else if (row.kind !== 'groupHeader') {
        expect(excel.getCell(cost + 1).value, `row ${index}`).toBe(row.cells[cost])
        expect(excel.getCell(cost + 1).font?.bold).toBe(true)
      }
    })
  })

  it('PDF: the title, the group labels and every amount as the screen formats it', async () => {
    const answer = await t.request({
      method: 'POST',
      url: '/api/reportexport',
      token: admin,
      payload: { definition: DEFINITION, format: 'pdf' },
    })
    expect(answer.statusCode).toBe(200)
    expect(answer.headers['content-type']).toBe('application/pdf')
    const text = await pdfText(answer.rawPayload)
    expect(text).toContain('Costs by client')
    const cost = screen.columns.findIndex((column) => column.key === 'sum_construction_cost')
    for (const row of screen.rows) {
      if (row.kind === 'detail') expect(text).toContain(String(row.cells[0]))
      if (typeof row.cells[cost] === 'number') expect(text).toContain(formatCell(row.cells[cost], 'money'))
    }
    expect(text).toMatch(/Page 1 of \d+/)
  })

  it('CSV: the same rows with raw numbers', async () => {
    const answer = await t.request({
      method: 'POST',
      url: '/api/reportexport',
      token: admin,
      payload: { definition: DEFINITION, format: 'csv' },
    })
    const lines = answer.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines[0]).toBe('Project,Received,Cost')
    expect(lines).toHaveLength(screen.rows.length + 1)
    const firstDetail = screen.rows.find((row) => row.kind === 'detail' && typeof row.cells[2] === 'number')!
    expect(lines).toContain(`${firstDetail.cells[0]},${firstDetail.cells[1]},${firstDetail.cells[2]}`)
  })
})

describe.each(testDialects())('report exports: money exact to the cent, times on the district clock, on %s', (dialect) => {
  // Amounts whose binary sums are not exact (0.1 + 0.2 is 0.30000000000000004): the exports must still say the cents.
  const COSTS = [4_748_494.7, 0.1, 0.2, 12_345_678.91, 1_000_000.07, 33.33, 33.33, 33.34, 29_391_363.35]
  const exactCents = (amounts: number[]) => amounts.reduce((cents, amount) => cents + Math.round(amount * 100), 0)
  const TOTALS = {
    schemaVersion: 1,
    dataset: 'dsa_projects',
    rows: { mode: 'summary' },
    groups: [{ field: 'client_id', label: 'Client' }],
    columns: [
      { field: 'client_id', label: 'Client' },
      { field: 'construction_cost', agg: 'sum', label: 'Cost' },
    ],
    layout: { title: '', orientation: 'portrait', pageSize: 'Letter', footer: { runAt: true, pageNumbers: true } },
  }
  let t: TestApp
  let admin: string
  beforeAll(async () => {
    // DISTRICT_TIME_ZONE unset: America/Los_Angeles. The test clock reads 2026-03-02 08:00 UTC, midnight in California.
    t = await buildTestApp({ dialect })
    admin = await t.signIn('admin@example.org')
    const at = t.clock.now().toISOString()
    for (const [i, cost] of COSTS.entries()) {
      await insertProject(t.db, at, {
        client_id: i % 2 ? '37-H9' : '37-58',
        project_number: `04-${300000 + i}`,
        project_name: `Site ${i}`,
        construction_cost: cost,
        received_date: '2025-05-01',
      })
    }
  })
  afterAll(() => t.close())

  const exported = (format: 'csv' | 'xlsx' | 'pdf') =>
    t.request({ method: 'POST', url: '/api/reportexport', token: admin, payload: { definition: TOTALS, format } })

  it('CSV: every sum, subtotal and the grand total to the cent, with no binary noise', async () => {
    const answer = await exported('csv')
    expect(answer.statusCode).toBe(200)
    const lines = answer.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    const amounts = lines.slice(1).map((line) => line.split(',').at(-1)!)
    for (const amount of amounts) expect(amount, 'at most two decimals').toMatch(/^-?\d+(\.\d{1,2})?$/)
    const byClient = (client: string) => COSTS.filter((_, i) => (i % 2 ? '37-H9' : '37-58') === client)
    expect(lines).toContain(`37-58,${exactCents(byClient('37-58')) / 100}`)
    expect(lines).toContain(`37-H9,${exactCents(byClient('37-H9')) / 100}`)
    expect(lines.at(-1)).toBe(`Total,${exactCents(COSTS) / 100}`)
  })

  it('XLSX: the sums are numbers exact to the cent, and the run time is on the district clock with its zone', async () => {
    const answer = await exported('xlsx')
    const workbook = new ExcelJS.Workbook()
    await workbook.xlsx.load(answer.rawPayload as unknown as ExcelJS.Buffer)
    const sheet = workbook.worksheets[0]!
    const values: unknown[] = []
    let runAt = ''
    sheet.eachRow((row) => {
      const first = row.getCell(1).value
      if (typeof first === 'string' && first.startsWith('Run ')) runAt = first
      if (first === 'Total') values.push(row.getCell(2).value)
    })
    expect(values).toEqual([exactCents(COSTS) / 100])
    expect(runAt).toBe('Run Mar 2, 2026 12:00 AM PST')
  })

  it('PDF: titled with the report name when the title is empty, run time in the district zone', async () => {
    const answer = await exported('pdf')
    const text = await pdfText(answer.rawPayload)
    expect(text).toContain('Untitled report')
    expect(text).toContain('Run Mar 2, 2026 12:00 AM PST')
    expect(text).toContain(formatCell(exactCents(COSTS) / 100, 'money'))
  })

  it('on screen: the result names the zone and its sums are exact', async () => {
    const result: ReportResult = (
      await t.request({ method: 'POST', url: '/api/reportrun', token: admin, payload: { definition: TOTALS } })
    ).json()
    expect(result.timeZone).toBe('America/Los_Angeles')
    expect(result.rows.find((row) => row.kind === 'grandTotal')?.cells[1]).toBe(exactCents(COSTS) / 100)
  })
})

describe.each(testDialects())('an export too large for its format on %s', (dialect) => {
  it('is refused before anything is written, with the formats that take it; those are written', async () => {
    const t = await buildTestApp({ dialect })
    try {
      const admin = await t.signIn('admin@example.org')
      const projects = Array.from({ length: 50_001 }, (_, i) => ({
        client_id: '37-58',
        project_number: `04-${String(i).padStart(6, '0')}`,
        project_name: `Project ${i}`,
      }))
      await insertProjects(t.db, t.clock.now().toISOString(), projects)
      const definition = { schemaVersion: 1, dataset: 'dsa_projects', columns: [{ field: 'project_number' }] }
      const exported = (format: 'csv' | 'pdf') =>
        t.request({ method: 'POST', url: '/api/reportexport', token: admin, payload: { definition, format } })

      const pdf = await exported('pdf')
      expect(pdf.statusCode).toBe(422)
      expect(pdf.headers['content-disposition']).toBeUndefined()
      expect(pdf.json()).toEqual({
        error:
          'The report has 50,001 rows, more than a printed report holds (50,000). Export it as XLSX or CSV instead, or narrow it with parameters.',
        code: 'too_many_rows',
      })
      const csv = await exported('csv')
      expect(csv.statusCode).toBe(200)
      // The header, every project and the grand total.
      expect(csv.body.trim().split('\r\n')).toHaveLength(50_003)
    } finally {
      await t.close()
    }
  }, 60_000)
})
