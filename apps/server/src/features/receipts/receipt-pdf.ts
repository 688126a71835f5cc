import { PassThrough } from 'node:stream'
import PDFDocument from 'pdfkit'
import { formatCents } from '@platform/contracts/finance-money'
import { formatInstant } from '@platform/contracts/district-time'
import { receiptsLabels } from '@platform/contracts/labels/receipts'
import type { DepositDetail, ReceiptDetail } from '@platform/contracts/receipts'

// Loaded on first use by the routes (pdfkit is large); both documents are one page of plain Helvetica.

function start(title: string) {
  const doc = new PDFDocument({ size: 'LETTER', margin: 54, info: { Title: title } })
  const output = new PassThrough()
  doc.pipe(output)
  return { doc, output }
}

const row = (doc: PDFKit.PDFDocument, label: string, value: string) => {
  doc.font('Helvetica-Bold').text(`${label}: `, { continued: true }).font('Helvetica').text(value)
}

/** What became of a receipt that is no longer good, in the words printed over it; null for one that stands. */
function overprintOf(receipt: ReceiptDetail): { word: string; detail: string } | null {
  if (receipt.state === 'VOIDED') return { word: 'VOID', detail: `VOID: ${receipt.voidReason ?? ''}` }
  if (receipt.state === 'RETURNED')
    return { word: 'RETURNED CHECK', detail: `RETURNED CHECK: ${receipt.correction?.reason ?? 'the check came back unpaid'}` }
  return null
}

/** The word across the page, diagonal and pale, so no part of a void or returned receipt can pass for a good one. */
function stamp(doc: PDFKit.PDFDocument, word: string) {
  const { width, height } = doc.page
  doc.save()
  doc.rotate(-35, { origin: [width / 2, height / 2] })
  doc
    .font('Helvetica-Bold')
    .fontSize(word.length > 6 ? 56 : 120)
    .fillColor('#c92a2a')
    .fillOpacity(0.25)
    .text(word, 0, height / 2 - 50, { width, align: 'center', lineBreak: false })
  doc.restore()
}

/** What a printout says besides its record: whose it is, where, and the words for its accounts. */
export interface PrintContext {
  /** The district's name (DISTRICT_NAME), at the head of every printout. */
  districtName: string
  siteName: string
  timeZone: string
  /** Each account string's words ('General Fund · Unrestricted · Other Local Revenue'), from the chart. */
  accountWords?: ReadonlyMap<string, string>
}

const longDay = (date: string) => {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number]
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(Date.UTC(year, month - 1, day)))
}

/** 'Paid by check no. 1042': the tender in words, with the number written on it. */
export function paidByWords(receipt: Pick<ReceiptDetail, 'tender' | 'checkNumber'>): string {
  const tender = receiptsLabels.tender[receipt.tender].toLowerCase()
  return `Paid by ${tender}${receipt.tender !== 'CASH' && receipt.checkNumber ? ` no. ${receipt.checkNumber}` : ''}`
}

/** The head of a printout: the district, then what the paper is. */
function heading(doc: PDFKit.PDFDocument, districtName: string, title: string, color = 'black') {
  doc.font('Helvetica').fontSize(12).fillColor('black').text(districtName)
  doc.font('Helvetica-Bold').fontSize(18).fillColor(color).text(title).fillColor('black')
  doc.fontSize(11).moveDown(0.5)
}

/** The receipt the payer takes away; a voided one or one whose check came back says so in its title and across the page. */
export function receiptPdf(receipt: ReceiptDetail, context: PrintContext): NodeJS.ReadableStream {
  const overprint = overprintOf(receipt)
  const title = overprint ? `${overprint.word} — Receipt ${receipt.number}` : `Receipt ${receipt.number}`
  const { doc, output } = start(title)
  heading(doc, context.districtName, overprint ? title : 'Official receipt', overprint ? '#c92a2a' : 'black')
  row(doc, 'Number', receipt.number)
  row(doc, 'Site', context.siteName)
  row(doc, 'Date', `${longDay(receipt.issuedOn)} (${formatInstant(receipt.issuedAt, context.timeZone)})`)
  row(doc, 'Received from', receipt.payer)
  row(doc, 'For', receipt.purpose)
  doc.font('Helvetica').text(paidByWords(receipt))
  row(doc, 'Amount', formatCents(receipt.amountCents ?? 0))
  row(doc, 'Received by', receipt.collectorName)
  doc
    .moveDown()
    .font('Helvetica-Bold')
    .text(receipt.lines && receipt.lines.length > 1 ? 'Credited to these accounts' : 'Credited to')
  for (const line of receipt.lines ?? []) {
    const words = context.accountWords?.get(line.account)
    doc.font('Helvetica').text(`${words ? `${words}, ` : ''}account ${line.account}: ${formatCents(line.amountCents)}`)
  }
  if (overprint) {
    doc.moveDown().font('Helvetica-Bold').fontSize(16).fillColor('#c92a2a').text(overprint.detail)
    stamp(doc, overprint.word)
  }
  doc.end()
  return output
}

/** 'counted $1,230.00 against $1,235.00 expected: $5.00 short', or that they agree. */
export function countAgainstExpected(countedCents: number, expectedCents: number): string {
  const difference = countedCents - expectedCents
  const against = `Counted ${formatCents(countedCents)} against ${formatCents(expectedCents)} expected from the receipts`
  if (difference === 0) return `${against}: they agree.`
  return `${against}: ${formatCents(Math.abs(difference))} ${difference < 0 ? 'short' : 'over'}.`
}

/** The slip that travels with the bag to the county treasury: cash by bill and coin, checks by their numbers, and the totals. */
export function depositSlipPdf(deposit: DepositDetail, context: PrintContext & { depositOn: string }): NodeJS.ReadableStream {
  const { doc, output } = start(`Deposit ${deposit.label}`)
  const money = (cents: number) => formatCents(cents).padStart(14)
  heading(doc, context.districtName, 'Deposit slip')
  row(doc, 'Deposit', deposit.label)
  row(doc, 'Site', context.siteName)
  row(doc, 'Date', longDay(context.depositOn))
  row(doc, 'Bag number', deposit.bagNumber ?? '')
  row(doc, 'Counted by', deposit.countedByName ?? '')
  row(doc, 'Approved by', deposit.approvedByName ?? '')

  const cashCents = deposit.cash.reduce((sum, line) => sum + line.denominationCents * line.count, 0)
  doc.moveDown().font('Helvetica-Bold').text('Cash')
  for (const line of deposit.cash.filter((entry) => entry.count > 0))
    doc
      .font('Courier')
      .text(
        `${formatCents(line.denominationCents).padStart(10)} x ${String(line.count).padStart(6)} = ${money(line.denominationCents * line.count)}`,
      )
  doc.font('Helvetica-Bold').text(`Cash subtotal: ${formatCents(cashCents)}`)

  const checkNumbers = new Map(deposit.checksToCount.map((check) => [check.receiptId, check.checkNumber]))
  const checksCents = deposit.checks.reduce((sum, check) => sum + check.amountCents, 0)
  doc.moveDown().font('Helvetica-Bold').text('Checks and money orders')
  doc.font('Courier').text(`${'Check no.'.padEnd(16)} ${'Amount'.padStart(14)}   Receipt`)
  for (const check of deposit.checks)
    doc.font('Courier').text(`${(checkNumbers.get(check.receiptId) ?? '—').padEnd(16)} ${money(check.amountCents)}   ${check.number}`)
  doc.font('Helvetica-Bold').text(`Checks subtotal: ${formatCents(checksCents)}`)

  doc
    .moveDown()
    .font('Helvetica-Bold')
    .fontSize(13)
    .text(`Total deposited: ${formatCents(deposit.countedCents ?? cashCents + checksCents)}`)
  doc
    .fontSize(11)
    .font('Helvetica')
    .text(countAgainstExpected(deposit.countedCents ?? cashCents + checksCents, deposit.amountCents ?? 0))

  doc.moveDown().font('Helvetica-Bold').text('Receipts')
  for (const receipt of deposit.receipts) doc.font('Courier').text(`${receipt.number.padEnd(24)} ${money(receipt.amountCents ?? 0)}`)
  doc.end()
  return output
}
