import { constants, inflateRawSync } from 'node:zlib'
import { ZipFormatError, zipEntries } from './zip-entries.js'

/*
 * An XLSX or DOCX is an Office Open XML package: a zip whose [Content_Types].xml declares its main part. A zip that only
 * names its entries like one (an archive with a program inside) is not one, and a package that carries a program or
 * macros is refused, whatever it is called. Read from the zip's own table of contents, never from its name.
 */

export type OfficeKind = 'XLSX' | 'DOCX'

const MAIN_PARTS: Record<OfficeKind, { part: string; contentType: RegExp; what: string }> = {
  XLSX: {
    part: 'xl/workbook.xml',
    contentType: /spreadsheetml\.sheet\.main\+xml|ms-excel\.sheet\.macroEnabled\.main\+xml/i,
    what: 'workbook',
  },
  DOCX: {
    part: 'word/document.xml',
    contentType: /wordprocessingml\.document\.main\+xml|ms-word\.document\.macroEnabled\.main\+xml/i,
    what: 'document',
  },
}

const STORED = 0
const DEFLATED = 8
/** [Content_Types].xml lists a few dozen parts; one larger than this is not what Office writes. */
const CONTENT_TYPES_MAX_BYTES = 1024 * 1024
/** What a kilobyte of deflated data may unpack to (deflate's ratio is at most about 1032:1). */
const PREFIX_UNPACKED_MAX = 2 * 1024 * 1024
const PROGRAM_NAME = /\.(exe|dll|com|bat|cmd|scr|js|vbs|ps1|msi|jar)$/i
const MACRO_NAME = /(^|\/)vbaproject\.bin$|\.(xlsm|docm|xltm|dotm|xlam|pptm)$/i

interface Entry {
  name: string
  method: number
  data: Buffer
}

/** A zip that cannot be read as a package; a damaged zip is one too (ZipFormatError). */
class NotAPackage extends Error {}
const unreadable = (error: unknown) => error instanceof NotAPackage || error instanceof ZipFormatError

/** The zip's entries from its central directory (zip-entries.ts); throws ZipFormatError when it is damaged or not a zip. */
function entriesOf(zip: Buffer): Entry[] {
  return [...zipEntries(zip).values()].map((entry) => ({
    name: entry.name,
    method: entry.method,
    data: zip.subarray(entry.dataStart, entry.dataStart + entry.compressedSize),
  }))
}

/** The first bytes of an entry (enough to see a program's MZ header), or all of a small one up to `limit`. */
function unpacked(entry: Entry, limit: number, prefixOnly: boolean): Buffer {
  if (entry.method === STORED) return entry.data.subarray(0, limit)
  if (entry.method !== DEFLATED) throw new NotAPackage(`its part ${entry.name} is packed in a way Office does not write`)
  const input = prefixOnly ? entry.data.subarray(0, 1024) : entry.data
  try {
    // A sync flush unpacks what the given bytes hold without asking for the rest: the prefix of a large part.
    const output = inflateRawSync(input, { finishFlush: constants.Z_SYNC_FLUSH, maxOutputLength: prefixOnly ? PREFIX_UNPACKED_MAX : limit })
    return output.subarray(0, limit)
  } catch {
    throw new NotAPackage(`its part ${entry.name} cannot be unpacked`)
  }
}

function contentTypesOf(entries: Entry[]): string | null {
  const entry = entries.find((candidate) => candidate.name === '[Content_Types].xml')
  return entry ? unpacked(entry, CONTENT_TYPES_MAX_BYTES, false).toString('utf8') : null
}

/** The content type [Content_Types].xml declares for a part (its Override), or null. */
function declaredType(contentTypes: string, part: string): string | null {
  for (const match of contentTypes.matchAll(/<(?:\w+:)?Override\b([^>]*)>/g)) {
    const attributes = match[1]!
    const name = /PartName\s*=\s*["']([^"']*)["']/.exec(attributes)?.[1]
    if (name?.toLowerCase() === `/${part}`) return /ContentType\s*=\s*["']([^"']*)["']/.exec(attributes)?.[1] ?? null
  }
  return null
}

/** Which Office package a zip is, by the main part its [Content_Types].xml declares and holds; null when it is neither. */
export function officeKind(bytes: Buffer): OfficeKind | null {
  try {
    const entries = entriesOf(bytes)
    const contentTypes = contentTypesOf(entries)
    if (contentTypes === null) return null
    for (const kind of ['XLSX', 'DOCX'] as const) {
      const main = MAIN_PARTS[kind]
      const declared = declaredType(contentTypes, main.part)
      if (declared && main.contentType.test(declared) && entries.some((entry) => entry.name === main.part)) return kind
    }
    return null
  } catch (error) {
    if (unreadable(error)) return null
    throw error
  }
}

/**
 * Why this file is not a safe Office package of the given kind, in words a person reads (null: it is one): not a
 * package with its main part declared, a program inside, or macros.
 */
export function officePackageProblem(bytes: Buffer, kind: OfficeKind): string | null {
  const main = MAIN_PARTS[kind]
  const name = kind === 'XLSX' ? 'Excel workbook (.xlsx)' : 'Word document (.docx)'
  const label = `${kind === 'XLSX' ? 'an' : 'a'} ${name}`
  let entries: Entry[]
  let contentTypes: string | null
  try {
    entries = entriesOf(bytes)
    contentTypes = contentTypesOf(entries)
  } catch (error) {
    if (unreadable(error)) return `The file is not a readable ${name}: ${(error as Error).message}.`
    throw error
  }
  if (contentTypes === null)
    return `The file is not a readable ${name}: it has no [Content_Types].xml, so it is a zip archive named like one.`
  const declared = declaredType(contentTypes, main.part)
  if (!declared || !main.contentType.test(declared) || !entries.some((entry) => entry.name === main.part))
    return `The file is not a readable ${name}: its [Content_Types].xml does not declare its ${main.what} (${main.part}), so it is a zip archive named like one.`
  try {
    for (const entry of entries) {
      if (entry.name.endsWith('/')) continue
      if (PROGRAM_NAME.test(entry.name))
        return `The file carries a program (${entry.name}), so it cannot be accepted. Save the ${main.what} again without it.`
      if (MACRO_NAME.test(entry.name))
        return `The file carries macros (${entry.name}), so it cannot be accepted. Save it as ${label} without macros.`
      const start = unpacked(entry, 2, true)
      if (start[0] === 0x4d && start[1] === 0x5a)
        return `The file carries a program (${entry.name} is a Windows executable), so it cannot be accepted. Save the ${main.what} again without it.`
    }
  } catch (error) {
    if (unreadable(error)) return `The file is not a readable ${name}: ${(error as Error).message}.`
    throw error
  }
  if (/macroEnabled|vbaProject/i.test(contentTypes))
    return `The file carries macros (its content types declare macro-enabled parts), so it cannot be accepted. Save it as ${label} without macros.`
  return null
}
