import { PassThrough } from 'node:stream'
import PDFDocument from 'pdfkit'
import { formatCents } from '@platform/contracts/finance-money'
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

/** The receipt the payer takes away; a voided one or one whose check came back says so in its title and across the page. */
export function receiptPdf(receipt: ReceiptDetail, siteName: string): NodeJS.ReadableStream {
  const overprint = overprintOf(receipt)
  const title = overprint ? `${overprint.word} — Receipt ${receipt.number}` : `Receipt ${receipt.number}`
  const { doc, output } = start(title)
  doc
    .font('Helvetica-Bold')
    .fontSize(18)
    .fillColor(overprint ? '#c92a2a' : 'black')
    .text(overprint ? title : 'Official receipt')
    .fillColor('black')
  doc.fontSize(11).moveDown(0.5)
  row(doc, 'Number', receipt.number)
  row(doc, 'Site', siteName)
  row(doc, 'Date', receipt.issuedOn)
  row(doc, 'Received from', receipt.payer)
  row(doc, 'For', receipt.purpose)
  row(
    doc,
    'Paid by',
    receipt.tender === 'CHECK' ? `check ${receipt.checkNumber ?? ''}` : receipt.tender === 'MONEY_ORDER' ? 'money order' : 'cash',
  )
  row(doc, 'Amount', formatCents(receipt.amountCents ?? 0))
  row(doc, 'Received by', receipt.collectorName)
  doc.moveDown()
  for (const line of receipt.lines ?? []) doc.font('Courier').text(`${line.account}   ${formatCents(line.amountCents).padStart(14)}`)
  if (overprint) {
    doc.moveDown().font('Helvetica-Bold').fontSize(16).fillColor('#c92a2a').text(overprint.detail)
    stamp(doc, overprint.word)
  }
  doc.end()
  return output
}

/** The slip that travels with the bag to the county treasury. */
export function depositSlipPdf(deposit: DepositDetail, siteName: string): NodeJS.ReadableStream {
  const { doc, output } = start(`Deposit ${deposit.label}`)
  doc.font('Helvetica-Bold').fontSize(18).text('Deposit slip')
  doc.fontSize(11).moveDown(0.5)
  row(doc, 'Deposit', deposit.label)
  row(doc, 'Site', siteName)
  row(doc, 'Bag number', deposit.bagNumber ?? '')
  row(doc, 'Counted by', deposit.countedByName ?? '')
  row(doc, 'Approved by', deposit.approvedByName ?? '')
  row(doc, 'Total', formatCents(deposit.countedCents ?? 0))
  doc.moveDown().font('Helvetica-Bold').text('Cash')
  for (const line of deposit.cash)
    doc
      .font('Courier')
      .text(
        `${formatCents(line.denominationCents).padStart(10)} x ${String(line.count).padStart(6)} = ${formatCents(line.denominationCents * line.count).padStart(14)}`,
      )
  doc.moveDown().font('Helvetica-Bold').text('Checks and money orders')
  for (const check of deposit.checks) doc.font('Courier').text(`${check.number.padEnd(24)} ${formatCents(check.amountCents).padStart(14)}`)
  doc.moveDown().font('Helvetica-Bold').text('Receipts')
  for (const receipt of deposit.receipts)
    doc.font('Courier').text(`${receipt.number.padEnd(24)} ${formatCents(receipt.amountCents ?? 0).padStart(14)}`)
  doc.end()
  return output
}
