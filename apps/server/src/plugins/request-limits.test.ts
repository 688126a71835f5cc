import { afterEach, describe, expect, it } from 'vitest'
import { testDialects } from '../../test/test-database.js'
import { type TwoInstances, startTwoInstances } from '../../test/two-instances.js'

/** Sends `total` calls, alternating between the instances, `inFlight` at a time; returns the status codes. */
async function spread(
  two: TwoInstances,
  total: number,
  call: (instance: TwoInstances['a'], i: number) => ReturnType<TwoInstances['a']['request']>,
  inFlight = 40,
) {
  const statuses: number[] = []
  for (let start = 0; start < total; start += inFlight) {
    const batch = Array.from({ length: Math.min(inFlight, total - start) }, (_, j) => start + j)
    const answers = await Promise.all(batch.map((i) => call(i % 2 === 0 ? two.a : two.b, i)))
    statuses.push(...answers.map((answer) => answer.statusCode))
  }
  return statuses
}

const count = (statuses: number[], status: number) => statuses.filter((s) => s === status).length

describe.each(testDialects())('request limits across two instances (%s)', (dialect) => {
  let two: TwoInstances
  afterEach(() => two.close())

  it('keeps a signed-in person within 10% of RATE_LIMIT_PER_MINUTE however the calls are spread', async () => {
    two = await startTwoInstances({ dialect, env: { RATE_LIMIT_PER_MINUTE: '600' } })
    const token = await two.signIn((await two.createUser()).email)
    const statuses = await spread(two, 1400, (instance) => instance.request({ method: 'GET', url: '/api/get-user-profile', token }))
    expect(count(statuses, 200) + count(statuses, 429)).toBe(1400)
    expect(count(statuses, 200)).toBeLessThanOrEqual(660)
    // What an instance holds unused shrinks to single calls near the limit, so nearly the whole minute is usable.
    expect(count(statuses, 200)).toBeGreaterThanOrEqual(590)
    const hits = await two.a.db.kysely.selectFrom('rate_limits').select('hits').where('bucket_key', 'like', 'api-user:%').execute()
    expect(hits.map((row) => Number(row.hits))).toEqual([600])

    const refused = await two.b.request({ method: 'GET', url: '/api/get-user-profile', token })
    expect(refused.statusCode).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(refused.json()).toEqual({ error: expect.stringMatching(/^Too many requests\. Wait/), code: 'rate_limited' })

    // Another person at the same address has a minute of their own; the next minute starts afresh.
    const other = await two.signIn((await two.createUser()).email)
    expect((await two.a.request({ method: 'GET', url: '/api/get-user-profile', token: other })).statusCode).toBe(200)
    two.clock.advance(60_000)
    expect((await two.a.request({ method: 'GET', url: '/api/get-user-profile', token })).statusCode).toBe(200)
    expect((await two.b.request({ method: 'GET', url: '/api/get-user-profile', token })).statusCode).toBe(200)
  })

  it('limits calls without a session per address (RATE_LIMIT_ANONYMOUS_PER_MINUTE), apart from signed-in people there', async () => {
    two = await startTwoInstances({ dialect, env: { RATE_LIMIT_ANONYMOUS_PER_MINUTE: '300', RATE_LIMIT_PER_MINUTE: '600' } })
    const school = '10.20.30.40'
    const token = await two.signIn((await two.createUser()).email)
    const statuses = await spread(two, 800, (instance) => instance.request({ method: 'GET', url: '/api/health', remoteAddress: school }))
    // The sign-in above came from another address; this one's 300 are all the school's.
    expect(count(statuses, 200)).toBeLessThanOrEqual(330)
    expect(count(statuses, 200)).toBeGreaterThanOrEqual(290)
    expect(count(statuses, 429)).toBe(800 - count(statuses, 200))
    // An unknown /api address counts against the address too.
    expect((await two.a.request({ method: 'GET', url: '/api/no-such-route', remoteAddress: school })).statusCode).toBe(429)
    // A signed-in person at the same address is counted as themselves.
    expect((await two.b.request({ method: 'GET', url: '/api/get-user-profile', token, remoteAddress: school })).statusCode).toBe(200)
    // Another address is not affected.
    expect((await two.a.request({ method: 'GET', url: '/api/health', remoteAddress: '10.20.30.41' })).statusCode).toBe(200)
  })

  it('gives unused calls back when an instance stops, so a restart costs the person nothing', async () => {
    two = await startTwoInstances({ dialect, env: { RATE_LIMIT_PER_MINUTE: '600' } })
    const token = await two.signIn((await two.createUser()).email)
    expect((await two.a.request({ method: 'GET', url: '/api/get-user-profile', token })).statusCode).toBe(200)
    const reserved = await two.a.db.kysely
      .selectFrom('rate_limits')
      .select('hits')
      .where('bucket_key', 'like', 'api-user:%')
      .executeTakeFirstOrThrow()
    expect(Number(reserved.hits)).toBeGreaterThan(1)
    await two.a.app.close()
    const left = await two.b.db.kysely
      .selectFrom('rate_limits')
      .select('hits')
      .where('bucket_key', 'like', 'api-user:%')
      .executeTakeFirstOrThrow()
    expect(Number(left.hits)).toBe(1)
  })
})
