/*
 * Text on a PDF page with the standard Helvetica fonts (no font files to ship). Everything here avoids pdfkit's line
 * wrapper: it is the slow path, and it adds pages by itself when text runs past the bottom margin, which would break
 * the page-per-band layout and the footers.
 */

export const FONT_REGULAR = 'Helvetica'
export const FONT_BOLD = 'Helvetica-Bold'
const ELLIPSIS = '…'

// The standard fonts are WinAnsi-encoded: Latin-1 plus a few typographic characters. Others would print as garbage.
const NOT_WIN_ANSI = /[^\x20-\x7E\xA0-\xFF€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ]/g
const NOT_PLAIN_ASCII = /[^\x20-\x7E]/

/** One line of printable text: line breaks and tabs become spaces, characters the font lacks become '?'. */
export function printable(text: string): string {
  if (!NOT_PLAIN_ASCII.test(text)) return text
  return text.replace(/[\r\n\t]+/g, ' ').replace(NOT_WIN_ANSI, '?')
}

/**
 * The text cut to fit `maxWidth` with an ellipsis, and its width, in the document's current font and size. One
 * measurement when it fits (the usual case); when it does not, a proportional guess corrected in a step or two.
 */
export function fitText(doc: PDFKit.PDFDocument, text: string, maxWidth: number): { text: string; width: number } {
  const width = doc.widthOfString(text)
  if (width <= maxWidth) return { text, width }
  const ellipsisWidth = doc.widthOfString(ELLIPSIS)
  if (ellipsisWidth > maxWidth) return { text: '', width: 0 }
  let length = Math.floor((text.length * (maxWidth - ellipsisWidth)) / width)
  let candidate = `${text.slice(0, length).trimEnd()}${ELLIPSIS}`
  let candidateWidth = doc.widthOfString(candidate)
  while (candidateWidth > maxWidth && length > 0) {
    length -= 1
    candidate = `${text.slice(0, length).trimEnd()}${ELLIPSIS}`
    candidateWidth = doc.widthOfString(candidate)
  }
  return { text: candidate, width: candidateWidth }
}

/**
 * Sets font and fill colour only when they change: a table page sets them hundreds of times and each call writes
 * operators into the page.
 */
export class Pen {
  private font = ''
  private size = 0
  private color = ''

  constructor(private readonly doc: PDFKit.PDFDocument) {}

  use(font: string, size: number, color: string): PDFKit.PDFDocument {
    if (font !== this.font || size !== this.size) {
      this.doc.font(font, size)
      this.font = font
      this.size = size
    }
    if (color !== this.color) {
      this.doc.fillColor(color)
      this.color = color
    }
    return this.doc
  }

  fillRect(x: number, y: number, width: number, height: number, color: string): void {
    this.doc.rect(x, y, width, height).fill(color)
    this.color = color
  }

  /** Drawing outside the pen (charts, new pages) leaves the document's state unknown. */
  forget(): void {
    this.font = ''
    this.size = 0
    this.color = ''
  }

  /** Text at a point, left or right aligned within [x, x + width], cut to fit. */
  cell(text: string, x: number, y: number, width: number, align: 'left' | 'right'): void {
    if (!text) return
    const fitted = fitText(this.doc, printable(text), width)
    if (!fitted.text) return
    const left = align === 'right' ? x + width - fitted.width : x
    this.doc.text(fitted.text, left, y, { lineBreak: false })
  }
}
