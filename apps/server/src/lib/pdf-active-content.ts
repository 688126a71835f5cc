import { constants, inflateSync } from 'node:zlib'

/*
 * A PDF that runs JavaScript or launches a program when it is opened is refused: what the district keeps and hands out
 * must be a document, not a program. The names that make a PDF act (/JS, /JavaScript, /Launch) are looked for in the
 * file and inside every FlateDecode stream (object streams hide whole dictionaries there), with #xx escapes in names
 * decoded, so spelling /J#61vaScript or compressing the action does not hide it.
 */

/** How much one stream, and all of a file's streams together, may unpack to while being searched. */
const STREAM_UNPACKED_MAX = 16 * 1024 * 1024
const FILE_UNPACKED_MAX = 128 * 1024 * 1024
const AFTER = 'Print it to a new PDF and attach that.'

interface Found {
  javaScript: boolean
  launch: boolean
  opens: boolean
}

/** The PDF names in this text, #xx escapes decoded (`/J#61vaScript` is `/JavaScript`). */
function namesIn(text: string, found: Found): void {
  for (const match of text.matchAll(/\/([^\s/<>[\]()%{}]+)/g)) {
    const name = match[1]!.includes('#')
      ? match[1]!.replace(/#([0-9a-fA-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
      : match[1]!
    if (name === 'JS' || name === 'JavaScript') found.javaScript = true
    else if (name === 'Launch') found.launch = true
    else if (name === 'OpenAction' || name === 'AA') found.opens = true
  }
}

/** The data of each FlateDecode stream, unpacked within the budget (a stream that does not unpack is searched as it is). */
function* flateStreams(pdf: Buffer): Generator<Buffer> {
  const text = pdf.toString('latin1')
  let budget = FILE_UNPACKED_MAX
  let from = 0
  for (;;) {
    const start = text.indexOf('stream', from)
    if (start < 0) return
    from = start + 6
    if (text.startsWith('endstream', start - 3)) continue
    let dataStart = start + 6
    if (text[dataStart] === '\r') dataStart += 1
    if (text[dataStart] !== '\n') continue
    dataStart += 1
    const end = text.indexOf('endstream', dataStart)
    if (end < 0) return
    from = end + 9
    const dictionary = text.slice(Math.max(0, text.lastIndexOf('obj', start)), start)
    if (!/FlateDecode|\/Fl\b/.test(dictionary) || budget <= 0) continue
    try {
      const unpacked = inflateSync(pdf.subarray(dataStart, end), {
        finishFlush: constants.Z_SYNC_FLUSH,
        maxOutputLength: Math.min(STREAM_UNPACKED_MAX, budget),
      })
      budget -= unpacked.length
      yield unpacked
    } catch {
      // Damaged or larger than the budget allows: what is left in the file is still searched as written.
    }
  }
}

/** Why this PDF may not be kept, in words a person reads; null when it neither runs JavaScript nor launches anything. */
export function pdfActiveContentProblem(pdf: Buffer): string | null {
  const found: Found = { javaScript: false, launch: false, opens: false }
  namesIn(pdf.toString('latin1'), found)
  for (const stream of flateStreams(pdf)) namesIn(stream.toString('latin1'), found)
  if (found.launch) return `This PDF launches another program (a launch action), so it cannot be attached. ${AFTER}`
  if (found.javaScript)
    return found.opens
      ? `This PDF runs JavaScript when opened, so it cannot be attached. ${AFTER}`
      : `This PDF carries JavaScript, so it cannot be attached. ${AFTER}`
  return null
}
