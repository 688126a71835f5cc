import type { Format, ResultChart, ResultColumn } from '@platform/contracts/reports'
import { formatCell } from '@platform/contracts/report-format'
import { FONT_REGULAR, fitText, printable } from './pdf-text.js'

/*
 * The report's chart drawn with pdfkit's own shapes: bars, a polyline per series, or pie slices, with a legend and
 * category labels. Vector output, no browser or canvas on the server, and the labels stay real text in the PDF.
 */

export interface Box {
  x: number
  y: number
  width: number
  height: number
}

/** Distinct, print-friendly colours, one per series (at most 6) or per pie slice (repeating). */
export const CHART_COLORS = ['#4E79A7', '#F28E2B', '#59A14F', '#E15759', '#76B7B2', '#EDC948', '#B07AA1', '#FF9DA7', '#9C755F', '#BAB0AC']
const AXIS = '#6B7280'
const GRID = '#E5E7EB'
const LABEL = '#374151'
const LABEL_SIZE = 7
const LEGEND_SWATCH = 7
const MAX_PIE_LEGEND = 12

export function drawChart(doc: PDFKit.PDFDocument, chart: ResultChart, columns: ResultColumn[], box: Box): void {
  doc.save()
  if (chart.type === 'pie') drawPie(doc, chart, box)
  else drawAxesChart(doc, chart, columns, box)
  doc.restore()
}

function drawAxesChart(doc: PDFKit.PDFDocument, chart: ResultChart, columns: ResultColumn[], box: Box): void {
  const legendHeight = drawSeriesLegend(doc, chart, box)
  const values = chart.series.flatMap((series) => series.values).filter((v): v is number => v !== null && Number.isFinite(v))
  const ticks = niceTicks(Math.min(0, ...values), Math.max(0, ...values))
  const format = columns.find((column) => column.key === chart.series[0]?.key)?.format ?? 'decimal'
  const tickLabels = ticks.map((tick) => axisLabel(tick, format))
  doc.font(FONT_REGULAR, LABEL_SIZE)
  // Axis titles: what the categories are under the labels, and what is measured up the left side.
  const xTitle = printable(chart.categoryLabel ?? '')
  const yTitle = printable(chart.series.map((series) => series.name).join(', '))
  const xTitleRoom = xTitle ? LABEL_SIZE + 4 : 0
  const yTitleRoom = yTitle ? LABEL_SIZE + 4 : 0
  const axisWidth = yTitleRoom + Math.max(...tickLabels.map((label) => doc.widthOfString(label))) + 6
  const plot = {
    x: box.x + axisWidth,
    y: box.y + legendHeight,
    width: box.width - axisWidth,
    height: box.height - legendHeight - LABEL_SIZE - 6 - xTitleRoom,
  }
  const low = ticks[0]!
  const high = ticks[ticks.length - 1]!
  const yOf = (v: number) => plot.y + plot.height - ((v - low) / (high - low)) * plot.height

  ticks.forEach((tick, i) => {
    const y = yOf(tick)
    doc
      .moveTo(plot.x, y)
      .lineTo(plot.x + plot.width, y)
      .lineWidth(0.5)
      .strokeColor(tick === 0 ? AXIS : GRID)
      .stroke()
    const label = tickLabels[i]!
    doc.fillColor(LABEL).text(label, plot.x - 4 - doc.widthOfString(label), y - LABEL_SIZE / 2, { lineBreak: false })
  })

  const count = Math.max(1, chart.categories.length)
  const slot = plot.width / count
  if (chart.type === 'bar') drawBars(doc, chart, plot, slot, yOf)
  else drawLines(doc, chart, plot, slot, yOf)
  drawCategoryLabels(doc, chart.categories, plot, slot)
  drawAxisTitles(doc, xTitle, yTitle, plot, box)
}

function drawAxisTitles(doc: PDFKit.PDFDocument, xTitle: string, yTitle: string, plot: Box, box: Box): void {
  doc.font(FONT_REGULAR, LABEL_SIZE).fillColor(LABEL)
  if (xTitle) {
    const fitted = fitText(doc, xTitle, plot.width)
    doc.text(fitted.text, plot.x + (plot.width - fitted.width) / 2, plot.y + plot.height + LABEL_SIZE + 8, { lineBreak: false })
  }
  if (yTitle) {
    const fitted = fitText(doc, yTitle, plot.height)
    // Written upwards along the left edge, centred on the plot.
    const x = box.x
    const y = plot.y + (plot.height + fitted.width) / 2
    doc.save()
    doc.rotate(-90, { origin: [x, y] })
    doc.text(fitted.text, x, y, { lineBreak: false })
    doc.restore()
  }
}

function drawBars(doc: PDFKit.PDFDocument, chart: ResultChart, plot: Box, slot: number, yOf: (v: number) => number): void {
  const barWidth = (slot * 0.8) / Math.max(1, chart.series.length)
  const zero = yOf(0)
  chart.series.forEach((series, s) => {
    const color = CHART_COLORS[s % CHART_COLORS.length]!
    series.values.forEach((value, i) => {
      if (value === null || !Number.isFinite(value) || value === 0) return
      const y = yOf(value)
      const x = plot.x + i * slot + slot * 0.1 + s * barWidth
      doc.rect(x, Math.min(y, zero), Math.max(0.5, barWidth * 0.9), Math.abs(zero - y)).fill(color)
    })
  })
}

function drawLines(doc: PDFKit.PDFDocument, chart: ResultChart, plot: Box, slot: number, yOf: (v: number) => number): void {
  const markers = chart.categories.length <= 40
  chart.series.forEach((series, s) => {
    const color = CHART_COLORS[s % CHART_COLORS.length]!
    // A missing value breaks the line rather than dropping it to zero.
    let drawing = false
    series.values.forEach((value, i) => {
      if (value === null || !Number.isFinite(value)) {
        drawing = false
        return
      }
      const x = plot.x + (i + 0.5) * slot
      const y = yOf(value)
      if (drawing) doc.lineTo(x, y)
      else doc.moveTo(x, y)
      drawing = true
    })
    doc.lineWidth(1.5).strokeColor(color).stroke()
    if (markers) {
      series.values.forEach((value, i) => {
        if (value !== null && Number.isFinite(value)) doc.circle(plot.x + (i + 0.5) * slot, yOf(value), 1.8).fill(color)
      })
    }
  })
}

/** Under each category; when they crowd, every k-th one, each cut to the room it has. */
function drawCategoryLabels(doc: PDFKit.PDFDocument, categories: string[], plot: Box, slot: number): void {
  doc.font(FONT_REGULAR, LABEL_SIZE).fillColor(LABEL)
  const every = Math.max(1, Math.ceil(24 / slot))
  const room = slot * every - 2
  const y = plot.y + plot.height + 3
  categories.forEach((category, i) => {
    if (i % every !== 0) return
    const fitted = fitText(doc, printable(category), room)
    if (fitted.text) doc.text(fitted.text, plot.x + (i + 0.5) * slot - fitted.width / 2, y, { lineBreak: false })
  })
}

/** A row of swatches and series names along the top; returns the height it took. */
function drawSeriesLegend(doc: PDFKit.PDFDocument, chart: ResultChart, box: Box): number {
  doc.font(FONT_REGULAR, LABEL_SIZE)
  let x = box.x
  chart.series.forEach((series, s) => {
    const name = fitText(doc, printable(series.name), 150)
    doc.rect(x, box.y + 1, LEGEND_SWATCH, LEGEND_SWATCH).fill(CHART_COLORS[s % CHART_COLORS.length]!)
    doc.fillColor(LABEL).text(name.text, x + LEGEND_SWATCH + 3, box.y + 1, { lineBreak: false })
    x += LEGEND_SWATCH + 3 + name.width + 12
  })
  return LEGEND_SWATCH + 10
}

/** The first series as slices, largest share starting at twelve o'clock, legend with shares on the right. */
function drawPie(doc: PDFKit.PDFDocument, chart: ResultChart, box: Box): void {
  const series = chart.series[0]
  const slices = chart.categories
    .map((category, i) => ({ category, value: series?.values[i] ?? null, color: CHART_COLORS[i % CHART_COLORS.length]! }))
    .filter(
      (slice): slice is { category: string; value: number; color: string } =>
        slice.value !== null && Number.isFinite(slice.value) && slice.value > 0,
    )
    .sort((a, b) => b.value - a.value)
  const total = slices.reduce((sum, slice) => sum + slice.value, 0)
  const radius = Math.max(10, Math.min(box.height / 2 - 4, box.width / 4))
  const cx = box.x + radius + 4
  const cy = box.y + box.height / 2
  doc.font(FONT_REGULAR, LABEL_SIZE)
  if (total <= 0) {
    doc.fillColor(LABEL).text('No data to chart', box.x, cy, { lineBreak: false })
    return
  }
  let angle = -Math.PI / 2
  for (const slice of slices) {
    const sweep = (slice.value / total) * 2 * Math.PI
    if (slices.length === 1) {
      doc.circle(cx, cy, radius).fill(slice.color)
      break
    }
    const end = angle + sweep
    const [x1, y1] = [cx + radius * Math.cos(angle), cy + radius * Math.sin(angle)]
    const [x2, y2] = [cx + radius * Math.cos(end), cy + radius * Math.sin(end)]
    doc.path(`M ${cx} ${cy} L ${x1} ${y1} A ${radius} ${radius} 0 ${sweep > Math.PI ? 1 : 0} 1 ${x2} ${y2} Z`).fill(slice.color)
    angle = end
  }

  // Legend: category and share, as many as fit, then a count of the rest.
  const legendX = cx + radius + 20
  const lineHeight = LABEL_SIZE + 4
  const fit = Math.max(1, Math.min(MAX_PIE_LEGEND, Math.floor(box.height / lineHeight) - 1))
  let y = cy - (Math.min(fit, slices.length) * lineHeight) / 2
  slices.slice(0, fit).forEach((slice) => {
    doc.rect(legendX, y + 1, LEGEND_SWATCH, LEGEND_SWATCH).fill(slice.color)
    const text = fitText(
      doc,
      printable(`${slice.category}  ${formatCell(slice.value / total, 'percent')}`),
      box.x + box.width - legendX - 12,
    )
    doc.fillColor(LABEL).text(text.text, legendX + LEGEND_SWATCH + 4, y + 1, { lineBreak: false })
    y += lineHeight
  })
  if (slices.length > fit)
    doc.fillColor(LABEL).text(`and ${slices.length - fit} more`, legendX + LEGEND_SWATCH + 4, y + 1, { lineBreak: false })
}

/** About five round-numbered ticks covering [min, max]. */
export function niceTicks(min: number, max: number, target = 5): number[] {
  if (min === max) max = min + 1
  const rough = (max - min) / target
  const magnitude = 10 ** Math.floor(Math.log10(rough))
  const normalized = rough / magnitude
  const step = (normalized <= 1 ? 1 : normalized <= 2 ? 2 : normalized <= 5 ? 5 : 10) * magnitude
  const ticks: number[] = []
  for (let tick = Math.floor(min / step) * step; tick <= Math.ceil(max / step) * step + step / 2; tick += step) {
    ticks.push(Number(tick.toPrecision(12)))
  }
  return ticks
}

/** Short axis labels: $1.5M, 250K, 12.5%. */
export function axisLabel(value: number, format: Format): string {
  if (format === 'percent') return formatCell(value, 'percent')
  const abs = Math.abs(value)
  const [divisor, suffix] = abs >= 1e9 ? [1e9, 'B'] : abs >= 1e6 ? [1e6, 'M'] : abs >= 1e3 ? [1e3, 'K'] : [1, '']
  const scaled = abs / divisor
  const digits = Number.isInteger(scaled) ? String(scaled) : scaled.toFixed(1).replace(/\.0$/, '')
  return `${value < 0 ? '-' : ''}${format === 'money' ? '$' : ''}${digits}${suffix}`
}
