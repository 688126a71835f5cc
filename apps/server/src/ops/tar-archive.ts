import { createReadStream } from 'node:fs'
import { type FileHandle, open } from 'node:fs/promises'
import { Readable } from 'node:stream'

/*
 * A backup is one tar file (POSIX ustar), so an administrator can list or unpack it with the system's own `tar`. Only
 * what a backup needs: regular files with short names, written and read a block at a time, so a database larger than
 * memory passes through. Every byte is checked on reading: each header's checksum, and the padding and the closing
 * blocks, which must be zeros; the parts' own checksums are the manifest's (backup-manifest.ts).
 */

const BLOCK = 512
const CHUNK = 1024 * 1024
/** The largest size the header's 11 octal digits hold; larger ones are written in base 256, as GNU tar does. */
const OCTAL_SIZE_LIMIT = 8 ** 11

/** Thrown when a file is not a tar this writer made, or was damaged. */
export class DamagedArchiveError extends Error {}

export interface TarWriter {
  /** Appends a file whose bytes come from `chunks`; `size` must be their total. */
  add(name: string, size: number, chunks: AsyncIterable<Buffer> | Iterable<Buffer>): Promise<void>
  /** Writes the closing blocks and closes the file. */
  finish(): Promise<void>
  /** Closes the file without finishing it (after a failure). */
  abandon(): Promise<void>
}

/** A new tar at `file`, which must not exist yet; readable by its owner only, as a backup holds every secret of the platform. */
export async function createTar(file: string): Promise<TarWriter> {
  const handle = await open(file, 'wx', 0o600)
  const write = async (bytes: Buffer) => {
    let written = 0
    while (written < bytes.length) written += (await handle.write(bytes, written)).bytesWritten
  }
  return {
    async add(name, size, chunks) {
      await write(header(name, size))
      let total = 0
      for await (const chunk of chunks) {
        total += chunk.length
        await write(chunk)
      }
      if (total !== size) throw new Error(`${name}: ${total} bytes were written where ${size} were announced`)
      await write(Buffer.alloc(padding(size)))
    },
    async finish() {
      await write(Buffer.alloc(BLOCK * 2))
      await handle.sync()
      await handle.close()
    },
    abandon: () => handle.close(),
  }
}

export interface TarEntry {
  name: string
  size: number
  /** The entry's bytes, read from the file; may be read more than once. */
  stream(): Readable
}

/** The entries of a tar made by createTar, in order; throws DamagedArchiveError at the first sign of damage. */
export async function listTar(file: string): Promise<TarEntry[]> {
  const handle = await open(file, 'r')
  const entries: TarEntry[] = []
  try {
    const fileSize = (await handle.stat()).size
    let offset = 0
    for (;;) {
      if (offset + BLOCK > fileSize) throw new DamagedArchiveError('the file ends before its closing blocks (it was cut short)')
      const block = await readExactly(handle, offset, BLOCK)
      if (block.every((byte) => byte === 0)) {
        const closing = await readExactly(handle, offset, Math.min(BLOCK * 2, fileSize - offset))
        if (closing.length !== BLOCK * 2 || offset + BLOCK * 2 !== fileSize || !closing.every((byte) => byte === 0))
          throw new DamagedArchiveError('the closing blocks are damaged, or something follows them')
        return entries
      }
      const { name, size } = parseHeader(block)
      const start = offset + BLOCK
      if (start + size + padding(size) > fileSize) throw new DamagedArchiveError(`${name} is cut short`)
      const pad = await readExactly(handle, start + size, padding(size))
      if (!pad.every((byte) => byte === 0)) throw new DamagedArchiveError(`the padding after ${name} is damaged`)
      entries.push({
        name,
        size,
        stream: () => (size === 0 ? Readable.from([]) : createReadStream(file, { start, end: start + size - 1, highWaterMark: CHUNK })),
      })
      offset = start + size + padding(size)
    }
  } finally {
    await handle.close()
  }
}

function padding(size: number): number {
  return (BLOCK - (size % BLOCK)) % BLOCK
}

async function readExactly(handle: FileHandle, position: number, length: number): Promise<Buffer> {
  const bytes = Buffer.alloc(length)
  let read = 0
  while (read < length) {
    const { bytesRead } = await handle.read(bytes, read, length - read, position + read)
    if (bytesRead === 0) throw new DamagedArchiveError('the file ends in the middle of an entry (it was cut short)')
    read += bytesRead
  }
  return bytes
}

/** A file's header block (exported for its test: sizes beyond 8 GB are written in base 256). */
export function header(name: string, size: number): Buffer {
  const block = Buffer.alloc(BLOCK)
  if (Buffer.byteLength(name) > 100) throw new Error(`tar entry name too long: ${name}`)
  block.write(name, 0, 100, 'utf8')
  writeOctal(block, 100, 8, 0o600)
  writeOctal(block, 108, 8, 0)
  writeOctal(block, 116, 8, 0)
  if (size < OCTAL_SIZE_LIMIT) writeOctal(block, 124, 12, size)
  else writeBase256(block, 124, 12, size)
  writeOctal(block, 136, 12, Math.floor(Date.now() / 1000))
  block.write('0', 156, 1, 'latin1')
  block.write('ustar\u000000', 257, 8, 'latin1')
  block.write(checksumOf(block).toString(8).padStart(6, '0') + '\u0000 ', 148, 8, 'latin1')
  return block
}

export function parseHeader(block: Buffer): { name: string; size: number } {
  const stored = parseInt(block.toString('latin1', 148, 156).replace(/[\0 ]+$/, ''), 8)
  if (block.toString('latin1', 257, 263) !== 'ustar\u0000' || stored !== checksumOf(block))
    throw new DamagedArchiveError('an entry header is damaged (its checksum does not match)')
  if (block.toString('latin1', 156, 157) !== '0') throw new DamagedArchiveError('an entry is not a plain file')
  const name = block.toString('utf8', 0, 100).replace(/\0.*$/s, '')
  const size = block[124]! & 0x80 ? readBase256(block, 124, 12) : parseInt(block.toString('latin1', 124, 136).replace(/\0.*$/s, ''), 8)
  if (!name || !Number.isSafeInteger(size)) throw new DamagedArchiveError('an entry header is damaged')
  return { name, size }
}

/** The sum of the header's bytes with the checksum field read as spaces. */
function checksumOf(block: Buffer): number {
  let sum = 0
  for (let index = 0; index < BLOCK; index += 1) sum += index >= 148 && index < 156 ? 32 : block[index]!
  return sum
}

function writeOctal(block: Buffer, at: number, width: number, value: number): void {
  block.write(`${value.toString(8).padStart(width - 1, '0')}\u0000`, at, width, 'latin1')
}

function writeBase256(block: Buffer, at: number, width: number, value: number): void {
  let rest = BigInt(value)
  for (let index = at + width - 1; index > at; index -= 1) {
    block[index] = Number(rest & 0xffn)
    rest >>= 8n
  }
  block[at] = 0x80
}

function readBase256(block: Buffer, at: number, width: number): number {
  let value = 0n
  for (let index = at + 1; index < at + width; index += 1) value = (value << 8n) | BigInt(block[index]!)
  return Number(value)
}
