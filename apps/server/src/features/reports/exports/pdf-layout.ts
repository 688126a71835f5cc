import type { ResultColumn } from '@platform/contracts/reports'
import { FONT_BOLD, printable } from './pdf-text.js'

/* Page geometry and column widths of the PDF table, decided once per export. */

export const MARGIN = 36
/** Room kept above the bottom margin for the footer line. */
export const FOOTER_ROOM = 16
/** Space between a cell's border and its text. */
export const CELL_PADDING = 3
export const INDENT_PER_LEVEL = 8

const FONT_SIZE = 8
/** With many columns the text shrinks to this before columns are squeezed and text cut. */
const MIN_FONT_SIZE = 6
const MIN_COLUMN_WIDTH = 18
/** A long text column should not push numbers off the page. */
const MAX_TEXT_COLUMN_WIDTH = 220

export interface TableLayout {
  x: number
  width: number
  /** Widths in points, summing to `width`. */
  columnWidths: number[]
  /** Left edge of each column. */
  columnX: number[]
  fontSize: number
  rowHeight: number
  headerHeight: number
}

/**
 * Widths proportional to what the columns hold (the header label and the longest value among the first rows,
 * measured once each in bold, the widest font a cell uses), scaled to fill the page width. When they do not fit, the
 * font shrinks first, down to 6 pt, then the columns are squeezed in proportion and long text is cut with an ellipsis.
 */
export function tableLayout(doc: PDFKit.PDFDocument, columns: ResultColumn[], longest: string[], x: number, width: number): TableLayout {
  doc.font(FONT_BOLD, FONT_SIZE)
  const natural = columns.map((column, i) => {
    const content = Math.max(doc.widthOfString(printable(column.label)), doc.widthOfString(printable(longest[i] ?? '')))
    const capped = column.format === 'text' ? Math.min(content, MAX_TEXT_COLUMN_WIDTH) : content
    return Math.max(capped + 2 * CELL_PADDING, MIN_COLUMN_WIDTH)
  })
  const total = natural.reduce((sum, w) => sum + w, 0)
  const fontSize = total > width ? Math.max(MIN_FONT_SIZE, (FONT_SIZE * width) / total) : FONT_SIZE
  const scaled = natural.map((w) => (w * fontSize) / FONT_SIZE)
  const scaledTotal = scaled.reduce((sum, w) => sum + w, 0)
  const columnWidths = scaled.map((w) => (w * width) / scaledTotal)
  const columnX: number[] = []
  let left = x
  for (const w of columnWidths) {
    columnX.push(left)
    left += w
  }
  return { x, width, columnWidths, columnX, fontSize, rowHeight: Math.ceil(fontSize + 5), headerHeight: Math.ceil(fontSize + 8) }
}
