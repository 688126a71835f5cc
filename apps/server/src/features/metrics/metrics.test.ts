import { afterEach, describe, expect, it } from 'vitest'
import { type TestApp, TEST_ADMIN_EMAIL, buildTestApp } from '../../../test/build-test-app.js'
import { testDialects } from '../../../test/test-database.js'
import { WRONG_TOKEN_LIMITS } from './metrics-access.js'

const TOKEN = 'metrics-token-for-tests-0123456789'
const SCRAPER = '192.0.2.10'

/** Every sample line of Prometheus' text format: a name, optional labels, a number (NaN and Inf in any case, as Go reads them). */
const SAMPLE = /^[a-zA-Z_:][a-zA-Z0-9_:]*(\{([a-zA-Z_][a-zA-Z0-9_]*="([^"\\\n]|\\.)*",?)*\})? (-?[0-9.]+(e[+-]?[0-9]+)?|nan|[+-]inf)$/i
const COMMENT = /^# (HELP|TYPE) [a-zA-Z_:][a-zA-Z0-9_:]* .+$/

function sampleValue(text: string, series: string): number | undefined {
  const line = text.split('\n').find((entry) => entry.startsWith(`${series} `))
  return line === undefined ? undefined : Number(line.slice(series.length + 1))
}

describe.each(testDialects())('/metrics (%s)', (dialect) => {
  let t: TestApp
  afterEach(() => t.close())

  const scrape = (authorization?: string, remoteAddress = SCRAPER) =>
    t.request({ method: 'GET', url: '/metrics', remoteAddress, headers: authorization ? { authorization } : {} })

  it('is off without METRICS_TOKEN: 404, as an address the platform does not serve', async () => {
    t = await buildTestApp({ dialect })
    const answer = await scrape(`Bearer ${TOKEN}`)
    expect(answer.statusCode).toBe(404)
    expect(answer.json()).toEqual({ error: 'There is no GET /metrics here.', code: 'not_found' })
    expect(answer.headers['x-content-type-options']).toBe('nosniff')
  })

  it('asks for the token (401 without it or with a wrong one), limits wrong tokens, and answers the right one', async () => {
    t = await buildTestApp({ dialect, env: { METRICS_TOKEN: TOKEN } })
    const missing = await scrape()
    expect(missing.statusCode).toBe(401)
    expect(missing.headers['www-authenticate']).toBe('Bearer realm="metrics"')
    expect(missing.json().code).toBe('unauthorized')
    expect((await scrape(`Bearer ${TOKEN}x`)).statusCode).toBe(401)
    expect((await scrape(`Basic ${Buffer.from(`x:${TOKEN}`).toString('base64')}`)).statusCode).toBe(401)

    const right = await scrape(`Bearer ${TOKEN}`)
    expect(right.statusCode).toBe(200)
    expect(right.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8')
    expect(right.headers['cache-control']).toBe('no-store')
    expect(right.headers['x-content-type-options']).toBe('nosniff')
    expect(right.headers['content-security-policy']).toContain("default-src 'self'")

    // The right token is not counted against the address: only wrong ones use up its allowance.
    const perMinute = WRONG_TOKEN_LIMITS[0]!.limit
    for (let i = 3; i < perMinute; i++) expect((await scrape('Bearer wrong-token-guess')).statusCode).toBe(401)
    const limited = await scrape(`Bearer ${TOKEN}`)
    expect(limited.statusCode).toBe(429)
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0)
    // Another address is not held back; the refusal is counted as a limit hit.
    const other = await scrape(`Bearer ${TOKEN}`, '192.0.2.11')
    expect(other.statusCode).toBe(200)
    expect(sampleValue(other.body, 'platform_rate_limits_hit_total{limiter="metrics-token"}')).toBe(1)
  })

  it('parses as Prometheus text with every family, requests under their route template and unknown ones under one label', async () => {
    t = await buildTestApp({ dialect, env: { METRICS_TOKEN: TOKEN } })
    const admin = await t.signIn(TEST_ADMIN_EMAIL)
    expect((await t.request({ method: 'GET', url: '/api/email/messages/123', token: admin })).statusCode).toBe(404)
    expect((await t.request({ method: 'GET', url: '/api/email/messages/456?recipient=someone', token: admin })).statusCode).toBe(404)
    for (const url of ['/api/no-such-thing/789', '/api/wp-login.php?user=x', '/api/.env'])
      expect((await t.request({ method: 'GET', url })).statusCode).toBe(404)
    // A message waiting two minutes, and one given up on.
    const created = new Date(t.clock.now().getTime() - 120_000).toISOString()
    const message = { kind: 'sign_in', recipient: 'queue@example.net', subject: 's', body_text: 'b', attempts: 0, created_at: created }
    await t.db.kysely
      .insertInto('mail_messages')
      .values([
        { ...message, status: 'queued', next_attempt_at: created },
        { ...message, status: 'failed', attempts: 3 },
      ])
      .execute()

    const text = (await scrape(`Bearer ${TOKEN}`)).body
    const lines = text.split('\n').filter((line) => line !== '')
    for (const line of lines) expect(line.startsWith('#') ? COMMENT.test(line) : SAMPLE.test(line), line).toBe(true)
    for (const family of [
      '# TYPE platform_http_request_duration_seconds histogram',
      '# TYPE platform_mail_queue_waiting_messages gauge',
      '# TYPE platform_mail_queue_sending_messages gauge',
      '# TYPE platform_mail_queue_oldest_waiting_age_seconds gauge',
      '# TYPE platform_mail_failed_last_day_messages gauge',
      '# TYPE platform_job_leases gauge',
      '# TYPE platform_instance_job_leases gauge',
      '# TYPE platform_report_export_jobs gauge',
      '# TYPE platform_sign_in_failures_total counter',
      '# TYPE platform_rate_limits_hit_total counter',
      '# TYPE process_cpu_user_seconds_total counter',
      '# TYPE nodejs_eventloop_lag_seconds gauge',
    ])
      expect(text).toContain(family)

    expect(
      sampleValue(text, 'platform_http_request_duration_seconds_count{route="/api/email/messages/:id",method="GET",status="404"}'),
    ).toBe(2)
    expect(sampleValue(text, 'platform_http_request_duration_seconds_count{route="(unmatched)",method="GET",status="404"}')).toBe(3)
    for (const asked of ['messages/123', 'messages/456', 'recipient=', 'no-such-thing', 'wp-login', '/api/.env'])
      expect(text).not.toContain(asked)
    expect(sampleValue(text, 'platform_mail_queue_waiting_messages')).toBe(1)
    expect(sampleValue(text, 'platform_mail_queue_oldest_waiting_age_seconds')).toBe(120)
    expect(sampleValue(text, 'platform_mail_failed_last_day_messages')).toBe(1)
    expect(sampleValue(text, 'platform_report_export_jobs{state="queued"}')).toBe(0)
    // SQLite's one connection has no pool; PostgreSQL's pool is reported once the database exposes it.
    if (dialect === 'sqlite') expect(text).not.toContain('platform_database_pool_')
    else expect(sampleValue(text, 'platform_database_pool_connections{state="total"}')).toBeGreaterThan(0)
  })

  it('holds nothing personal after named people sign in and sign-ins fail', async () => {
    t = await buildTestApp({ dialect, env: { METRICS_TOKEN: TOKEN } })
    const person = await t.createUser({ email: 'zelda.quartermaine@lincoln-district.example', fullName: 'Zelda Quartermaine' })
    const token = await t.signInByEmail(person.email)
    await t.request({ method: 'GET', url: '/api/get-user-profile', token, remoteAddress: '203.0.113.77' })
    const failed = await t.request({
      method: 'POST',
      url: '/api/verify-magic-link',
      payload: { email: person.email, token: 'not-a-real-link-token-abcdefghijklmnop' },
      remoteAddress: '203.0.113.78',
    })
    expect(failed.statusCode).toBe(400)
    const wrongCode = await t.request({
      method: 'POST',
      url: '/api/verify-code',
      payload: { email: 'nobody@elsewhere.example', code: '123456' },
    })
    expect(wrongCode.statusCode).toBe(400)
    // Six requests for one address within a minute: the sixth meets the per-address limit.
    for (let i = 0; i < 6; i++)
      await t.request({ method: 'POST', url: '/api/send-magic-link', payload: { email: 'yusuf.okonkwo@lincoln-district.example' } })

    const text = (await scrape(`Bearer ${TOKEN}`)).body
    expect(sampleValue(text, 'platform_sign_in_failures_total{reason="unknown_token"}')).toBe(1)
    expect(sampleValue(text, 'platform_sign_in_failures_total{reason="no_outstanding_link"}')).toBe(1)
    expect(sampleValue(text, 'platform_rate_limits_hit_total{limiter="send-email"}')).toBe(1)
    const lower = text.toLowerCase()
    for (const personal of [
      'zelda',
      'quartermaine',
      'yusuf',
      'okonkwo',
      'nobody',
      'lincoln-district',
      'elsewhere',
      TEST_ADMIN_EMAIL,
      '@',
      '203.0.113',
      '192.0.2',
      token.toLowerCase(),
      'not-a-real-link-token',
      TOKEN,
    ])
      expect(lower).not.toContain(personal.toLowerCase())
  })
})
