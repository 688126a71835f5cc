// The files carry no moment of their own: 1980-01-01, the earliest date a ZIP can say (zero is no date at all).
const DOS_DATE = (1 << 5) | 1

/** Little-endian fields written into a header of a fixed size. */
class Writer {
  readonly bytes: Uint8Array
  private readonly view: DataView
  constructor(size: number) {
    this.bytes = new Uint8Array(size)
    this.view = new DataView(this.bytes.buffer)
  }
  u16(value: number, at: number) {
    this.view.setUint16(at, value, true)
  }
  u32(value: number, at: number) {
    this.view.setUint32(at, value >>> 0, true)
  }
}

const CRC_TABLE = Array.from({ length: 256 }, (_, index) => {
  let value = index
  for (let bit = 0; bit < 8; bit += 1) value = value & 1 ? 0xedb88320 ^ (value >>> 1) : value >>> 1
  return value >>> 0
})

/** The CRC-32 (ISO 3309, as ZIP uses it) of some bytes. */
export function crc32(bytes: Uint8Array): number {
  let crc = 0xffffffff
  for (const byte of bytes) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8)
  return (crc ^ 0xffffffff) >>> 0
}

/**
 * A ZIP of small text files, stored as they are (no compression): the journals' files are a few per download, and
 * every unzip tool reads stored entries.
 */
export function zipOf(files: ReadonlyArray<{ name: string; text: string }>): Uint8Array {
  const encoder = new TextEncoder()
  const parts: Uint8Array[] = []
  const directory: Uint8Array[] = []
  let offset = 0
  for (const file of files) {
    const name = encoder.encode(file.name)
    const data = encoder.encode(file.text)
    const crc = crc32(data)
    const local = new Writer(30)
    local.u32(0x04034b50, 0)
    local.u16(20, 4)
    local.u16(0x0800, 6) // names in UTF-8
    local.u16(DOS_DATE, 12)
    local.u32(crc, 14)
    local.u32(data.length, 18)
    local.u32(data.length, 22)
    local.u16(name.length, 26)
    const entry = new Writer(46)
    entry.u32(0x02014b50, 0)
    entry.u16(20, 4)
    entry.u16(20, 6)
    entry.u16(0x0800, 8)
    entry.u16(DOS_DATE, 14)
    entry.u32(crc, 16)
    entry.u32(data.length, 20)
    entry.u32(data.length, 24)
    entry.u16(name.length, 28)
    entry.u32(offset, 42)
    parts.push(local.bytes, name, data)
    directory.push(entry.bytes, name)
    offset += local.bytes.length + name.length + data.length
  }
  const size = directory.reduce((sum, part) => sum + part.length, 0)
  const end = new Writer(22)
  end.u32(0x06054b50, 0)
  end.u16(files.length, 8)
  end.u16(files.length, 10)
  end.u32(size, 12)
  end.u32(offset, 16)
  const all = [...parts, ...directory, end.bytes]
  const zip = new Uint8Array(all.reduce((sum, part) => sum + part.length, 0))
  let at = 0
  for (const part of all) {
    zip.set(part, at)
    at += part.length
  }
  return zip
}

/**
 * What a journal in an ERP's layout goes out as: its one file as CSV, or its several files in a ZIP named `zipName`.
 * The files are small and made whole (and checked) before this is called.
 */
export function journalFilesBody(files: ReadonlyArray<{ name: string; text: string }>, zipName: string) {
  if (files.length === 1)
    return { contentType: 'text/csv; charset=utf-8', fileName: files[0]!.name, body: new TextEncoder().encode(files[0]!.text) }
  return { contentType: 'application/zip', fileName: zipName, body: zipOf(files) }
}
