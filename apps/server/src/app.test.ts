import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../test/build-test-app.js'
import { type SmtpPeer, startSmtpPeer } from '../test/smtp-peer.js'
import { testDialects } from '../test/test-database.js'

describe.each(testDialects())('HTTP behaviour (%s)', (dialect) => {
  let t: TestApp
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
  })
  afterEach(() => t.close())

  it('sends strict security headers', async () => {
    const answer = await t.request({ method: 'GET', url: '/api/health' })
    expect(answer.statusCode).toBe(200)
    const csp = String(answer.headers['content-security-policy'])
    expect(csp).toContain("default-src 'self'")
    expect(csp).toMatch(/script-src 'self'( 'nonce-[^']+')?;/)
    expect(csp).not.toContain('unsafe-inline')
    expect(csp).toContain("frame-ancestors 'none'")
    expect(answer.headers['referrer-policy']).toBe('no-referrer')
    expect(answer.headers['x-content-type-options']).toBe('nosniff')
  })

  it('answers bad requests with a clear error and the right status, never a 500', async () => {
    const post = (payload: string, contentType = 'application/json') =>
      t.request({ method: 'POST', url: '/api/send-magic-link', payload, headers: { 'content-type': contentType } })
    const malformed = await post('{"email": ')
    expect(malformed.statusCode).toBe(400)
    expect(malformed.json()).toEqual({ error: 'The request body is not valid JSON.', code: 'invalid_json' })

    const huge = await post(JSON.stringify({ email: 'a@b.org', pad: 'x'.repeat(2 * 1024 * 1024) }))
    expect(huge.statusCode).toBe(413)
    expect(huge.json().code).toBe('payload_too_large')

    const text = await post('email=a@b.org', 'text/plain')
    expect(text.statusCode).toBe(415)

    const missing = await post('{}')
    expect(missing.statusCode).toBe(400)
    expect(missing.json().error).toBe('Invalid body: Email is required (email)')

    const invalid = await post(JSON.stringify({ email: 'not-an-address' }))
    expect(invalid.json().error).toBe('Invalid body: Enter a valid email address (email)')

    const unknown = await t.request({ method: 'GET', url: '/api/no-such-thing' })
    expect(unknown.statusCode).toBe(404)
    expect(unknown.json().code).toBe('not_found')
  })

  it('reports readiness with the database', async () => {
    expect((await t.request({ method: 'GET', url: '/api/ready' })).json()).toEqual({ status: 'ready', database: 'ok' })
  })

  it('never writes a token, code or link to the log', async () => {
    const { email } = await t.createUser()
    await t.request({ method: 'POST', url: '/api/send-magic-link', payload: { email } })
    const { token, code, link } = await t.lastSignInMail(email)
    await t.request({ method: 'GET', url: `/auth/verify?email=${encodeURIComponent(email)}&token=${token}` })
    await t.request({ method: 'POST', url: '/api/verify-code', payload: { email, code: '000000' } })
    const session = (await t.request({ method: 'POST', url: '/api/verify-magic-link', payload: { email, token } })).json().token as string
    await t.request({ method: 'GET', url: '/api/get-user-profile', token: session })
    await t.request({ method: 'POST', url: '/api/debug-token', payload: { token: session } })
    const log = t.logLines.join('\n')
    expect(log).toContain('/api/verify-magic-link')
    for (const secret of [token, code, link, session, session.split('.')[2]!]) expect(log).not.toContain(secret)
  })

  it('serves a page that explains itself when the web app is not built', async () => {
    const page = await t.request({ method: 'GET', url: '/dashboard' })
    expect(page.statusCode).toBe(503)
    expect(page.body).toContain('npm run build')
  })
})

describe.each(testDialects())('sign-in mail through a real SMTP server (%s)', (dialect) => {
  let smtp: SmtpPeer
  let t: TestApp
  beforeAll(async () => {
    smtp = await startSmtpPeer()
  })
  afterAll(() => smtp.close())
  beforeEach(async () => {
    smtp.setBehaviour('accept')
    t = await buildTestApp({ dialect, smtp })
  })
  afterEach(() => t.close())

  const send = (email: string) => t.request({ method: 'POST', url: '/api/send-magic-link', payload: { email } })

  it('delivers the link and code, and they sign the person in', async () => {
    const { email } = await t.createUser()
    expect((await send(email)).statusCode).toBe(200)
    const mail = await smtp.waitForMail(email)
    expect(mail.subject).toBe('Your sign-in link for the District staff platform')
    const stored = await t.db.kysely.selectFrom('mail_messages').select(['status', 'recipient']).execute()
    expect(stored).toEqual([{ status: 'sent', recipient: email }])
    expect(await t.signIn(email)).toMatch(/^ey/)
  })

  for (const behaviour of ['fail', 'reject-recipient', 'hang'] as const) {
    it(`says so when the mail server does not take the message (${behaviour}) and leaves no usable link`, async () => {
      const { email } = await t.createUser()
      smtp.setBehaviour(behaviour)
      const answer = await send(email)
      expect(answer.statusCode).toBe(503)
      expect(answer.json()).toEqual({ error: expect.stringMatching(/^Failed to send magic link/), code: 'mail_unavailable' })
      const challenges = await t.db.kysely.selectFrom('login_challenges').select('challenge_id').execute()
      expect(challenges).toEqual([])
      const log = await t.db.kysely.selectFrom('mail_messages').select(['status', 'last_error']).execute()
      expect(log).toEqual([{ status: 'failed', last_error: expect.any(String) }])
    })
  }

  it('answers an unknown address the same way when the mail server is down', async () => {
    smtp.setBehaviour('fail')
    const { email } = await t.createUser()
    const known = await send(email)
    const unknown = await send('stranger@district.test')
    expect(unknown.statusCode).toBe(known.statusCode)
    expect(unknown.json()).toEqual(known.json())
  })
})

describe('API description', () => {
  it('lists every route from the schemas', async () => {
    const t = await buildTestApp({ dialect: 'sqlite' })
    try {
      const answer = await t.request({ method: 'GET', url: '/api/docs/openapi.json' })
      expect(answer.statusCode).toBe(200)
      const paths = Object.keys(answer.json().paths)
      expect(paths).toEqual(
        expect.arrayContaining([
          '/api/send-magic-link',
          '/api/verify-magic-link',
          '/api/verify-code',
          '/api/get-user-profile',
          '/api/logout',
        ]),
      )
    } finally {
      await t.close()
    }
  })
})

describe.each(testDialects())('request limit on every route (%s)', (dialect) => {
  it('refuses a caller over the per-minute limit with 429 and Retry-After, and counts people separately', async () => {
    const t = await buildTestApp({ dialect, env: { RATE_LIMIT_PER_MINUTE: '5' } })
    try {
      const { email } = await t.createUser()
      // Signing in is counted under the address (RATE_LIMIT_ANONYMOUS_PER_MINUTE), not the person's 5.
      const token = await t.signIn(email)
      const answers = []
      for (let i = 0; i < 6; i++) answers.push((await t.request({ method: 'GET', url: '/api/get-user-profile', token })).statusCode)
      expect(answers).toEqual([200, 200, 200, 200, 200, 429])
      const refused = await t.request({ method: 'GET', url: '/api/get-user-profile', token })
      expect(refused.headers['retry-after']).toMatch(/^\d+$/)
      expect(refused.json()).toEqual({ error: expect.stringMatching(/^Too many requests\. Wait/), code: 'rate_limited' })
      // Another person has a budget of their own.
      const other = await t.signIn((await t.createUser()).email)
      expect((await t.request({ method: 'GET', url: '/api/get-user-profile', token: other })).statusCode).toBe(200)
      t.clock.advance(60_000)
      expect((await t.request({ method: 'GET', url: '/api/get-user-profile', token })).statusCode).toBe(200)
    } finally {
      await t.close()
    }
  })
})
