import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { Readable } from 'node:stream'
import { sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { storeDsaProjects } from '../../test/dsa-projects.js'
import { createTestDatabase, testDialects } from '../../test/test-database.js'
import type { Db } from '../db/database.js'
import { type Downloads, createDownloads } from './download-threads.js'
import { downloadProducers } from './download-producers.js'

const PROJECTS = 3000
const NAME = 'platform-test'
const args = { filters: {}, freshSince: '2000-01-01T00:00:00.000Z' }

async function textOf(stream: Readable): Promise<string> {
  let text = ''
  for await (const piece of stream) text += Buffer.from(piece as Buffer).toString('utf8')
  return text
}

async function inThisThread(db: Db): Promise<string> {
  let text = ''
  for await (const piece of downloadProducers.dsaProjectsCsv(db, args)) text += piece
  return text
}

/** The download thread's connections to this test's PostgreSQL database, by state. */
async function threadConnections(db: Db): Promise<string[]> {
  const { rows } = await sql<{ state: string }>`
    select state from pg_stat_activity where datname = current_database() and application_name = ${`${NAME} downloads`}
  `.execute(db.kysely)
  return rows.map((row) => row.state)
}

describe.each(testDialects())('downloads in a thread of their own (%s)', (dialect) => {
  let db: Db
  let downloads: Downloads
  let folder: string
  beforeEach(async () => {
    folder = mkdtempSync(join(tmpdir(), 'downloads-'))
    // A file: an in-memory SQLite database cannot be opened by another thread.
    db = await createTestDatabase(dialect, { sqliteFile: join(folder, 'platform.db') })
    await storeDsaProjects(db, PROJECTS)
    downloads = createDownloads(db, { applicationName: NAME })
  })
  afterEach(async () => {
    await downloads.close()
    await db.close()
    rmSync(folder, { recursive: true, force: true })
  })

  it('makes the same file the producer makes in the server thread, on a connection of its own', async () => {
    const stream = downloads.stream('dsaProjectsCsv', args)
    const first = (await stream[Symbol.asyncIterator]().next()) as IteratorResult<Buffer>
    if (dialect === 'postgres') expect(await threadConnections(db)).toHaveLength(1)
    const text = Buffer.from(first.value).toString('utf8') + (await textOf(stream))
    expect(text.trim().split('\r\n')).toHaveLength(PROJECTS + 1)
    expect(text).toBe(await inThisThread(db))
  })

  it('stops reading when the reader leaves, and serves the next download', async () => {
    for (let left = 0; left < 6; left += 1) {
      const stream = downloads.stream('dsaProjectsCsv', args)
      await stream[Symbol.asyncIterator]().next()
      stream.destroy()
    }
    const whole = await textOf(downloads.stream('dsaProjectsCsv', args))
    expect(whole.trim().split('\r\n')).toHaveLength(PROJECTS + 1)
    // The cursors of the downloads that were left are closed: every connection of the thread is idle again.
    if (dialect === 'postgres') expect((await threadConnections(db)).filter((state) => state !== 'idle')).toEqual([])
  })

  it('runs two downloads at once, each whole', async () => {
    const [one, two] = await Promise.all([textOf(downloads.stream('dsaProjectsCsv', args)), textOf(downloads.stream('dsaProjectsCsv', args))])
    expect(one).toBe(two)
    expect(one.trim().split('\r\n')).toHaveLength(PROJECTS + 1)
  })

  it('ends the stream with an error the reader sees when the database fails it', async () => {
    await sql`drop table dsa_projects`.execute(db.kysely)
    await expect(textOf(downloads.stream('dsaProjectsCsv', args))).rejects.toThrow(/dsa_projects/)
    // The thread is still there for the next one.
    await expect(textOf(downloads.stream('dsaProjectsCsv', args))).rejects.toThrow(/dsa_projects/)
  })

  it('closes its connections when the server stops', async () => {
    await textOf(downloads.stream('dsaProjectsCsv', args))
    await downloads.close()
    if (dialect === 'postgres') expect(await threadConnections(db)).toEqual([])
    // A download asked for after the close starts a thread again, as the first one did.
    expect((await textOf(downloads.stream('dsaProjectsCsv', args))).trim().split('\r\n')).toHaveLength(PROJECTS + 1)
  })
})
