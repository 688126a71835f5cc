import { execFileSync } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { text } from 'node:stream/consumers'
import { afterEach, describe, expect, it } from 'vitest'
import { DamagedArchiveError, createTar, header, listTar, parseHeader } from './tar-archive.js'

const folders: string[] = []
afterEach(() => folders.splice(0).forEach((folder) => rmSync(folder, { recursive: true, force: true })))

async function archiveOf(entries: Array<[string, Buffer]>): Promise<string> {
  const folder = mkdtempSync(join(tmpdir(), 'tar-'))
  folders.push(folder)
  const file = join(folder, 'archive.tar')
  const tar = await createTar(file)
  for (const [name, bytes] of entries) await tar.add(name, bytes.length, [bytes])
  await tar.finish()
  return file
}

describe('the backup tar', () => {
  const entries: Array<[string, Buffer]> = [
    ['manifest.json', Buffer.from('{"a":1}\n')],
    ['database/empty', Buffer.alloc(0)],
    ['database/platform.sqlite', Buffer.from(Array.from({ length: 5000 }, (_, index) => index % 251))],
  ]

  it('reads back what it wrote, and the system tar unpacks the same bytes', async () => {
    const file = await archiveOf(entries)
    const read = await listTar(file)
    expect(read.map((entry) => [entry.name, entry.size])).toEqual(entries.map(([name, bytes]) => [name, bytes.length]))
    expect(Buffer.concat(await read[2]!.stream().toArray())).toEqual(entries[2]![1])
    expect(await text(read[1]!.stream())).toBe('')
    const out = join(folders[0]!, 'out')
    mkdirSync(out)
    execFileSync('tar', ['-xf', file, '-C', out])
    for (const [name, bytes] of entries) expect(readFileSync(join(out, name))).toEqual(bytes)
  })

  it('refuses a damaged header, damaged padding, a file cut short or something appended', async () => {
    const file = await archiveOf(entries)
    const good = readFileSync(file)
    const damaged = async (change: (bytes: Buffer) => Buffer) => {
      writeFileSync(file, change(Buffer.from(good)))
      return listTar(file).then(
        () => 'read',
        (error: unknown) => (error instanceof DamagedArchiveError ? error.message : `unexpected: ${String(error)}`),
      )
    }
    expect(await damaged((bytes) => ((bytes[3] = 0x41), bytes))).toMatch(/header is damaged/)
    // The padding after the 8-byte manifest.
    expect(await damaged((bytes) => ((bytes[512 + 100] = 1), bytes))).toMatch(/padding after manifest.json/)
    expect(await damaged((bytes) => bytes.subarray(0, bytes.length - 700))).toMatch(/cut short|closing blocks/)
    expect(await damaged((bytes) => Buffer.concat([bytes, Buffer.from('more')]))).toMatch(/closing blocks/)
    expect(await damaged((bytes) => bytes)).toBe('read')
  })

  it('writes a size beyond 8 GB in base 256, and reads it back', () => {
    const size = 9 * 1024 ** 3 + 7
    const block = header('database/platform.pgdump', size)
    expect(block[124]).toBe(0x80)
    expect(parseHeader(block)).toEqual({ name: 'database/platform.pgdump', size })
    expect(parseHeader(header('small', 1234))).toEqual({ name: 'small', size: 1234 })
  })
})
