import { PassThrough } from 'node:stream'
import type { ResultRow } from '@platform/contracts/reports'
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs'
import { describe, expect, it } from 'vitest'
import { formatCell } from '@platform/contracts/report-format'
import { writePdf, type PdfHeader } from './pdf-export.js'
import { CHART_CATEGORIES, DEPARTMENTS, FUNDS, sampleResult } from './test-fixtures.js'

async function pdfOf(result: PdfHeader, rows: Iterable<ResultRow> | AsyncIterable<ResultRow>) {
  const output = new PassThrough()
  const chunks: Buffer[] = []
  output.on('data', (chunk: Buffer) => chunks.push(chunk))
  const written = await writePdf(result, rows, output)
  return { written, pages: await pageTexts(Buffer.concat(chunks)) }
}

/** Each page's text runs, as a PDF reader extracts them. */
async function pageTexts(buffer: Buffer): Promise<string[][]> {
  const document = await getDocument({ data: new Uint8Array(buffer), verbosity: 0 }).promise
  const pages: string[][] = []
  for (let n = 1; n <= document.numPages; n += 1) {
    const content = await (await document.getPage(n)).getTextContent()
    // Runs of spaces read back as one, whatever the reader; compare words, not spacing.
    pages.push(content.items.map((item) => ('str' in item ? item.str.replace(/\s+/g, ' ').trim() : '')).filter((text) => text !== ''))
  }
  await document.destroy()
  return pages
}

describe('writePdf', () => {
  // 40 detail rows per department: enough for several landscape pages.
  const result = sampleResult(40)

  it('prints the title, subtitle, parameters and the chart on the first page', async () => {
    const { pages } = await pdfOf(result, result.rows)
    const first = pages[0]!
    expect(first).toContain('Budget vs Actual by Fund')
    expect(first).toContain('FY 2026, through period 6')
    expect(first).toContain('Fiscal year: 2026 · Fund(s): 100, 200')
    for (const category of CHART_CATEGORIES) expect(first).toContain(category)
    expect(first).toContain('Amount')
    expect(pages.slice(1).flat()).not.toContain('Budget vs Actual by Fund')
  })

  it('repeats the column headers and numbers every page', async () => {
    const { pages, written } = await pdfOf(result, result.rows)
    expect(pages.length).toBeGreaterThanOrEqual(3)
    expect(written.pages).toBe(pages.length)
    pages.forEach((texts, i) => {
      for (const label of result.columns.map((column) => column.label)) expect(texts, `page ${i + 1}`).toContain(label)
      expect(texts).toContain(`Page ${i + 1} of ${pages.length}`)
      expect(texts).toContain('Run Mar 15, 2026 7:05 AM PDT')
      expect(texts).toContain('Confidential: district use only')
    })
  })

  it('prints subtotals, the grand total and amounts as the screen shows them', async () => {
    const { pages } = await pdfOf(result, result.rows)
    const all = pages.flat()
    for (const row of result.rows.filter((r) => r.kind === 'subtotal')) {
      expect(all).toContain(`Subtotal: ${row.label}`)
      expect(all).toContain(formatCell(row.cells[4], 'money'))
      expect(all).toContain(formatCell(row.cells[3], 'integer'))
    }
    const total = result.rows[result.rows.length - 1]!
    const last = pages[pages.length - 1]!
    expect(last).toContain('District total')
    expect(last).toContain(formatCell(total.cells[4], 'money'))
    expect(all).toContain('-$1,234.50')
    expect(all).toContain('12.5%')
    expect(all).toContain('Mar 2, 2026')
  })

  it('starts a page before a group that asks for it', async () => {
    const { pages } = await pdfOf(result, result.rows)
    const second = pages.findIndex((texts) => texts.includes('200 - Capital Projects'))
    expect(second).toBeGreaterThan(0)
    expect(pages[second - 1]).toContain('Subtotal: 100 - General Fund')
    // The group header is the first row under the column headers.
    const texts = pages[second]!
    expect(texts.indexOf('200 - Capital Projects')).toBe(texts.indexOf('% Used') + 1)
  })

  it('repeats the headers of the groups a page continues, under the column headers', async () => {
    const { pages } = await pdfOf(result, result.rows)
    const levelOf = (text: string) => (FUNDS.includes(text) ? 0 : DEPARTMENTS.includes(text) ? 1 : -1)
    const isItem = (text: string) => /^Item \d+$/.test(text)
    // The groups open at the end of each page, followed through the printed text itself.
    let open: string[] = []
    let continuedBeforeItems = 0
    pages.forEach((texts, p) => {
      const rows = texts.slice(texts.indexOf('% Used') + 1)
      const continued = rows.filter((text) => text.endsWith(' (continued)')).map((text) => text.replace(/ \(continued\)$/, ''))
      expect(rows.slice(0, continued.length), `page ${p + 1}`).toEqual(continued.map((label) => `${label} (continued)`))
      if (p === 0) expect(continued).toEqual([])
      expect(continued, `page ${p + 1}`).toEqual(open.slice(0, continued.length))
      if (isItem(rows[continued.length] ?? '')) {
        // A page that goes on with detail rows names every group they belong to.
        expect(continued, `page ${p + 1}`).toEqual(open)
        if (open.length === 2) continuedBeforeItems += 1
      }
      for (const text of rows.slice(continued.length)) {
        const level = levelOf(text)
        if (level >= 0) open = [...open.slice(0, level), text]
        const closed = text.startsWith('Subtotal: ') ? levelOf(text.slice('Subtotal: '.length)) : -1
        if (closed >= 0) open = open.slice(0, closed)
      }
    })
    expect(continuedBeforeItems).toBeGreaterThanOrEqual(2)
  })

  it('cuts text that does not fit its column with an ellipsis', async () => {
    const long =
      'An extremely long description that keeps going well past the width any column of this report could give it, and then some more words'
    const rows: ResultRow[] = [{ kind: 'detail', level: 0, label: null, cells: [long, 'Acme', '2026-01-05', 1, 2, 0.5] }]
    const { pages } = await pdfOf({ ...result, chart: null }, rows)
    const cut = pages[0]!.find((text) => text.startsWith('An extremely long'))
    expect(cut).toBeDefined()
    expect(cut!.endsWith('…')).toBe(true)
    expect(cut!.length).toBeLessThan(long.length)
  })

  it('draws pie and line charts with their labels, from an async source', async () => {
    async function* source(): AsyncGenerator<ResultRow> {
      yield* result.rows.slice(0, 10)
    }
    const pie = await pdfOf(
      {
        ...result,
        chart: { type: 'pie', categories: ['North', 'South', 'East'], series: [{ key: 'amount', name: 'Amount', values: [5, 3, 2] }] },
      },
      source(),
    )
    expect(pie.pages[0]).toEqual(expect.arrayContaining(['North 50.0%', 'South 30.0%', 'East 20.0%']))
    const line = await pdfOf(
      {
        ...result,
        chart: {
          type: 'line',
          categoryLabel: 'Month posted',
          categories: ['Jan', 'Feb', 'Mar'],
          series: [{ key: 'amount', name: 'Spent', values: [5000, null, -2000] }],
        },
      },
      result.rows.slice(0, 10),
    )
    expect(line.pages[0]).toEqual(expect.arrayContaining(['Jan', 'Feb', 'Mar', 'Spent', '$6K', '$0', '-$2K']))
    // Axis titles: the category field under the axis, and the series named up the side as well as in the legend.
    expect(line.pages[0]).toContain('Month posted')
    expect(line.pages[0]!.filter((text) => text === 'Spent')).toHaveLength(2)
  })

  it('says so when there are no rows, and leaves the footer out when asked', async () => {
    const quiet = {
      ...result,
      chart: null,
      layout: { ...result.layout, showParameters: false, footer: { pageNumbers: false, runAt: false } },
    }
    const { pages } = await pdfOf(quiet, [])
    expect(pages).toHaveLength(1)
    expect(pages[0]).toContain('No rows to show.')
    expect(pages[0]).not.toContain('Page 1 of 1')
    expect(pages[0]!.some((text) => text.startsWith('Fiscal year'))).toBe(false)
  })

  it('refuses more rows than it prints before writing anything, and closes the source', async () => {
    let closed = false
    function* source(): Generator<ResultRow> {
      try {
        for (let i = 0; i < 100; i += 1) yield { kind: 'detail', level: 0, label: null, cells: [`Item ${i}`] }
      } finally {
        closed = true
      }
    }
    const output = new PassThrough()
    let bytes = 0
    output.on('data', (chunk: Buffer) => (bytes += chunk.length))
    await expect(writePdf(result, source(), output, { maxRows: 50 })).rejects.toMatchObject({
      code: 'too_many_rows',
      message: expect.stringMatching(/XLSX or CSV/),
    })
    expect(closed).toBe(true)
    expect(bytes).toBe(0)
  })
})
