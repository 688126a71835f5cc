import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { testDialects } from '../../../test/test-database.js'
import { timerWhile } from '../../../test/timer-gaps.js'
import { storeDsaProjects } from '../../../test/dsa-projects.js'

const PROJECTS = 30_000

const storeProjects = (t: TestApp) => storeDsaProjects(t.db, PROJECTS)

describe.each(testDialects())('a long DSA export shares the server (%s)', (dialect) => {
  let t: TestApp
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
  })
  afterEach(() => t.close())

  it('lets timers and other calls in while it streams, and still holds every project', async () => {
    await storeProjects(t)
    const admin = await t.signIn('admin@example.org')
    const started = performance.now()
    const { result: answer, longest, fired } = await timerWhile(() => t.request({ method: 'GET', url: '/api/dsa-export', token: admin }))
    const took = performance.now() - started
    expect(answer.statusCode).toBe(200)
    expect(answer.body.trim().split('\r\n')).toHaveLength(PROJECTS + 1)
    // Held for the whole export (as it was), the timer would fire about once; in turns, every few milliseconds.
    expect(fired, `the export took ${Math.round(took)} ms`).toBeGreaterThan(took / 50)
    expect(longest).toBeLessThan(Math.max(100, took / 3))
  })

  it('gives its database connection back each time the client leaves part-way', async () => {
    await storeProjects(t)
    const admin = await t.signIn('admin@example.org')
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' })
    // More departures than the pool has connections (10): on PostgreSQL an export reads through a cursor that holds
    // one, and a cursor left open would leave the calls after them waiting for a connection in vain.
    for (let left = 0; left < 12; left += 1) {
      const leave = new AbortController()
      const answer = await fetch(`${base}/api/dsa-export`, { headers: { authorization: `Bearer ${admin}` }, signal: leave.signal })
      expect(answer.status).toBe(200)
      const first = await answer.body!.getReader().read()
      expect(first.done).toBe(false)
      leave.abort()
    }
    const whole = await t.request({ method: 'GET', url: '/api/dsa-export', token: admin })
    expect(whole.statusCode).toBe(200)
    expect(whole.body.trim().split('\r\n')).toHaveLength(PROJECTS + 1)
    expect((await t.request({ method: 'GET', url: '/api/dsa-stats', token: admin })).json().statistics.totalProjects).toBe(PROJECTS)
  })
})
