import { randomBytes } from 'node:crypto'
import Fastify from 'fastify'
import { CompiledQuery, sql } from 'kysely'
import pg from 'pg'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { postgresServerUrl } from '../../test/test-database.js'
import { createReportQueryRunner } from '../features/reports/engine/query-runner.js'
import { installErrorHandler } from '../plugins/error-handler.js'
import { type Db, openDatabase } from './database.js'

const SERVER_URL = postgresServerUrl()

/** Ends the server side of every connection this test's pool named with its application_name; returns how many. */
async function terminate(applicationName: string, state?: 'active' | 'idle'): Promise<number> {
  const admin = new pg.Client({ connectionString: SERVER_URL })
  await admin.connect()
  try {
    const { rows } = await admin.query(
      'select pg_terminate_backend(pid) as ended from pg_stat_activity where application_name = $1 and ($2::text is null or state = $2)',
      [applicationName, state ?? null],
    )
    return rows.filter((row: { ended: boolean }) => row.ended).length
  } finally {
    await admin.end()
  }
}

describe.skipIf(!SERVER_URL)('a lost PostgreSQL connection', () => {
  const applicationName = `platform-conn-test-${randomBytes(3).toString('hex')}`
  const lost: string[] = []
  let db: Db
  const app = () => {
    const server = Fastify({ logger: false })
    installErrorHandler(server)
    server.get('/api/slow', async () => (await sql<{ done: number }>`select 1 as done from pg_sleep(30)`.execute(db.kysely)).rows[0])
    // A report's query runs in a transaction of its own with a time limit: a lost connection there is a 503 too, not
    // the report's failure.
    server.get('/api/slow-report', async () => {
      const run = createReportQueryRunner(db, null, { interactiveMs: 60_000, exportMs: 60_000 }).runner('interactive')
      return (await run(CompiledQuery.raw('select 1 as done from pg_sleep(30)', [])))[0]
    })
    server.get('/api/quick', async () => (await sql<{ one: number }>`select 1 as one`.execute(db.kysely)).rows[0])
    return server
  }

  beforeEach(() => {
    lost.length = 0
    db = openDatabase({ kind: 'postgres', url: SERVER_URL! }, { applicationName, onConnectionError: (error) => lost.push(error.message) })
  })
  afterEach(() => db.close())

  it.each(['/api/slow', '/api/slow-report'])(
    'fails only the call using it (%s), with 503 and a clear message; the process lives and the next call succeeds',
    { timeout: 60_000 },
    async (url) => {
      const server = app()
      const slow = server.inject({ method: 'GET', url })
      const admin = new pg.Client({ connectionString: SERVER_URL })
      await admin.connect()
      // Up to 20 s for the call to reach the server: a new connection can be slow to open on a busy test machine.
      for (let i = 0; i < 400; i += 1) {
        const { rows } = await admin.query(
          `select count(*)::int as n from pg_stat_activity where application_name = $1 and query like '%pg_sleep%' and state = 'active'`,
          [applicationName],
        )
        if (rows[0].n > 0) break
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
      await admin.end()
      expect(await terminate(applicationName, 'active')).toBe(1)
      const answer = await slow
      expect(answer.statusCode).toBe(503)
      expect(answer.headers['retry-after']).toBe('1')
      expect(answer.json()).toEqual({
        error: 'The connection to the database was lost. Please try again in a moment.',
        code: 'database_unavailable',
      })
      // The connection's own 'error' event may come a turn after the call's failure.
      await expect.poll(() => lost.length, { timeout: 5_000 }).toBeGreaterThan(0)
      const next = await server.inject({ method: 'GET', url: '/api/quick' })
      expect(next.statusCode).toBe(200)
      expect(next.json()).toEqual({ one: 1 })
      await server.close()
    },
  )

  it('an idle connection ended by the server is replaced: no call fails', async () => {
    const server = app()
    expect((await server.inject({ method: 'GET', url: '/api/quick' })).statusCode).toBe(200)
    expect(await terminate(applicationName, 'idle')).toBe(1)
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(lost.length).toBe(1)
    for (let i = 0; i < 5; i += 1) expect((await server.inject({ method: 'GET', url: '/api/quick' })).statusCode).toBe(200)
    await server.close()
  })

  it('compiles no query just in time: it would cost more than the queries it speeds up (decision 022)', async () => {
    const { rows } = await sql<{ jit: string }>`select current_setting('jit') as jit`.execute(db.kysely)
    expect(rows[0]!.jit).toBe('off')
  })

  it('names its connections with the application_name it was given', async () => {
    await sql`select 1`.execute(db.kysely)
    const { rows } = await sql<{ name: string }>`select current_setting('application_name') as name`.execute(db.kysely)
    expect(rows[0]!.name).toBe(applicationName)
  })
})
