import { AppError } from '../../lib/errors.js'

/**
 * How many pages a released record has, so an exemption's page range can be checked against it. A PDF is read with
 * pdfjs-dist (loaded on first use: it is large); an image is one page; any other file (a spreadsheet, a text, a
 * Word document) is treated as one page, so its exemption covers the whole file.
 */
export async function pageCount(bytes: Buffer): Promise<number> {
  // Counted before the file is stored, so an unreadable PDF leaves nothing behind; the attachments check the type after.
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') return 1
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs')
  try {
    const document = await getDocument({ data: new Uint8Array(bytes), verbosity: 0, disableFontFace: true }).promise
    const pages = document.numPages
    await document.destroy()
    return pages
  } catch (error) {
    throw new AppError(
      'bad_request',
      'The PDF could not be read (it may be damaged or encrypted), so its pages cannot be counted. Save it again as a PDF and upload that.',
      { code: 'unreadable_pdf', cause: error },
    )
  }
}
