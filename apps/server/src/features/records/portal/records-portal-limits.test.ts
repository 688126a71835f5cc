import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../../test/build-test-app.js'
import { testDialects } from '../../../../test/test-database.js'
import { requestCount, submit, submitted, tracking } from './test-portal.js'

const MINUTE_MS = 60_000

describe.each(testDialects())('records portal: refusals that keep the form from being abused (%s)', (dialect) => {
  let t: TestApp
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
  })
  afterEach(() => t.close())

  const portalCounters = () =>
    t.db.kysely.selectFrom('rate_limits').select(['bucket_key', 'hits']).where('bucket_key', 'like', 'portal-%').execute()
  const stored = async () => ({
    requests: await requestCount(t),
    requesters: (await t.db.kysely.selectFrom('records_requesters').select('request_id').execute()).length,
    mail: (await t.db.kysely.selectFrom('mail_messages').select('message_id').execute()).length,
    audit: (await t.db.kysely.selectFrom('audit_log').select('audit_id').where('action', 'like', 'records.%').execute()).length,
  })

  it('refuses a burst from one network address after the limit with 429 and Retry-After, storing nothing of the refused', async () => {
    const burst = []
    for (let n = 1; n <= 6; n += 1) burst.push(await submit(t, { email: `person${n}@example.net` }, '203.0.113.7'))
    expect(burst.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 429, 429, 429])
    const refused = burst[3]!
    expect(refused.headers['retry-after']).toBe('600')
    expect(refused.json()).toEqual({
      error: 'Too many requests came from your network in a short time. Please wait 10 minutes, then try again.',
      code: 'rate_limited',
    })
    expect(await stored()).toEqual({ requests: 3, requesters: 3, mail: 3, audit: 3 })
    // Another address is not held back, and the counters are keyed by a keyed hash, never the address itself.
    expect((await submit(t, { email: 'other@example.net' }, '203.0.113.8')).statusCode).toBe(201)
    expect(JSON.stringify(await portalCounters())).not.toContain('203.0.113')
    // Ten minutes on, the address may send again.
    t.clock.advance(10 * MINUTE_MS)
    expect((await submit(t, { email: 'person7@example.net' }, '203.0.113.7')).statusCode).toBe(201)
  })

  it('takes at most five requests a day with one e-mail address, and a refusal by address costs the network nothing', async () => {
    for (let n = 1; n <= 5; n += 1)
      expect((await submit(t, { description: `Request number ${n} about buses.` }, `192.0.2.${n}`)).statusCode).toBe(201)
    const refused = await submit(t, { email: 'ANA@example.net' }, '192.0.2.6')
    expect(refused.statusCode).toBe(429)
    expect(refused.json().error).toMatch(
      /^Too many requests came with this e-mail address today\. Please wait \d+ hours?, then try again\.$/,
    )
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(await requestCount(t)).toBe(5)
    // The address's own count was given back: three requests with other e-mail addresses still go through from it.
    for (let n = 1; n <= 3; n += 1) expect((await submit(t, { email: `other${n}@example.net` }, '192.0.2.6')).statusCode).toBe(201)
    expect(await requestCount(t)).toBe(8)
  })

  it('refuses a form whose hidden field is filled, a body too large and a form without a way to answer, storing nothing', async () => {
    const bot = await submit(t, { website: 'http://cheap-pills.example' })
    expect(bot.statusCode).toBe(422)
    expect(bot.json()).toEqual({
      error:
        'The form could not be accepted. If you filled it in yourself, send it again and leave the field marked "Leave this empty" empty.',
      code: 'form_refused',
    })
    const large = await submit(t, { description: 'x'.repeat(140_000) })
    expect(large.statusCode).toBe(413)
    expect(large.json()).toEqual({
      error: 'Your request is too long to send. Shorten the description to at most 20,000 characters and send it again.',
      code: 'request_too_long',
    })
    const long = await submit(t, { description: 'x'.repeat(20_001) })
    expect(long.statusCode).toBe(400)
    const unanswerable = await submit(t, { email: '', postalAddress: '  ' })
    expect(unanswerable.statusCode).toBe(400)
    expect(unanswerable.json().error).toContain('Give an e-mail address or a postal address, so that the district can answer you')
    expect(await stored()).toEqual({ requests: 0, requesters: 0, mail: 0, audit: 0 })
    expect(await portalCounters()).toEqual([])
  })

  it('limits new links per e-mail address and tracking calls per network address, and refuses a message too long in words', async () => {
    const { number, token } = await submitted(t)
    const message = await tracking(t, '/messages', number, token, { message: 'x'.repeat(40_000) })
    expect(message.statusCode).toBe(413)
    expect(message.json().error).toBe('Your message is too long to send. Shorten it to at most 5,000 characters and send it again.')
    expect(await t.db.kysely.selectFrom('records_messages').select('message_id').execute()).toEqual([])
    const ask = () =>
      t.request({
        method: 'POST',
        url: '/api/public-records/new-link',
        payload: { email: 'ana@example.net', number },
        remoteAddress: '198.51.100.20',
      })
    const answers = [await ask(), await ask(), await ask(), await ask()]
    expect(answers.map((answer) => answer.statusCode)).toEqual([202, 202, 202, 429])
    expect(answers[3]!.json().error).toMatch(/^Too many requests came with this e-mail address today\./)
    expect(
      (await t.db.kysely.selectFrom('audit_log').select('audit_id').where('action', '=', 'records.tracking_link_reissued').execute())
        .length,
    ).toBe(3)

    const guesses = []
    for (let n = 0; n < 61; n += 1)
      guesses.push((await tracking(t, '', number, `${token.slice(0, -4)}${String(n).padStart(4, '0')}`)).statusCode)
    expect(guesses.slice(0, 60).every((status) => status === 404)).toBe(true)
    expect(guesses[60]).toBe(429)
  })

  it('flags a similar request from the same e-mail address within 30 days as a possible duplicate, without refusing it', async () => {
    const first = await submitted(t, { description: 'All contracts with Acme Paving signed in 2025 and their amendments.' })
    t.clock.advance(20 * 24 * 60 * MINUTE_MS)
    const second = await submitted(t, {
      description: 'All the contracts with Acme Paving signed in 2025, and their amendments.',
      email: 'Ana@Example.net',
    })
    const unrelated = await submitted(t, { description: 'Bus route maps for the 2026 school year.' })
    const flags = await t.db.kysely.selectFrom('records_requesters').select(['request_id', 'duplicate_of']).orderBy('request_id').execute()
    expect(flags).toEqual([
      { request_id: first.id, duplicate_of: null },
      { request_id: second.id, duplicate_of: first.id },
      { request_id: unrelated.id, duplicate_of: null },
    ])
  })
})
