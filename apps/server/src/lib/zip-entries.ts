import { setImmediate as nextTurn } from 'node:timers/promises'
import { createInflateRaw } from 'node:zlib'

/** One file inside a zip, as its central directory describes it. */
export interface ZipEntry {
  name: string
  method: number
  dataStart: number
  compressedSize: number
}

export class ZipFormatError extends Error {}

const END_OF_DIRECTORY = 0x06054b50
const DIRECTORY_ENTRY = 0x02014b50
const LOCAL_HEADER = 0x04034b50
const STORED = 0
const DEFLATED = 8
// Handed out a few kilobytes at a time, with a turn of the event loop between pieces: reading one piece stays a short
// task. The first pieces are the smallest, while the parser's code is still cold and slow.
const COLD_PIECE_BYTES = 4 * 1024
const COLD_BYTES = 256 * 1024
const PIECE_BYTES = 16 * 1024
const UNPACK_BYTES = 64 * 1024

/** The entries of a zip held in memory, by name, read from its central directory (sizes checked against the file). */
export function zipEntries(zip: Buffer): Map<string, ZipEntry> {
  const earliest = Math.max(0, zip.length - 22 - 0xffff)
  let end = -1
  for (let at = zip.length - 22; at >= earliest; at -= 1) {
    if (zip.readUInt32LE(at) === END_OF_DIRECTORY) {
      end = at
      break
    }
  }
  if (end < 0) throw new ZipFormatError('it is not a zip file')
  const count = zip.readUInt16LE(end + 10)
  let at = zip.readUInt32LE(end + 16)
  const entries = new Map<string, ZipEntry>()
  for (let index = 0; index < count; index += 1) {
    if (at + 46 > zip.length || zip.readUInt32LE(at) !== DIRECTORY_ENTRY) throw new ZipFormatError('its table of contents is damaged')
    const flags = zip.readUInt16LE(at + 8)
    const method = zip.readUInt16LE(at + 10)
    const compressedSize = zip.readUInt32LE(at + 20)
    const nameLength = zip.readUInt16LE(at + 28)
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32)
    const local = zip.readUInt32LE(at + 42)
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength)
    at += 46 + skip
    if (flags & 1) throw new ZipFormatError('it is encrypted (saved with a password)')
    if (local + 30 > zip.length || zip.readUInt32LE(local) !== LOCAL_HEADER) throw new ZipFormatError(`the part ${name} is damaged`)
    const dataStart = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28)
    if (dataStart + compressedSize > zip.length) throw new ZipFormatError(`the part ${name} is cut short`)
    entries.set(name, { name, method, dataStart, compressedSize })
  }
  return entries
}

/** An entry's bytes, unpacked piece by piece (zlib works off the main thread). `take` may throw to stop at once. */
export async function unpackEntry(zip: Buffer, entry: ZipEntry, take: (piece: Buffer) => void): Promise<void> {
  const data = zip.subarray(entry.dataStart, entry.dataStart + entry.compressedSize)
  let handed = 0
  const hand = async (bytes: Buffer) => {
    for (let offset = 0; offset < bytes.length;) {
      const size = handed < COLD_BYTES ? COLD_PIECE_BYTES : PIECE_BYTES
      take(bytes.subarray(offset, offset + size))
      offset += size
      handed += size
      await nextTurn()
    }
  }
  if (entry.method === STORED) return hand(data)
  if (entry.method !== DEFLATED)
    throw new ZipFormatError(`the part ${entry.name} uses a compression method Excel does not write (${entry.method})`)
  const inflater = createInflateRaw({ chunkSize: UNPACK_BYTES })
  inflater.end(data)
  try {
    for await (const unpacked of inflater) await hand(unpacked as Buffer)
  } catch (error) {
    if ((error as { code?: string }).code?.startsWith('Z_'))
      throw new ZipFormatError(`the part ${entry.name} cannot be unpacked (${(error as Error).message})`)
    throw error
  } finally {
    inflater.destroy()
  }
}
