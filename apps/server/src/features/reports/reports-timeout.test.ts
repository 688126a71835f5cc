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
    const admin = await t.signIn('admin@example.org')
    const answer = await t.request({ method: 'POST', url: '/api/reportrun', token: admin, payload: { definition } })
    expect(answer.statusCode, answer.body).toBe(200)
    const actions = answer
      .json()
      .rows.filter((row: { kind: string }) => row.kind === 'detail')
      .map((row: { cells: unknown[] }) => row.cells[0])
    expect(actions).toEqual(expect.arrayContaining(['sign_in.link_requested', 'sign_in.success']))
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
