import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { openDatabase } from './database.js'
import { SAFETY_AUTOCHECKPOINT_PAGES, createWalCheckpoints } from './wal-checkpoints.js'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function waitFor(condition: () => boolean, ms: number): Promise<boolean> {
  for (const end = Date.now() + ms; Date.now() < end; await sleep(20)) if (condition()) return true
  return condition()
}

describe('the write-ahead log is copied into the SQLite file off the event loop', () => {
  const dirs: string[] = []
  const fileIn = () => {
    const dir = mkdtempSync(join(tmpdir(), 'wal-checkpoints-'))
    dirs.push(dir)
    return join(dir, 'platform.db')
  }
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
  })

  it('the main connection leaves checkpoints to the worker, which copies a large commit into the file', async () => {
    const file = fileIn()
    const db = openDatabase({ kind: 'sqlite', file })
    try {
      await db.settleStartup()
      const [setting] = (await sql<{ wal_autocheckpoint: number }>`pragma wal_autocheckpoint`.execute(db.kysely)).rows
      expect(setting?.wal_autocheckpoint).toBe(SAFETY_AUTOCHECKPOINT_PAGES)
      await sql`create table filler (id integer primary key, text text not null)`.execute(db.kysely)
      await db.kysely.transaction().execute(async (trx) => {
        for (let row = 0; row < 200; row += 1) {
          const values = Array.from({ length: 20 }, (_unused, index) => sql`(${'x'.repeat(1000) + String(row * 20 + index)})`)
          await sql`insert into filler (text) values ${sql.join(values)}`.execute(trx)
        }
      })
      // 4 MB in 200 statements, about 1,000 pages: below the main connection's own limit, so only the worker moves them.
      const copied = await waitFor(() => statSync(file).size > 4_000_000, 5000)
      expect(copied, `database file ${statSync(file).size} bytes`).toBe(true)
    } finally {
      await db.close()
    }
  })

  it('the worker runs only while the server writes in earnest, and starts again when it does', async () => {
    const file = fileIn()
    const db = openDatabase({ kind: 'sqlite', file })
    await db.close()
    const checkpoints = createWalCheckpoints(file, { intervalMs: 20, idleMs: 100, startAfterWrites: 3 })
    try {
      const writes = (count: number) => Array.from({ length: count }, () => checkpoints.wrote())
      writes(5)
      expect(checkpoints.running, 'start-up not yet settled: no thread').toBe(false)
      await checkpoints.settle()
      writes(2)
      expect(checkpoints.running, 'a write now and then starts no thread').toBe(false)
      writes(1)
      expect(checkpoints.running).toBe(true)
      expect(await waitFor(() => !checkpoints.running, 5000), 'idle: the worker stops').toBe(true)
      writes(3)
      expect(checkpoints.running).toBe(true)
      await checkpoints.settle()
      expect(checkpoints.running, 'settled: stopped').toBe(false)
      writes(2)
      expect(checkpoints.running, 'settled: the writes before it are forgotten').toBe(false)
      writes(1)
      expect(checkpoints.running).toBe(true)
    } finally {
      await checkpoints.close()
    }
    expect(checkpoints.running).toBe(false)
    for (let write = 0; write < 3; write += 1) checkpoints.wrote()
    expect(checkpoints.running, 'closed: no worker starts').toBe(false)
  })
})
