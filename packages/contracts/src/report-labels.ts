import type { ReportResult, ResultRow } from './reports.js'
import { formatInstant } from './district-time.js'
import type { CellValue } from './report-format.js'

/*
 * Where a group header, subtotal or grand total row shows its label, shared by the viewer and every export.
 *
 * The label goes in the row's first empty cell (normally the first column, which subtotals leave empty because it
 * holds a non-aggregated field) and may run on over the empty cells that follow it. Putting it in the first empty
 * cell rather than always in the first column means a report that leads with an aggregated column never loses a
 * subtotal to its label.
 */

export const BLANK_GROUP_LABEL = '(blank)'

/** The text of a row's label: the group value, 'Subtotal: {group value}', or the grand total's label. Null for detail rows. */
export function rowLabelText(row: ResultRow): string | null {
  switch (row.kind) {
    case 'groupHeader':
      return row.label || BLANK_GROUP_LABEL
    case 'subtotal':
      return `Subtotal: ${row.label || BLANK_GROUP_LABEL}`
    case 'grandTotal':
      return row.label || 'Total'
    default:
      return null
  }
}

export function isEmptyCell(value: CellValue): boolean {
  return value === null || value === undefined || value === ''
}

/** The index of the cell that shows the label, or -1 when every cell holds a value. */
export function labelCellIndex(row: ResultRow, columnCount: number): number {
  for (let i = 0; i < columnCount; i += 1) if (isEmptyCell(row.cells[i])) return i
  return -1
}

/** How many cells the label may cover: the label's cell and the empty cells right after it. */
export function labelSpan(row: ResultRow, start: number, columnCount: number): number {
  let end = start + 1
  while (end < columnCount && isEmptyCell(row.cells[end])) end += 1
  return end - start
}

/* The words around the table (parameter echo, run time), shared by the exports so the PDF and Excel say the same. */

/** 'Fiscal year: 2026 · Fund(s): 100, 200', or '' when there is nothing to show. */
export function parametersLine(parameters: ReportResult['parameters']): string {
  return parameters
    .filter((parameter) => parameter.value !== '')
    .map((parameter) => `${parameter.label}: ${parameter.value}`)
    .join(' · ')
}

/** 'Run Mar 1, 2026 6:05 AM PST': when the report ran, on the district's clock and with its zone named. */
export function runAtText(generatedAt: string, timeZone: string): string {
  const shown = formatInstant(generatedAt, timeZone)
  return shown ? `Run ${shown}` : ''
}
