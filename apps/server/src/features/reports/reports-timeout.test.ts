import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { testDialects } from '../../../test/test-database.js'

describe('report queries on an SQLite file run in a worker: stopped at the time limit, streamed for exports', () => {
  let t: TestApp
  afterEach(() => t.close())

  const definition = {
    schemaVersion: 1,
    dataset: 'audit_log',
    rows: { mode: 'summary' },
    columns: [{ field: 'action' }, { field: 'email', agg: 'countDistinct' }],
  }

  it('answers within the limit, and stops a query that outlives it with a clear message', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'reports-timeout-')), 'platform.db')
    t = await buildTestApp({ dialect: 'sqlite', sqliteFile: file, env: { REPORT_QUERY_TIMEOUT_SECONDS: '0.001' } })
    const admin = await t.signIn('admin@example.org')
    const stopped = await t.request({ method: 'POST', url: '/api/reportrun', token: admin, payload: { definition } })
    expect(stopped.statusCode).toBe(422)
    expect(stopped.json()).toEqual({
      code: 'report_timeout',
      error: 'The report took longer than 1 ms and was stopped. Add a filter, or group by fewer fields.',
    })
    // Nothing else waits on it: the platform answers at once.
    expect((await t.request({ method: 'GET', url: '/api/reportlist', token: admin })).statusCode).toBe(200)
  })

  it('runs in the worker and reads what the platform wrote', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'reports-worker-')), 'platform.db')
    t = await buildTestApp({ dialect: 'sqlite', sqliteFile: file })
    const admin = await t.signInByEmail('admin@example.org')
    const answer = await t.request({ method: 'POST', url: '/api/reportrun', token: admin, payload: { definition } })
    expect(answer.statusCode, answer.body).toBe(200)
    const actions = answer
      .json()
      .rows.filter((row: { kind: string }) => row.kind === 'detail')
      .map((row: { cells: unknown[] }) => row.cells[0])
    expect(actions).toEqual(expect.arrayContaining(['sign_in.link_requested', 'sign_in.success']))
  })
})

describe('an export on an SQLite file takes over the idle report worker', () => {
  let t: TestApp
  afterEach(() => t.close())

  it('while it streams, a report runs in a worker of its own; after it, reports run as before', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'reports-handover-')), 'platform.db')
    t = await buildTestApp({ dialect: 'sqlite', sqliteFile: file })
    const admin = await t.signIn('admin@example.org')
    const at = t.clock.now().toISOString()
    const projects = 30_000
    for (let first = 0; first < projects; first += 500)
      await t.db.kysely
        .insertInto('dsa_projects')
        .values(
          Array.from({ length: 500 }, (_unused, offset) => ({
            client_id: '37-58',
            project_number: `04-${300000 + first + offset}`,
            project_link: 'https://example.org',
            project_name: `School ${String(first + offset).padStart(5, '0')} - Modernization of the main building`,
            project_status: 'APPROVED',
            construction_cost: 10,
            search_text: 'school',
            first_seen_at: at,
            scraped_at: at,
          })),
        )
        .execute()
    const detail = {
      schemaVersion: 1,
      dataset: 'dsa_projects',
      columns: [{ field: 'project_number' }, { field: 'project_name' }],
      sort: [{ key: 'project_name', dir: 'asc' }],
      totals: { grand: false, label: 'Total' },
    }
    const run = async () => {
      const answer = await t.request({ method: 'POST', url: '/api/reportrun', token: admin, payload: { definition: detail, limit: 5 } })
      expect(answer.statusCode, answer.body).toBe(200)
      return answer.json().rows.map((row: { cells: unknown[] }) => row.cells[0])
    }
    expect(await run()).toEqual(['04-300000', '04-300001', '04-300002', '04-300003', '04-300004'])

    // The export takes the worker that ran the report; it waits, part-way, for its reader.
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' })
    const exported = await fetch(`${base}/api/reportexport`, {
      method: 'POST',
      headers: { authorization: `Bearer ${admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ definition: detail, format: 'csv' }),
    })
    expect(exported.status).toBe(200)
    const reader = exported.body!.getReader()
    const first = await reader.read()
    expect(first.done).toBe(false)
    // A report now is not queued behind the export's worker (which sleeps until the export is read on).
    expect(await run()).toHaveLength(5)

    let text = Buffer.from(first.value!).toString('utf8')
    for (let next = await reader.read(); !next.done; next = await reader.read()) text += Buffer.from(next.value).toString('utf8')
    const lines = text
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    expect(lines).toHaveLength(1 + projects)
    expect(lines.at(-1)).toBe('04-329999,School 29999 - Modernization of the main building')
    // The export's worker ended with it; the next report starts another.
    expect(await run()).toEqual(['04-300000', '04-300001', '04-300002', '04-300003', '04-300004'])
  })
})

describe.each(testDialects())('long exports on %s', (dialect) => {
  let t: TestApp
  afterEach(() => t.close())

  it('streams a long export in batches (a worker on SQLite, a cursor on PostgreSQL), groups and totals intact across batches', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'reports-stream-')), 'platform.db')
    t = await buildTestApp(dialect === 'sqlite' ? { dialect, sqliteFile: file } : { dialect })
    const admin = await t.signIn('admin@example.org')
    const at = t.clock.now().toISOString()
    const rows = Array.from({ length: 4500 }, (_unused, i) => ({
      client_id: i < 2100 ? '37-58' : '37-H9',
      project_number: `04-${300000 + i}`,
      project_link: 'https://example.org',
      project_name: `School ${String(i).padStart(5, '0')}`,
      project_status: 'APPROVED',
      construction_cost: 10,
      search_text: 'school',
      first_seen_at: at,
      scraped_at: at,
    }))
    for (let i = 0; i < rows.length; i += 500)
      await t.db.kysely
        .insertInto('dsa_projects')
        .values(rows.slice(i, i + 500))
        .execute()
    const streamed = {
      schemaVersion: 1,
      dataset: 'dsa_projects',
      groups: [{ field: 'client_id', label: 'Client' }],
      columns: [{ field: 'project_name' }, { field: 'construction_cost', agg: 'sum' }],
      sort: [{ key: 'project_name', dir: 'asc' }],
    }
    const answer = await t.request({
      method: 'POST',
      url: '/api/reportexport',
      token: admin,
      payload: { definition: streamed, format: 'csv' },
    })
    expect(answer.statusCode).toBe(200)
    const lines = answer.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n')
    // The header, two group headers, 4,500 rows, two subtotals and the grand total.
    expect(lines).toHaveLength(1 + 2 + 4500 + 2 + 1)
    expect(lines.filter((line) => line.startsWith('Subtotal: '))).toEqual(['Subtotal: 37-58,21000', 'Subtotal: 37-H9,24000'])
    expect(lines.at(-1)).toBe('Total,45000')
  })
})
