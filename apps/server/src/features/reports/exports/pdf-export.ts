import type { ReportResult, ResultRow } from '@platform/contracts/reports'
import PDFDocument from 'pdfkit'
import { AppError } from '../../../lib/errors.js'
import { longestTextPerColumn, SAMPLE_ROWS } from './column-sample.js'
import { parametersLine, runAtText, type ExportHeader } from './header-text.js'
import { drawChart } from './pdf-chart.js'
import { FOOTER_ROOM, MARGIN, tableLayout } from './pdf-layout.js'
import { PdfTable } from './pdf-table.js'
import { FONT_BOLD, FONT_REGULAR, fitText, printable } from './pdf-text.js'
import type { RowSource } from './row-source.js'
import { PDF_MAX_ROWS } from './export-limits.js'

/*
 * The printed report: title block and chart on the first page, then the table with its column headers repeated on
 * every page, and a footer with 'Page X of Y' on each.
 *
 * 'of Y' needs the page count before the first footer. pdfkit's bufferPages would hold every finished page in memory
 * to write footers at the end, and it keeps each page as thousands of small buffers, far more than the rows
 * themselves. Rows have a fixed height, though, so the page count is plain arithmetic: the rows are
 * collected (small beside the pages), the table paginated once without drawing, and then drawn for real with each
 * page's footer written as the page is finished and streamed out.
 *
 * Nothing is written to the output before every row has been read, so a failure while reading (including the cap)
 * leaves the output untouched and the caller can still answer with an error.
 */

export type PdfHeader = ExportHeader & Pick<ReportResult, 'chart'>

const PAGE_SIZE: Record<ExportHeader['layout']['pageSize'], string> = { Letter: 'LETTER', Legal: 'LEGAL', A4: 'A4' }
const CHART_MAX_HEIGHT = 200
/** Rows drawn between pauses, so a long PDF does not hold up other requests. */
const ROWS_BETWEEN_PAUSES = 500

export async function writePdf(
  result: PdfHeader,
  rows: RowSource,
  output: NodeJS.WritableStream,
  options: { maxRows?: number } = {},
): Promise<{ pages: number }> {
  const maxRows = options.maxRows ?? PDF_MAX_ROWS
  const all: ResultRow[] = []
  // Leaving the loop by throwing closes the source (a cursor releases its connection).
  for await (const row of rows) {
    if (all.length === maxRows) throw tooManyRows(maxRows)
    all.push(row)
  }

  const doc = new PDFDocument({
    size: PAGE_SIZE[result.layout.pageSize],
    layout: result.layout.orientation,
    margins: { top: MARGIN, bottom: MARGIN, left: MARGIN, right: MARGIN },
    info: { Title: result.title || 'Report' },
  })
  const finished = pipeToEnd(doc, output)
  const x = MARGIN
  const width = doc.page.width - 2 * MARGIN
  const bottom = doc.page.height - MARGIN - FOOTER_ROOM

  let top = drawTitleBlock(doc, result, x, width)
  const chart = result.chart
  if (chart && chart.categories.length > 0 && chart.series.length > 0) {
    const height = Math.min(CHART_MAX_HEIGHT, (bottom - top) * 0.45)
    drawChart(doc, chart, result.columns, { x, y: top, width, height })
    top += height + 16
  }

  const layout = tableLayout(
    doc,
    result.columns,
    longestTextPerColumn(result.columns, all.slice(0, SAMPLE_ROWS), result.timeZone),
    x,
    width,
  )
  const place = { top, pageTop: MARGIN, bottom, timeZone: result.timeZone }
  const pages = PdfTable.countPages(doc, result.columns, layout, place, all)
  let page = 1
  const footer = () => drawFooter(doc, result, page++, pages)
  const table = new PdfTable(doc, result.columns, layout, place, true, footer)
  for (let i = 0; i < all.length; i += 1) {
    table.draw(all[i]!)
    if ((i + 1) % ROWS_BETWEEN_PAUSES === 0) await new Promise<void>((resolve) => setImmediate(resolve))
  }
  if (all.length === 0) table.note('No rows to show.')
  footer()
  doc.end()
  await finished
  return { pages }
}

function tooManyRows(maxRows: number): AppError {
  return new AppError(
    'unprocessable',
    `This report has more than ${maxRows.toLocaleString('en-US')} rows, too many to print. Export it as XLSX or CSV instead, or narrow it with parameters.`,
    { code: 'too_many_rows' },
  )
}

/** Title, subtitle and parameter values; returns where the next band starts. */
function drawTitleBlock(doc: PDFKit.PDFDocument, result: PdfHeader, x: number, width: number): number {
  let y = MARGIN
  const line = (text: string, font: string, size: number, color: string, maxLines: number, gapAfter: number) => {
    doc.font(font, size).fillColor(color)
    // Wrapped, but never more than maxLines: a long list of selected values must not push the table off the page.
    doc.text(printable(text), x, y, { width, height: doc.currentLineHeight(true) * maxLines, ellipsis: true })
    y = doc.y + gapAfter
  }
  if (result.title) line(result.title, FONT_BOLD, 16, '#111111', 2, 2)
  if (result.subtitle) line(result.subtitle, FONT_REGULAR, 10.5, '#374151', 2, 2)
  const parameters = result.layout.showParameters ? parametersLine(result.parameters) : ''
  if (parameters) line(parameters, FONT_REGULAR, 8.5, '#4B5563', 3, 0)
  return y === MARGIN ? y : y + 10
}

/** Footer text on the left, run time in the middle, 'Page X of Y' on the right. */
function drawFooter(doc: PDFKit.PDFDocument, result: PdfHeader, page: number, pages: number): void {
  const { footer } = result.layout
  const { width, height } = doc.page
  const right = width - MARGIN
  const y = height - MARGIN - 6
  const third = (right - MARGIN) / 3
  doc
    .moveTo(MARGIN, y - 4)
    .lineTo(right, y - 4)
    .lineWidth(0.5)
    .strokeColor('#9CA3AF')
    .stroke()
  doc.font(FONT_REGULAR, 7).fillColor('#4B5563')
  if (footer.text) doc.text(fitText(doc, printable(footer.text), third - 8).text, MARGIN, y, { lineBreak: false })
  const runAt = footer.runAt ? fitText(doc, runAtText(result.generatedAt, result.timeZone), third - 8) : null
  if (runAt?.text) doc.text(runAt.text, MARGIN + (right - MARGIN - runAt.width) / 2, y, { lineBreak: false })
  if (footer.pageNumbers) {
    const text = `Page ${page} of ${pages}`
    doc.text(text, right - doc.widthOfString(text), y, { lineBreak: false })
  }
}

/** Resolves once the whole file has reached the output. */
function pipeToEnd(doc: PDFKit.PDFDocument, output: NodeJS.WritableStream): Promise<void> {
  return new Promise((resolve, reject) => {
    output.once('finish', () => resolve())
    output.once('error', reject)
    doc.once('error', reject)
    doc.pipe(output)
  })
}
