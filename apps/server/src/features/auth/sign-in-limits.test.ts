import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { testDialects } from '../../../test/test-database.js'
import { type TwoInstances, startTwoInstances } from '../../../test/two-instances.js'
import { SIGN_IN_LIMITS, WRONG_CODES_PER_LINK } from './sign-in.service.js'

describe.each(testDialects())('sign-in limits under concurrency on two instances (%s)', (dialect) => {
  let two: TwoInstances
  beforeEach(async () => {
    two = await startTwoInstances({ dialect })
  })
  afterEach(() => two.close())

  const instance = (i: number) => (i % 2 === 0 ? two.a : two.b)
  // Each guess from its own network address, so only the per-link and per-address limits are in play.
  const guess = (i: number, email: string, code: string) =>
    instance(i).request({
      method: 'POST',
      url: '/api/verify-code',
      payload: { email, code },
      remoteAddress: `10.9.${Math.floor(i / 200)}.${(i % 200) + 1}`,
    })
  const counters = async (prefix: string) =>
    Object.fromEntries(
      (
        await two.a.db.kysely.selectFrom('rate_limits').select(['bucket_key', 'hits']).where('bucket_key', 'like', `${prefix}%`).execute()
      ).map((row) => [row.bucket_key, Number(row.hits)]),
    )
  const wrongFor = (code: string) => (code === '000000' ? '111111' : '000000')

  it('evaluates at most 5 of 100 simultaneous wrong codes against a link, and its link still works', async () => {
    const { email } = await two.createUser()
    expect((await two.a.request({ method: 'POST', url: '/api/send-magic-link', payload: { email } })).statusCode).toBe(200)
    const { code, token } = two.lastSignInMail(email)

    const answers = await Promise.all(Array.from({ length: 100 }, (_, i) => guess(i, email, wrongFor(code))))
    const codes = answers.map((answer) => answer.json().code as string)
    expect(codes.filter((c) => c === 'invalid_code')).toHaveLength(WRONG_CODES_PER_LINK)
    expect(codes.every((c) => ['invalid_code', 'code_locked', 'rate_limited'].includes(c))).toBe(true)
    const link = await two.a.db.kysely
      .selectFrom('login_challenges')
      .select('code_attempts')
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
    expect(link.code_attempts).toBe(WRONG_CODES_PER_LINK)
    // The per-address counters hold exactly the codes evaluated: locked guesses were given back, none went past a limit.
    expect(await counters(`wrong-code:${email}/`)).toEqual({ [`wrong-code:${email}/3600`]: 5, [`wrong-code:${email}/86400`]: 5 })

    expect((await guess(0, email, code)).json().code).toBe('code_locked')
    expect((await two.b.request({ method: 'POST', url: '/api/verify-magic-link', payload: { email, token } })).statusCode).toBe(200)
  })

  it('holds the per-address wrong-code limits exactly: 10 an hour, 20 a day, whatever arrives at once', async () => {
    const { email } = await two.createUser()
    const [hourly, daily] = SIGN_IN_LIMITS.wrongCodesPerEmail
    const evaluated: number[] = []
    for (let round = 0; round < 3; round++) {
      expect(
        (
          await instance(round).request({
            method: 'POST',
            url: '/api/send-magic-link',
            payload: { email },
            remoteAddress: `10.8.0.${round + 1}`,
          })
        ).statusCode,
      ).toBe(200)
      const { code } = two.lastSignInMail(email)
      const answers = await Promise.all(Array.from({ length: 40 }, (_, i) => guess(i + round * 40, email, wrongFor(code))))
      evaluated.push(answers.filter((answer) => answer.json().code === 'invalid_code').length)
      const hits = await counters(`wrong-code:${email}/`)
      expect(hits[`wrong-code:${email}/3600`]).toBeLessThanOrEqual(hourly!.limit)
      expect(hits[`wrong-code:${email}/86400`]).toBeLessThanOrEqual(daily!.limit)
    }
    // Two links of 5 fill the hour; the third link's guesses are all refused before any is compared.
    expect(evaluated).toEqual([5, 5, 0])
    const { code } = two.lastSignInMail(email)
    const paused = await guess(999, email, code)
    expect(paused.statusCode).toBe(429)
    expect(Number(paused.headers['retry-after'])).toBeGreaterThan(0)
  })

  it('sends exactly 5 sign-in e-mails a minute per address when 30 requests arrive at once on both instances', async () => {
    const { email } = await two.createUser()
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        instance(i).request({ method: 'POST', url: '/api/send-magic-link', payload: { email }, remoteAddress: `10.7.0.${i + 1}` }),
      ),
    )
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(5)
    expect(answers.filter((answer) => answer.statusCode === 429)).toHaveLength(25)
    expect(two.outbox.filter((text) => text.includes(`To: ${email}\n`))).toHaveLength(5)
    expect(await counters(`send-email:${email}/`)).toEqual({
      [`send-email:${email}/60`]: 5,
      [`send-email:${email}/3600`]: 5,
      [`send-email:${email}/86400`]: 5,
    })
  })
})
