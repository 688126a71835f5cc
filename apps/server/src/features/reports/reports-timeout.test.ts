import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'

describe('report queries on an SQLite file run in a worker that is stopped at the time limit', () => {
  let t: TestApp
  afterEach(() => t.close())

  const definition = { schemaVersion: 1, dataset: 'audit_log', rows: { mode: 'summary' }, columns: [{ field: 'action' }, { field: 'email', agg: 'countDistinct' }] }

  it('answers within the limit, and stops a query that outlives it with a clear message', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'reports-timeout-')), 'platform.db')
    t = await buildTestApp({ dialect: 'sqlite', sqliteFile: file, env: { REPORT_QUERY_TIMEOUT_SECONDS: '0.001' } })
    const admin = await t.signIn('admin@example.org')
    const stopped = await t.request({ method: 'POST', url: '/api/reportrun', token: admin, payload: { definition } })
    expect(stopped.statusCode).toBe(422)
    expect(stopped.json()).toEqual({ code: 'report_timeout', error: 'The report took longer than 1 ms and was stopped. Add a filter, or group by fewer fields.' })
    // Nothing else waits on it: the platform answers at once.
    expect((await t.request({ method: 'GET', url: '/api/reportlist', token: admin })).statusCode).toBe(200)
  })

  it('runs in the worker and reads what the platform wrote', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'reports-worker-')), 'platform.db')
    t = await buildTestApp({ dialect: 'sqlite', sqliteFile: file })
    const admin = await t.signIn('admin@example.org')
    const answer = await t.request({ method: 'POST', url: '/api/reportrun', token: admin, payload: { definition } })
    expect(answer.statusCode, answer.body).toBe(200)
    const actions = answer.json().rows.filter((row: { kind: string }) => row.kind === 'detail').map((row: { cells: unknown[] }) => row.cells[0])
    expect(actions).toEqual(expect.arrayContaining(['sign_in.link_requested', 'sign_in.success']))
  })
})
