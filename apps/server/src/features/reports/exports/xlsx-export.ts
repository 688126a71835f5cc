import type { Stream, Writable } from 'node:stream'
import type { ResultColumn, ResultRow } from '@platform/contracts/reports'
import ExcelJS from 'exceljs'
import { AppError } from '../../../lib/errors.js'
import { safeCellStyle, type SafeCellStyle } from './cell-style.js'
import { longestTextPerColumn, SAMPLE_ROWS } from './column-sample.js'
import {
  districtDateTime,
  excelNumFmt,
  isDateFormat,
  isNumericFormat,
  toExcelDate,
  toNumber,
  type CellValue,
} from '@platform/contracts/report-format'
import { parametersLine, runAtText, type ExportHeader } from './header-text.js'
import { labelCellIndex, rowLabelText } from '@platform/contracts/report-labels'
import { readAhead, type RowSource } from './row-source.js'
import { XLSX_MAX_SHEET_ROWS } from './export-limits.js'

/*
 * XLSX through exceljs's streaming writer: each row is committed as soon as it is built, so a sheet of a million rows
 * never sits in memory. Cells hold real numbers and dates with the number format that makes Excel show exactly what
 * the viewer shows (format-cell.ts); group rows carry outline levels so Excel's outline buttons collapse each group's
 * rows into its subtotal (summary rows below, as on screen).
 *
 * Sheet settings (frozen pane, outline depth, column widths) must be known before the first row is written, so the
 * first rows are read ahead to size columns and learn the group depth.
 *
 * On an error the output holds a partial file; the caller discards it. Check the row count before starting to turn a
 * too-large export away cleanly (export-limits.ts).
 */

/** Excel shows at most 7 outline levels. */
const MAX_OUTLINE_LEVEL = 7
const ROWS_BETWEEN_PAUSES = 1000
const FONT = { name: 'Calibri', size: 11 }
const HEADER_FILL: ExcelJS.Fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFF2F2F2' } }
const PAPER_SIZE: Record<ExportHeader['layout']['pageSize'], number | undefined> = { Letter: undefined, Legal: 5, A4: 9 }

type Style = Partial<ExcelJS.Style>
type SheetValue = string | number | Date

export async function writeXlsx(
  result: ExportHeader,
  rows: RowSource,
  output: NodeJS.WritableStream,
  options: { maxSheetRows?: number } = {},
): Promise<{ rows: number }> {
  const maxSheetRows = Math.min(options.maxSheetRows ?? XLSX_MAX_SHEET_ROWS, XLSX_MAX_SHEET_ROWS)
  const reader = await readAhead(rows, SAMPLE_ROWS)
  try {
    const { columns } = result
    const titleLines = titleBlock(result)
    // A blank row keeps the title block out of Excel's idea of the table (sorting, filtering).
    const headerRowNumber = titleLines.length ? titleLines.length + 2 : 1
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
      stream: output as unknown as Stream,
      useStyles: true,
      useSharedStrings: false,
    })
    const sheet = workbook.addWorksheet(sheetName(result.title), sheetOptions(result, headerRowNumber, groupDepth(reader.head)))
    sheet.columns = columnWidths(columns, longestTextPerColumn(columns, reader.head, result.timeZone)).map((width) => ({ width }))

    titleLines.forEach((line, i) => {
      const row = sheet.getRow(i + 1)
      const cell = row.getCell(1)
      cell.value = line.text
      cell.style = line.style
      row.commit()
    })
    writeHeaderRow(sheet.getRow(headerRowNumber), columns)
    sheet.autoFilter = { from: { row: headerRowNumber, column: 1 }, to: { row: headerRowNumber, column: columns.length } }

    const styles = new StyleBook(columns)
    let rowNumber = headerRowNumber
    let count = 0
    for await (const row of reader.rows) {
      rowNumber += 1
      if (rowNumber > maxSheetRows) throw tooManyRows(maxSheetRows)
      writeDataRow(sheet.getRow(rowNumber), row, columns, styles, result.timeZone)
      count += 1
      if (count % ROWS_BETWEEN_PAUSES === 0) await waitForZip(sheet, output)
    }
    sheet.commit()
    await workbook.commit()
    return { rows: count }
  } finally {
    await reader.close()
  }
}

/** What may wait between the sheet and the zip before rows stop being produced. */
const MAX_PENDING_BYTES = 1 << 20

/**
 * exceljs writes a committed row into a buffer that feeds the zip without ever waiting for it, so a fast source
 * piles the whole sheet up in memory while deflate and a slow client catch up.
 * This waits until that buffer has drained: from it back to the client the pipes do apply backpressure, so memory
 * stays flat. The buffer is exceljs's internal (worksheet.stream.pipes[0]); if a later exceljs moves it, this
 * degrades to a plain pause rather than failing.
 */
async function waitForZip(sheet: ExcelJS.Worksheet, output: NodeJS.WritableStream): Promise<void> {
  // A client that went away never drains: stop reading rows for it.
  if ((output as Partial<Writable>).destroyed) throw new Error('The XLSX export stopped: its destination was closed')
  const pending = (sheet as unknown as { stream?: { pipes?: Array<Partial<Writable> & { _writableState?: { length?: number } }> } }).stream
    ?.pipes?.[0]
  while (pending?.once && (pending._writableState?.length ?? 0) > MAX_PENDING_BYTES) {
    await new Promise<void>((resolve) => {
      // 'drain' comes when it empties; the timer only guards against waiting on an event that never comes.
      const done = () => {
        clearTimeout(timer)
        pending.off?.('drain', done)
        resolve()
      }
      const timer = setTimeout(done, 100)
      pending.once!('drain', done)
    })
  }
  await new Promise<void>((resolve) => setImmediate(resolve))
}

function tooManyRows(maxSheetRows: number): AppError {
  return new AppError(
    'unprocessable',
    `This report has more rows than fit in one Excel sheet (${maxSheetRows.toLocaleString('en-US')}). Export it as CSV instead.`,
    {
      code: 'too_many_rows',
    },
  )
}

function titleBlock(result: ExportHeader): Array<{ text: string; style: Style }> {
  const lines: Array<{ text: string; style: Style }> = []
  if (result.title) lines.push({ text: result.title, style: { font: { ...FONT, size: 14, bold: true } } })
  if (result.subtitle) lines.push({ text: result.subtitle, style: { font: { ...FONT, size: 12 } } })
  const muted: Style = { font: { ...FONT, size: 10, color: { argb: 'FF555555' } } }
  const parameters = result.layout.showParameters ? parametersLine(result.parameters) : ''
  if (parameters) lines.push({ text: parameters, style: muted })
  const runAt = result.layout.footer.runAt ? runAtText(result.generatedAt, result.timeZone) : ''
  if (runAt) lines.push({ text: runAt, style: muted })
  return lines
}

/** Detail rows sit at the number of group levels; without one among the first rows, the deepest level seen. */
function groupDepth(head: ResultRow[]): number {
  const detail = head.find((row) => row.kind === 'detail')
  const depth = detail ? detail.level : Math.max(0, ...head.map((row) => row.level))
  return Math.min(MAX_OUTLINE_LEVEL, Math.max(0, depth))
}

function sheetOptions(result: ExportHeader, headerRowNumber: number, depth: number): Partial<ExcelJS.AddWorksheetOptions> {
  const { layout } = result
  const footer = [
    layout.footer.text ? `&L${excelHeaderText(layout.footer.text)}` : '',
    layout.footer.runAt ? `&C${excelHeaderText(runAtText(result.generatedAt, result.timeZone))}` : '',
    layout.footer.pageNumbers ? '&RPage &P of &N' : '',
  ].join('')
  const paperSize = PAPER_SIZE[layout.pageSize]
  return {
    // Written at the top of the sheet's XML, before any row: hence the read-ahead for the depth.
    properties: { outlineLevelRow: depth, outlineProperties: { summaryBelow: true, summaryRight: false } },
    views: [{ state: 'frozen', xSplit: 0, ySplit: headerRowNumber, topLeftCell: `A${headerRowNumber + 1}` }],
    // Printing from Excel gets the report's page setup, header row on every page and footer.
    pageSetup: {
      orientation: layout.orientation,
      ...(paperSize ? { paperSize: paperSize as ExcelJS.PaperSize } : {}),
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      printTitlesRow: `${headerRowNumber}:${headerRowNumber}`,
    },
    ...(footer ? { headerFooter: { oddFooter: footer } } : {}),
  }
}

/** '&' starts a code in Excel's header and footer language. */
function excelHeaderText(text: string): string {
  return text.replace(/&/g, '&&')
}

/** Sheet names: at most 31 characters, none of [ ] : * ? / \, not starting or ending with an apostrophe. */
function sheetName(title: string): string {
  const name = title
    .replace(/[[\]:*?/\\]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 31)
    .replace(/^'+|'+$/g, '')
    .trim()
  return name || 'Report'
}

/** Widths in characters: the longer of the label (plus the filter button) and the longest value among the first rows. */
function columnWidths(columns: ResultColumn[], longest: string[]): number[] {
  return columns.map((column, i) => Math.min(60, Math.max(8, column.label.length + 4, longest[i]!.length + 2)))
}

function writeHeaderRow(row: ExcelJS.Row, columns: ResultColumn[]): void {
  columns.forEach((column, i) => {
    const cell = row.getCell(i + 1)
    cell.value = column.label
    cell.style = {
      font: { ...FONT, bold: true },
      fill: HEADER_FILL,
      border: { bottom: { style: 'thin' } },
      alignment: { horizontal: column.align, vertical: 'middle' },
    }
  })
  row.commit()
}

function writeDataRow(sheetRow: ExcelJS.Row, row: ResultRow, columns: ResultColumn[], styles: StyleBook, timeZone: string): void {
  const label = rowLabelText(row)
  const labelAt = label === null ? -1 : labelCellIndex(row, columns.length)
  for (let i = 0; i < columns.length; i += 1) {
    const conditional = safeCellStyle(row.styles?.[i])
    if (i === labelAt) {
      const cell = sheetRow.getCell(i + 1)
      cell.value = label
      cell.style = styles.label(row, conditional)
      continue
    }
    const column = columns[i]!
    const local = isDateFormat(column.format) ? districtDateTime(row.cells[i], column.format, timeZone) : null
    const value = sheetValue(row.cells[i], column, timeZone)
    // Empty cells stay absent so a label can run on over them, as it does on screen.
    if (value === null && !conditional?.background && row.kind !== 'grandTotal') continue
    const cell = sheetRow.getCell(i + 1)
    if (value !== null) cell.value = value
    cell.style = styles.cell(row, i, conditional, local?.zone ?? null)
  }
  if (row.kind !== 'grandTotal' && row.level > 0) sheetRow.outlineLevel = Math.min(MAX_OUTLINE_LEVEL, row.level)
  sheetRow.commit()
}

/**
 * Numbers as numbers (even when the database sent text), dates as dates on the district's clock, Yes/No for booleans:
 * what the viewer shows.
 */
function sheetValue(value: CellValue, column: ResultColumn, timeZone: string): SheetValue | null {
  if (value === null || value === undefined || value === '') return null
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (typeof value === 'number' && !Number.isFinite(value)) return null
  if (isNumericFormat(column.format)) return toNumber(value) ?? String(value)
  if (isDateFormat(column.format)) return toExcelDate(value, column.format, timeZone) ?? String(value)
  return value
}

/**
 * Style objects, built once per distinct look and reused: exceljs recognises a style object it has seen before by
 * identity, which keeps a large sheet from hashing a style for every cell.
 */
class StyleBook {
  private readonly detail: Style[]
  private readonly cache = new Map<string, Style>()

  constructor(private readonly columns: ResultColumn[]) {
    this.detail = columns.map((_, i) => this.build('detail', i, null))
  }

  /** `zone` names a time's zone in its number format (PST and PDT alternate within one column). */
  cell(row: ResultRow, index: number, conditional: SafeCellStyle | null, zone: string | null = null): Style {
    if (row.kind === 'detail' && !conditional && zone === null) return this.detail[index]!
    const key = `${row.kind}|${index}|${styleKey(conditional)}|${zone ?? ''}`
    let style = this.cache.get(key)
    if (!style) this.cache.set(key, (style = this.build(row.kind, index, conditional, zone)))
    return style
  }

  label(row: ResultRow, conditional: SafeCellStyle | null): Style {
    const key = `label|${row.kind}|${row.level}|${styleKey(conditional)}`
    let style = this.cache.get(key)
    if (!style) {
      style = {
        font: fontFor(true, conditional),
        alignment: { horizontal: 'left', indent: row.kind === 'grandTotal' ? 0 : Math.max(0, row.level) },
        ...rowDecoration(row.kind, conditional),
      }
      this.cache.set(key, style)
    }
    return style
  }

  private build(kind: ResultRow['kind'], index: number, conditional: SafeCellStyle | null, zone: string | null = null): Style {
    const column = this.columns[index]!
    const style: Style = { alignment: { horizontal: column.align }, ...rowDecoration(kind, conditional) }
    if (column.format !== 'text') style.numFmt = excelNumFmt(column.format, zone)
    const bold = kind !== 'detail' || conditional?.bold === true
    if (bold || conditional?.color) style.font = fontFor(bold, conditional)
    return style
  }
}

function styleKey(style: SafeCellStyle | null): string {
  return style ? `${style.color ?? ''}/${style.background ?? ''}/${style.bold ? 1 : 0}` : ''
}

function fontFor(bold: boolean, conditional: SafeCellStyle | null): Partial<ExcelJS.Font> {
  return { ...FONT, bold: bold || conditional?.bold === true, ...(conditional?.color ? { color: { argb: argb(conditional.color) } } : {}) }
}

function rowDecoration(kind: ResultRow['kind'], conditional: SafeCellStyle | null): Style {
  const style: Style = {}
  if (conditional?.background) style.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: argb(conditional.background) } }
  if (kind === 'grandTotal') style.border = { top: { style: 'thin' }, bottom: { style: 'double' } }
  return style
}

/** '#B00020' → 'FFB00020' (opaque). */
function argb(hex: string): string {
  return `FF${hex.slice(1)}`
}
