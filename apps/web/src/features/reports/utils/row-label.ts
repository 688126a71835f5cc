import type { ResultRow } from '@platform/contracts/reports'
import type { CellValue } from './format-cell'

/*
 * Mirrors the server's apps/server/src/features/reports/exports/row-label.ts: where a group header, subtotal or grand
 * total row shows its label, so the screen puts it where the PDF, Excel and CSV files do.
 *
 * The label goes in the row's first empty cell (normally the first column, which subtotals leave empty because it
 * holds a non-aggregated field) and runs on over the empty cells that follow it. A report that leads with an
 * aggregated column therefore never loses a subtotal to its label.
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
