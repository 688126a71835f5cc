import { UPLOAD_LIMITS } from '@platform/contracts/reports'
import { SaxesParser } from 'saxes'
import { refuse, tooLarge } from './upload-file.js'
import { type ZipEntry, unpackEntry } from '../../../lib/zip-entries.js'

/*
 * The parts of an .xlsx (a zip of XML parts) that the first worksheet's values need. Each is unpacked as a stream of
 * pieces read by a SAX parser, so memory holds the values kept, never a part or the workbook's model. Every piece
 * counts against the unpacked-size budget (a zip bomb stops there) and no stretch of XML without a tag may pass
 * LONGEST_STRETCH (the parser would have to hold it whole).
 */

const LONGEST_STRETCH = 1024 * 1024

type Attributes = Record<string, string>
interface XmlHandlers {
  open?(name: string, attributes: Attributes): void
  text?(text: string): void
  close?(name: string): void
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1)

/** Reads one part, piece by piece, through the handlers. */
export async function readPart(zip: Buffer, entry: ZipEntry, budget: { left: number }, handlers: XmlHandlers): Promise<void> {
  const sax = new SaxesParser()
  const decoder = new TextDecoder('utf-8', { fatal: true })
  let sinceTag = 0
  if (handlers.open) sax.on('opentag', (tag) => handlers.open!(localName(tag.name), tag.attributes as Attributes))
  if (handlers.text) {
    sax.on('text', handlers.text)
    sax.on('cdata', handlers.text)
  }
  if (handlers.close) sax.on('closetag', (tag) => handlers.close!(localName(tag.name)))

  await unpackEntry(zip, entry, (piece) => {
    budget.left -= piece.length
    if (budget.left < 0)
      throw tooLarge(
        `The workbook unpacks to more than ${UPLOAD_LIMITS.unpackedBytes / 1024 / 1024} MB; save the data you need in a smaller workbook, or as CSV.`,
      )
    const text = decoder.decode(piece, { stream: true })
    let start = 0
    for (let next = text.indexOf('<'); next !== -1; next = text.indexOf('<', start)) {
      if (sinceTag + next - start > LONGEST_STRETCH) break
      sinceTag = 0
      start = next + 1
    }
    sinceTag += text.length - start
    if (sinceTag > LONGEST_STRETCH) throw refuse(`The workbook's part ${entry.name} holds a value longer than Excel allows.`, 'bad_xlsx')
    sax.write(text)
  })
  sax.write(decoder.decode())
  sax.close()
}

/** The first worksheet's part and the workbook's date system. */
export async function readWorkbook(zip: Buffer, entries: Map<string, ZipEntry>, budget: { left: number }) {
  const book = entries.get('xl/workbook.xml')
  if (!book) throw refuse('The file is not a readable Excel workbook (.xlsx): it has no workbook part.', 'bad_xlsx')
  let firstSheet: string | undefined
  let date1904 = false
  await readPart(zip, book, budget, {
    open(name, attributes) {
      if (name === 'sheet' && firstSheet === undefined)
        firstSheet = Object.entries(attributes).find(([key]) => key === 'r:id' || key.endsWith(':id'))?.[1]
      if (name === 'workbookPr') date1904 = attributes.date1904 === '1' || attributes.date1904 === 'true'
    },
  })
  const targets = new Map<string, string>()
  const rels = entries.get('xl/_rels/workbook.xml.rels')
  if (rels) {
    await readPart(zip, rels, budget, {
      open(name, attributes) {
        if (name === 'Relationship' && attributes.Id && attributes.Target) targets.set(attributes.Id, attributes.Target)
      },
    })
  }
  const target = firstSheet === undefined ? undefined : targets.get(firstSheet)
  const path = target === undefined ? undefined : target.startsWith('/') ? target.slice(1) : `xl/${target}`
  const fallback = [...entries.keys()]
    .filter((name) => /^xl\/worksheets\/sheet\d+\.xml$/.test(name))
    .sort((a, b) => a.length - b.length || a.localeCompare(b))[0]
  const sheet = (path === undefined ? undefined : entries.get(path)) ?? (fallback === undefined ? undefined : entries.get(fallback))
  if (!sheet) throw refuse('The workbook has no worksheet.', 'bad_xlsx')
  return { sheet, date1904 }
}

const BUILTIN_DATE_FORMATS = [
  [14, 22],
  [27, 36],
  [45, 47],
  [50, 58],
]

function isDateFormat(id: number, code: string | undefined): boolean {
  if (code === undefined) return BUILTIN_DATE_FORMATS.some(([low, high]) => id >= low! && id <= high!)
  return /[dmyhs]/i.test(code.replace(/"[^"]*"|\\.|\[[^\]]*\]/g, ''))
}

/** Per cell style (the s attribute), whether its number is shown as a date. */
export async function readDateStyles(zip: Buffer, entries: Map<string, ZipEntry>, budget: { left: number }): Promise<boolean[]> {
  const styles = entries.get('xl/styles.xml')
  if (!styles) return []
  const codes = new Map<number, string>()
  const formats: number[] = []
  let inCellFormats = false
  await readPart(zip, styles, budget, {
    open(name, attributes) {
      if (name === 'numFmt') codes.set(Number(attributes.numFmtId), attributes.formatCode ?? '')
      if (name === 'cellXfs') inCellFormats = true
      if (name === 'xf' && inCellFormats) formats.push(Number(attributes.numFmtId ?? 0))
    },
    close(name) {
      if (name === 'cellXfs') inCellFormats = false
    },
  })
  return formats.map((id) => isDateFormat(id, codes.get(id)))
}

/** The texts cells of type s point to, rich text as its plain text, phonetic guides left out. */
export async function readSharedStrings(zip: Buffer, entries: Map<string, ZipEntry>, budget: { left: number }): Promise<string[]> {
  const part = entries.get('xl/sharedStrings.xml')
  if (!part) return []
  const strings: string[] = []
  let current: string | null = null
  let phonetic = false
  let capturing = false
  await readPart(zip, part, budget, {
    open(name) {
      if (name === 'si') current = ''
      if (name === 'rPh') phonetic = true
      if (name === 't') capturing = current !== null && !phonetic
    },
    text(text) {
      if (capturing) current += text
    },
    close(name) {
      if (name === 't') capturing = false
      if (name === 'rPh') phonetic = false
      if (name === 'si') {
        strings.push(current ?? '')
        current = null
      }
    },
  })
  return strings
}

/** A date as the old reader showed it: the day, and the time when there is one. */
export function dateText(date: Date): string {
  if (Number.isNaN(date.getTime())) return ''
  return date
    .toISOString()
    .slice(0, date.getUTCHours() || date.getUTCMinutes() ? 19 : 10)
    .replace('T', ' ')
}

// Excel counts days from 1899-12-30 (or 1904-01-01 in the 1904 date system); JavaScript from 1970-01-01.
export const serialDate = (serial: number, date1904: boolean) =>
  dateText(new Date(Math.round((serial + (date1904 ? 1462 : 0) - 25569) * 86_400_000)))
