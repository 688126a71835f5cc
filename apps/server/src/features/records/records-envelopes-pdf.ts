import PDFDocument from 'pdfkit'

// Loaded on first use by the mailings service (pdfkit is large), as the letters are.

/** A No. 10 envelope, 9.5 × 4.125 inches, in points: printed flap up, fed as the printer takes envelopes. */
const ENVELOPE: [number, number] = [9.5 * 72, 4.125 * 72]
const RETURN_MARGIN = 0.4 * 72
const ADDRESS_WIDTH = 4 * 72

export interface Envelope {
  /** The requester's name as given; empty when they asked anonymously. */
  name: string
  postalAddress: string
}

/** The lines of an address as typed: one a line, commas kept when it was typed on one line. */
const linesOf = (address: string) =>
  address
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')

/** One envelope a page: the records office's return address top left, the requester's address in the middle. */
export function envelopesPdf(districtName: string, envelopes: readonly Envelope[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: ENVELOPE, margin: RETURN_MARGIN, autoFirstPage: false, info: { Title: 'Envelopes' } })
  const chunks: Buffer[] = []
  doc.on('data', (chunk: Buffer) => chunks.push(chunk))
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)))
    doc.on('error', reject)
  })
  for (const envelope of envelopes) {
    doc.addPage()
    doc.font('Helvetica').fontSize(9).text(districtName, RETURN_MARGIN, RETURN_MARGIN, { width: ADDRESS_WIDTH })
    doc.text('Public Records Office', { width: ADDRESS_WIDTH })
    const lines = [envelope.name.trim() || 'Public records requester', ...linesOf(envelope.postalAddress)]
    doc.fontSize(12)
    const block = lines.join('\n')
    const height = doc.heightOfString(block, { width: ADDRESS_WIDTH })
    // In the middle of the envelope, a little right and below centre where the post reads it; lines share one left
    // edge, and a long line wraps rather than being cut.
    const left = (ENVELOPE[0] - ADDRESS_WIDTH) / 2 + 0.5 * 72
    const top = Math.max((ENVELOPE[1] - height) / 2 + 0.25 * 72, RETURN_MARGIN + 3 * 12)
    // Held to the page (an address longer than the envelope ends in an ellipsis), so each envelope stays one page.
    doc.text(block, left, top, { width: ADDRESS_WIDTH, height: ENVELOPE[1] - top - RETURN_MARGIN, ellipsis: true })
  }
  doc.end()
  return done
}
