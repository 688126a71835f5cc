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
 * font shrinks first, down to 6 pt, then the text columns give up room (their text is cut with an ellipsis), and only
 * when that is not enough are all columns squeezed: a cut name reads, a cut amount does not.
 */
export function tableLayout(doc: PDFKit.PDFDocument, columns: ResultColumn[], longest: string[], x: number, width: number): TableLayout {
  doc.font(FONT_BOLD, FONT_SIZE)
  // Text widths at the full font size; the padding around them does not shrink with the font.
  const content = columns.map((column, i) => {
    const measured = Math.max(doc.widthOfString(printable(column.label)), doc.widthOfString(printable(longest[i] ?? '')))
    return column.format === 'text' ? Math.min(measured, MAX_TEXT_COLUMN_WIDTH) : measured
  })
  // One point of slack per column so text measured to fit exactly is not cut by rounding.
  const padding = (2 * CELL_PADDING + 1) * columns.length
  const contentTotal = sum(content)
  const fontSize = contentTotal + padding > width ? Math.max(MIN_FONT_SIZE, (FONT_SIZE * (width - padding)) / contentTotal) : FONT_SIZE
  const natural = content.map((w) => Math.max((w * fontSize) / FONT_SIZE + 2 * CELL_PADDING + 1, MIN_COLUMN_WIDTH))
  const columnWidths = fitWidths(natural, columns, width)
  const columnX: number[] = []
  let left = x
  for (const w of columnWidths) {
    columnX.push(left)
    left += w
  }
  return { x, width, columnWidths, columnX, fontSize, rowHeight: Math.ceil(fontSize + 5), headerHeight: Math.ceil(fontSize + 8) }
}

function fitWidths(widths: number[], columns: ResultColumn[], width: number): number[] {
  const total = sum(widths)
  if (total <= width) return widths.map((w) => (w * width) / total)
  const isText = columns.map((column) => column.format === 'text')
  const fixed = sum(widths.filter((_, i) => !isText[i]))
  const text = total - fixed
  const textRoom = width - fixed
  if (text > 0 && textRoom >= isText.filter(Boolean).length * MIN_COLUMN_WIDTH) {
    return widths.map((w, i) => (isText[i] ? (w * textRoom) / text : w))
  }
  return widths.map((w) => (w * width) / total)
}

function sum(values: number[]): number {
  return values.reduce((total, value) => total + value, 0)
}
