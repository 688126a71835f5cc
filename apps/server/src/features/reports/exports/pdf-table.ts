import type { ResultColumn, ResultRow } from '@platform/contracts/reports'
import { safeCellStyle } from './cell-style.js'
import { formatCell } from '@platform/contracts/report-format'
import { CELL_PADDING, INDENT_PER_LEVEL, type TableLayout } from './pdf-layout.js'
import { FONT_BOLD, FONT_REGULAR, Pen } from './pdf-text.js'
import { labelCellIndex, labelSpan, rowLabelText } from '@platform/contracts/report-labels'

/*
 * The table band of the PDF: column headers at the top of every page, then rows until the page is full. Row heights
 * are fixed, so pagination is plain arithmetic; rows are drawn one text call per non-empty cell, with widths fixed up
 * front (pdf-layout.ts). A group that runs on over a page break has its header repeated under the column headers,
 * marked '(continued)', so a reader of page 2 knows whose rows these are.
 */

const TEXT = '#000000'
const HEADER_FILL = '#E6E9EE'
const GROUP_FILL = '#F1F3F6'
const RULE = '#8A8F98'
const CONTINUED = '(continued)'

export interface TablePlacement {
  /** Where the table starts on the first page, below the title and chart. */
  top: number
  /** Where it starts on every later page. */
  pageTop: number
  /** How far down rows may go. */
  bottom: number
  /** The district's zone: the clock the table's dates and times are read on. */
  timeZone: string
}

export class PdfTable {
  private readonly pen: Pen
  private y: number
  private rowsOnPage = 0
  /** The headers of the groups open at this point, outermost first (index = level). */
  private openGroups: ResultRow[] = []
  /** Pages used so far, counting the one the table starts on. */
  pages = 1

  /**
   * With `paint` false the table only paginates: the same decisions, no drawing, so a dry run over the rows tells the
   * page count before anything is drawn. `onPageEnd` runs on each page just before the table leaves it.
   */
  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly columns: ResultColumn[],
    private readonly layout: TableLayout,
    private readonly place: TablePlacement,
    private readonly paint = true,
    private readonly onPageEnd: () => void = () => {},
  ) {
    this.pen = new Pen(doc)
    this.y = place.top
    if (this.y + layout.headerHeight + layout.rowHeight > place.bottom) this.newPage()
    else this.drawColumnHeaders()
  }

  /** How many pages the rows take, from the first page on. */
  static countPages(
    doc: PDFKit.PDFDocument,
    columns: ResultColumn[],
    layout: TableLayout,
    place: TablePlacement,
    rows: readonly ResultRow[],
  ): number {
    const dryRun = new PdfTable(doc, columns, layout, place, false)
    for (const row of rows) dryRun.draw(row)
    return dryRun.pages
  }

  draw(row: ResultRow): void {
    const { rowHeight } = this.layout
    const continuing = this.groupsContinuingInto(row)
    if (row.pageBreakBefore && this.rowsOnPage > 0) this.newPage(continuing)
    // A group header is not left alone at the foot of a page: it moves over with its first row.
    const needed = row.kind === 'groupHeader' ? 2 * rowHeight : rowHeight
    if (this.y + needed > this.place.bottom) this.newPage(continuing)
    this.placeRow(row)
    this.trackGroups(row)
  }

  /** A line of plain text in the table's place, e.g. when there are no rows. */
  note(text: string): void {
    if (!this.paint) return
    this.pen.use(FONT_REGULAR, this.layout.fontSize, '#4B5563')
    this.pen.cell(text, this.layout.x + CELL_PADDING, this.y + 4, this.layout.width - 2 * CELL_PADDING, 'left')
  }

  private placeRow(row: ResultRow): void {
    if (this.paint) this.drawRow(row)
    this.y += this.layout.rowHeight
    this.rowsOnPage += 1
  }

  /**
   * The open groups the row belongs to: a group header starts its own level (outer groups go on), a subtotal still
   * belongs to its group, a detail row to every open group, and the grand total to none.
   */
  private groupsContinuingInto(row: ResultRow): ResultRow[] {
    switch (row.kind) {
      case 'groupHeader':
        return this.openGroups.slice(0, row.level)
      case 'subtotal':
        return this.openGroups.slice(0, row.level + 1)
      case 'detail':
        return this.openGroups
      default:
        return []
    }
  }

  private trackGroups(row: ResultRow): void {
    if (row.kind === 'groupHeader') this.openGroups = [...this.openGroups.slice(0, row.level), row]
    else if (row.kind === 'subtotal') this.openGroups = this.openGroups.slice(0, row.level)
    else if (row.kind === 'grandTotal') this.openGroups = []
  }

  private newPage(continuing: readonly ResultRow[] = []): void {
    if (this.paint) {
      this.onPageEnd()
      this.doc.addPage()
      this.pen.forget()
    }
    this.pages += 1
    this.y = this.place.pageTop
    this.drawColumnHeaders()
    for (const header of continuing) this.placeRow({ ...header, label: `${rowLabelText(header)} ${CONTINUED}`, pageBreakBefore: false })
  }

  private drawColumnHeaders(): void {
    const { x, width, headerHeight, columnWidths, columnX, fontSize } = this.layout
    if (this.paint) {
      this.pen.fillRect(x, this.y, width, headerHeight, HEADER_FILL)
      this.pen.use(FONT_BOLD, fontSize, TEXT)
      const textY = this.y + (headerHeight - fontSize) / 2
      this.columns.forEach((column, i) => {
        this.pen.cell(column.label, columnX[i]! + CELL_PADDING, textY, columnWidths[i]! - 2 * CELL_PADDING, column.align)
      })
      this.rule(this.y + headerHeight, 0.75, TEXT)
    }
    this.y += headerHeight + 1
    this.rowsOnPage = 0
  }

  private drawRow(row: ResultRow): void {
    const { x, width, rowHeight, columnWidths, columnX, fontSize } = this.layout
    const bold = row.kind !== 'detail'
    if (row.kind === 'groupHeader' && row.level === 0) this.pen.fillRect(x, this.y, width, rowHeight, GROUP_FILL)
    if (row.kind === 'subtotal') this.rule(this.y, 0.4, RULE)
    if (row.kind === 'grandTotal') this.rule(this.y, 1, TEXT)

    const textY = this.y + (rowHeight - fontSize) / 2 + 0.5
    const label = rowLabelText(row)
    const labelAt = label === null ? -1 : labelCellIndex(row, this.columns.length)
    // Backgrounds first, so a label running on over the next cells is not painted over.
    const styles = row.styles ? this.columns.map((_, i) => safeCellStyle(row.styles![i])) : null
    styles?.forEach((style, i) => {
      if (style?.background) this.pen.fillRect(columnX[i]!, this.y, columnWidths[i]!, rowHeight, style.background)
    })
    for (let i = 0; i < this.columns.length; i += 1) {
      const style = styles?.[i] ?? null
      const font = bold || style?.bold ? FONT_BOLD : FONT_REGULAR
      this.pen.use(font, fontSize, style?.color ?? TEXT)
      if (i === labelAt) {
        // The label runs on over the empty cells after it, indented by the group level.
        const span = labelSpan(row, i, this.columns.length)
        const spanWidth = columnX[i + span - 1]! + columnWidths[i + span - 1]! - columnX[i]!
        const indent = row.kind === 'grandTotal' ? 0 : Math.max(0, row.level) * INDENT_PER_LEVEL
        this.pen.cell(label!, columnX[i]! + CELL_PADDING + indent, textY, spanWidth - 2 * CELL_PADDING - indent, 'left')
        continue
      }
      const column = this.columns[i]!
      const text = formatCell(row.cells[i], column.format, this.place.timeZone)
      this.pen.cell(text, columnX[i]! + CELL_PADDING, textY, columnWidths[i]! - 2 * CELL_PADDING, column.align)
    }
  }

  private rule(y: number, lineWidth: number, color: string): void {
    const { x, width } = this.layout
    this.doc
      .moveTo(x, y)
      .lineTo(x + width, y)
      .lineWidth(lineWidth)
      .strokeColor(color)
      .stroke()
  }
}
