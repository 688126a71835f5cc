import type { ResultColumn, ResultRow } from '@platform/contracts/reports'
import { formatCell } from '@platform/contracts/report-format'
import { labelCellIndex, rowLabelText } from '@platform/contracts/report-labels'

/** Rows looked at to size the columns: enough to be representative, few enough to cost nothing. */
export const SAMPLE_ROWS = 200
/** Longer text is cut in the PDF and wraps out of sight in Excel, so it should not widen a column further. */
const MAX_SAMPLE_CHARS = 48

/**
 * The longest displayed text per column among the first rows (header labels not included). Columns are sized once
 * from this rather than by measuring every cell. Labels of group rows are left out: they run on over empty cells.
 */
export function longestTextPerColumn(columns: ResultColumn[], rows: ResultRow[], timeZone: string): string[] {
  const longest = columns.map(() => '')
  for (const row of rows) {
    const labelAt = rowLabelText(row) === null ? -1 : labelCellIndex(row, columns.length)
    columns.forEach((column, i) => {
      if (i === labelAt) return
      const text = formatCell(row.cells[i], column.format, timeZone)
      if (text.length > longest[i]!.length) longest[i] = text.slice(0, MAX_SAMPLE_CHARS)
    })
  }
  return longest
}
