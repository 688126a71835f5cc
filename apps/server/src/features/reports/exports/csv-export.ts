import type { ResultColumn, ResultRow } from '@platform/contracts/reports'
import type { Db } from '../../../db/database.js'
import { csvRecord, textPieces } from '../../../lib/csv.js'
import { type ReportRowSource, reportRows } from './report-rows.js'
import { csvDateText, isDateFormat, isNumericFormat, toNumber, type CellValue } from '@platform/contracts/report-format'
import { labelCellIndex, rowLabelText } from '@platform/contracts/report-labels'

/*
 * CSV for any size: a generator the download hands to the socket in pieces, so rows are pulled from the database only
 * as fast as the client reads them and memory stays flat.
 *
 * RFC 4180 with CRLF, a UTF-8 byte order mark (without it Excel reads UTF-8 as ANSI) and one header row of column
 * labels. Values are raw, not display text, so the file loads into other tools: numbers as plain numbers (1234.5,
 * -0.125), dates as ISO strings on the district's clock (a time with the district's offset, '2026-02-28T21:10:00-08:00',
 * so the file says which zone it is in). Group headers, subtotals and the grand total are rows too, their label
 * ('North', 'Subtotal: North', 'Total') in the first empty cell as on screen. Text is made spreadsheet-safe
 * (a leading apostrophe before = + - @ tab CR); numbers are not, since they cannot run as formulas.
 */

/** A report's CSV as a download producer (downloads/download-producers.ts). */
export const reportCsv = (db: Db, { source, columns, timeZone }: { source: ReportRowSource; columns: ResultColumn[]; timeZone: string }) =>
  csvLines(reportRows(db, source), columns, { timeZone })

export async function* csvLines(
  result: AsyncIterable<ResultRow> | Iterable<ResultRow>,
  columns: ResultColumn[],
  options: { bom?: boolean; timeZone?: string } = {},
): AsyncGenerator<string> {
  const write = columns.map((column) => valueWriter(column, options.timeZone))
  const pieces = textPieces()
  pieces.add(((options.bom ?? true) ? '\uFEFF' : '') + csvRecord(columns.map((column) => column.label)))
  for await (const row of result) {
    const piece = pieces.add(csvRecord(csvValues(row, columns.length, write)))
    if (piece) yield piece
  }
  const rest = pieces.rest()
  if (rest) yield rest
}

type CsvValue = string | number | boolean | null

function csvValues(row: ResultRow, columnCount: number, write: Array<(value: CellValue) => CsvValue>): CsvValue[] {
  const values: CsvValue[] = new Array(columnCount)
  for (let i = 0; i < columnCount; i += 1) values[i] = write[i]!(row.cells[i])
  const label = rowLabelText(row)
  if (label !== null) {
    const at = labelCellIndex(row, columnCount)
    if (at >= 0) values[at] = label
  }
  return values
}

/** How one column's cells are written: numbers as numbers, dates on the district's clock, the rest as given. */
function valueWriter(column: ResultColumn, timeZone: string | undefined): (value: CellValue) => CsvValue {
  if (isDateFormat(column.format))
    return (value) =>
      value === undefined || value === null || value === '' ? null : (csvDateText(value, column.format, timeZone) ?? rawValue(value, false))
  const numeric = isNumericFormat(column.format)
  return (value) => rawValue(value, numeric)
}

/** A number-formatted cell becomes a real number even when the database sent it as text ('-12.50' from numeric). */
function rawValue(value: CellValue, numeric: boolean): CsvValue {
  if (value === undefined || value === null) return null
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (numeric) return toNumber(value) ?? value
  return value
}
