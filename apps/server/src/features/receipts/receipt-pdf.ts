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

/** The receipt the payer takes away. */
export function receiptPdf(receipt: ReceiptDetail, siteName: string): NodeJS.ReadableStream {
  const { doc, output } = start(`Receipt ${receipt.number}`)
  doc.font('Helvetica-Bold').fontSize(18).text('Official receipt')
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
  if (receipt.state === 'VOIDED')
    doc
      .moveDown()
      .font('Helvetica-Bold')
      .fontSize(16)
      .fillColor('#c92a2a')
      .text(`VOID: ${receipt.voidReason ?? ''}`)
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
