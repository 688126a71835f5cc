import { PassThrough } from 'node:stream'
import type { Format, ResultRow } from '@platform/contracts/reports'
import ExcelJS from 'exceljs'
import { describe, expect, it } from 'vitest'
import { EXCEL_NUM_FMT, formatCell, type CellValue } from '@platform/contracts/report-format'
import { labelCellIndex, rowLabelText } from '@platform/contracts/report-labels'
import { RED, YELLOW, sampleResult } from './test-fixtures.js'
import { writeXlsx } from './xlsx-export.js'

const HEADER_ROW = 6 // title, subtitle, parameters, run time, a blank row, then the header

async function xlsxOf(rows: Iterable<ResultRow> | AsyncIterable<ResultRow>, result = sampleResult(3), options?: { maxSheetRows?: number }) {
  const output = new PassThrough()
  const chunks: Buffer[] = []
  output.on('data', (chunk: Buffer) => chunks.push(chunk))
  const written = await writeXlsx(result, rows, output, options)
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ExcelJS.Buffer)
  return { written, sheet: workbook.worksheets[0]!, chunks }
}

const FORMAT_OF_NUM_FMT = new Map(Object.entries(EXCEL_NUM_FMT).map(([format, numFmt]) => [numFmt, format as Format]))

/** What Excel shows for a cell: its value under its number format, by the same rules as the viewer. */
function shownByExcel(cell: ExcelJS.Cell): string {
  const format = FORMAT_OF_NUM_FMT.get(cell.numFmt ?? 'General') ?? 'text'
  const value = cell.value instanceof Date ? cell.value.toISOString() : (cell.value as CellValue)
  return formatCell(value, format)
}

describe('writeXlsx', () => {
  it('puts the title block above a bold, frozen, filterable header row', async () => {
    const result = sampleResult(3)
    const { sheet } = await xlsxOf(result.rows, result)
    expect(sheet.getCell('A1').value).toBe('Budget vs Actual by Fund')
    expect(sheet.getCell('A1').font?.bold).toBe(true)
    expect(sheet.getCell('A2').value).toBe('FY 2026, through period 6')
    expect(sheet.getCell('A3').value).toBe('Fiscal year: 2026 · Fund(s): 100, 200')
    expect(sheet.getCell('A4').value).toBe('Run Mar 15, 2026 7:05 AM PDT')
    const header = sheet.getRow(HEADER_ROW)
    expect(result.columns.map((_, i) => header.getCell(i + 1).value)).toEqual([
      'Description',
      'Vendor',
      'Posted',
      'Qty',
      'Amount',
      '% Used',
    ])
    expect(header.getCell(1).font?.bold).toBe(true)
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: HEADER_ROW })
    expect(sheet.autoFilter).toBe(`A${HEADER_ROW}:F${HEADER_ROW}`)
    expect(sheet.pageSetup).toMatchObject({ orientation: 'landscape', printTitlesRow: `${HEADER_ROW}:${HEADER_ROW}` })
  })

  it('writes numbers as numbers with the column number format, and dates as dates', async () => {
    const { sheet } = await xlsxOf(sampleResult(3).rows)
    const firstDetail = sheet.getRow(HEADER_ROW + 3)
    expect(firstDetail.getCell(1).value).toBe('Item 1')
    expect(firstDetail.getCell(4).value).toBe(2)
    expect(firstDetail.getCell(4).numFmt).toBe('#,##0')
    expect(firstDetail.getCell(5).value).toBe(-1234.5)
    expect(firstDetail.getCell(5).numFmt).toBe('"$"#,##0.00;-"$"#,##0.00')
    expect(firstDetail.getCell(6).value).toBe(0.125)
    expect(firstDetail.getCell(6).numFmt).toBe('#,##0.0%')
    const posted = firstDetail.getCell(3)
    expect(posted.value).toBeInstanceOf(Date)
    expect((posted.value as Date).toISOString()).toBe('2026-03-02T00:00:00.000Z')
    expect(posted.numFmt).toBe('mmm d, yyyy')
  })

  it('sets outline levels so details collapse under their group, with summaries below', async () => {
    const rows = sampleResult(3).rows
    const { sheet } = await xlsxOf(rows)
    expect(sheet.properties.outlineProperties).toMatchObject({ summaryBelow: true })
    expect(sheet.properties.outlineLevelRow).toBe(2)
    rows.forEach((row, i) => {
      const expected = row.kind === 'grandTotal' ? 0 : row.level
      expect(sheet.getRow(HEADER_ROW + 1 + i).outlineLevel ?? 0).toBe(expected)
    })
  })

  it('makes group headers, subtotals and the grand total bold', async () => {
    const rows = sampleResult(3).rows
    const { sheet } = await xlsxOf(rows)
    rows.forEach((row, i) => {
      const sheetRow = sheet.getRow(HEADER_ROW + 1 + i)
      if (row.kind === 'subtotal' || row.kind === 'grandTotal') {
        expect(sheetRow.getCell(1).font?.bold).toBe(true)
        expect(sheetRow.getCell(5).font?.bold).toBe(true)
      }
      if (row.kind === 'groupHeader') expect(sheetRow.getCell(1).font?.bold).toBe(true)
      if (row.kind === 'detail') expect(sheetRow.getCell(4).font?.bold).toBeFalsy()
    })
    const last = sheet.getRow(HEADER_ROW + rows.length)
    expect(last.getCell(1).value).toBe('District total')
    expect(last.getCell(5).border?.top?.style).toBe('thin')
  })

  it('applies the conditional styles: colour, bold and fill', async () => {
    const rows = sampleResult(10).rows
    const { sheet } = await xlsxOf(rows)
    const refundAt = rows.findIndex((row) => row.styles?.[4] === RED)
    const refund = sheet.getRow(HEADER_ROW + 1 + refundAt).getCell(5)
    expect(refund.font?.color?.argb).toBe('FFB00020')
    expect(refund.font?.bold).toBe(true)
    const highAt = rows.findIndex((row) => row.styles?.[5] === YELLOW)
    expect(highAt).toBeGreaterThan(0)
    const high = sheet.getRow(HEADER_ROW + 1 + highAt).getCell(6)
    expect(high.fill).toMatchObject({ type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFF4CC' } })
    const plain = sheet.getRow(HEADER_ROW + 1 + highAt).getCell(5)
    expect(plain.font?.color?.argb).toBeUndefined()
  })

  it('shows in every cell exactly what the viewer shows', async () => {
    const result = sampleResult(3)
    const { sheet } = await xlsxOf(result.rows, result)
    result.rows.forEach((row, i) => {
      const sheetRow = sheet.getRow(HEADER_ROW + 1 + i)
      const labelAt = rowLabelText(row) === null ? -1 : labelCellIndex(row, result.columns.length)
      result.columns.forEach((column, c) => {
        const onScreen = c === labelAt ? rowLabelText(row) : formatCell(row.cells[c], column.format)
        expect(shownByExcel(sheetRow.getCell(c + 1)), `row ${i} column ${column.key}`).toBe(onScreen)
      })
    })
    expect(shownByExcel(sheet.getRow(HEADER_ROW + 3).getCell(5))).toBe('-$1,234.50')
  })

  it('reads an async source, turns numeric text into numbers, and counts the rows', async () => {
    const result = sampleResult(1)
    async function* source(): AsyncGenerator<ResultRow> {
      yield { kind: 'detail', level: 0, label: null, cells: ['PO 7', 'Acme', '2026-01-05', '12', '-12.50', '0.9'] }
      yield { kind: 'detail', level: 0, label: null, cells: ['PO 8', null, 'later', null, 'n/a', null] }
    }
    const { sheet, written } = await xlsxOf(source(), result)
    expect(written.rows).toBe(2)
    const row = sheet.getRow(HEADER_ROW + 1)
    expect(row.getCell(4).value).toBe(12)
    expect(row.getCell(5).value).toBe(-12.5)
    expect(sheet.getRow(HEADER_ROW + 2).getCell(3).value).toBe('later')
    expect(sheet.getRow(HEADER_ROW + 2).getCell(5).value).toBe('n/a')
  })

  it('refuses more rows than a sheet holds, and closes the source', async () => {
    let closed = false
    function* source(): Generator<ResultRow> {
      try {
        for (let i = 0; i < 100; i += 1) yield { kind: 'detail', level: 0, label: null, cells: [`Item ${i}`] }
      } finally {
        closed = true
      }
    }
    const output = new PassThrough()
    output.resume()
    await expect(writeXlsx(sampleResult(1), source(), output, { maxSheetRows: 50 })).rejects.toMatchObject({
      code: 'too_many_rows',
      message: expect.stringContaining('CSV'),
    })
    expect(closed).toBe(true)
  })
})
