import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { testDialects } from '../../../test/test-database.js'
import { MINUTE_MS } from '../../lib/clock.js'

describe.each(testDialects())('sign-in by e-mailed link and code (%s)', (dialect) => {
  let t: TestApp
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
  })
  afterEach(() => t.close())

  const send = (email: string, ip = '10.1.1.1') =>
    t.request({ method: 'POST', url: '/api/send-magic-link', payload: { email }, remoteAddress: ip })
  const verifyLink = (email: string, token: string) =>
    t.request({ method: 'POST', url: '/api/verify-magic-link', payload: { email, token } })
  const verifyCode = (email: string, code: string) => t.request({ method: 'POST', url: '/api/verify-code', payload: { email, code } })

  it('signs in with the link, returning a token and the session user', async () => {
    const { email } = await t.createUser({
      fullName: 'Maria de la Cruz',
      roleCode: 'STAFF',
      applications: ['DASHBOARD', 'DSA_TRACKER', 'EMAIL_ADMIN'],
    })
    const sent = await send(email.toUpperCase())
    expect(sent.statusCode).toBe(200)
    expect(sent.json()).toMatchObject({ success: true, expiresInMinutes: 15 })

    const mail = await t.lastSignInMail(email)
    expect(mail.link).toBe(`http://platform.test/auth/verify?email=${encodeURIComponent(email)}&token=${mail.token}`)
    expect(mail.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(mail.code).toMatch(/^\d{6}$/)

    const verified = await verifyLink(email, mail.token)
    expect(verified.statusCode).toBe(200)
    const body = verified.json()
    expect(body.token.split('.')).toHaveLength(3)
    // Admin-only applications are never held by STAFF, even when granted.
    expect(body.user).toMatchObject({
      email,
      roleCode: 'STAFF',
      firstName: 'Maria',
      lastName: 'de la Cruz',
      organization: 'District Office',
      permissions: ['dashboard', 'dsa-tracker'],
    })
    expect(body.user.applications.map((a: { app_code: string; has_access: string }) => [a.app_code, a.has_access])).toEqual([
      ['DASHBOARD', 'Y'],
      ['DSA_TRACKER', 'Y'],
    ])

    const profile = await t.request({ method: 'GET', url: '/api/get-user-profile', token: body.token })
    expect(profile.statusCode).toBe(200)
    expect(profile.json().user).toEqual(body.user)

    const stored = await t.db.kysely
      .selectFrom('users')
      .select(['email_verified', 'last_login'])
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
    expect(stored).toEqual({ email_verified: 1, last_login: t.clock.now().toISOString() })
  })

  it('gives administrators every active application in display order', async () => {
    const token = await t.signInByEmail('admin@example.org')
    const { user } = (await t.request({ method: 'GET', url: '/api/get-user-profile', token })).json()
    expect(user.roleCode).toBe('SUPER_ADMIN')
    expect(user.permissions).toEqual([
      'dashboard',
      'payment-receipts',
      'accruals',
      'email-admin',
      'public-info',
      'reports-studio',
      'dsa-tracker',
      'weblogic-monitoring',
      'user-management',
    ])
  })

  it('refuses a link a second time, and says it was used', async () => {
    const { email } = await t.createUser()
    await send(email)
    const { token } = await t.lastSignInMail(email)
    expect((await verifyLink(email, token)).statusCode).toBe(200)
    const again = await verifyLink(email, token)
    expect(again.statusCode).toBe(400)
    expect(again.json()).toEqual({ error: 'This link has already been used. Please request a new sign-in link.', code: 'link_used' })
  })

  it('lets exactly one of many simultaneous uses of a link through', async () => {
    const { email } = await t.createUser()
    await send(email)
    const { token } = await t.lastSignInMail(email)
    const answers = await Promise.all(Array.from({ length: 10 }, () => verifyLink(email, token)))
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1)
    const sessions = await t.db.kysely.selectFrom('sessions').select('session_id').execute()
    expect(sessions).toHaveLength(1)
  })

  it('accepts a link until 15 minutes have passed, then says it expired', async () => {
    const { email } = await t.createUser()
    await send(email)
    const first = await t.lastSignInMail(email)
    t.clock.advance(15 * MINUTE_MS - 1000)
    expect((await verifyLink(email, first.token)).statusCode).toBe(200)

    await send(email)
    const second = await t.lastSignInMail(email)
    t.clock.advance(15 * MINUTE_MS)
    const late = await verifyLink(email, second.token)
    expect(late.statusCode).toBe(400)
    expect(late.json().code).toBe('link_expired')
    expect(late.json().error).toContain('expired')
  })

  it('refuses a tampered token, a token for another address, and a missing one', async () => {
    const { email } = await t.createUser()
    const other = await t.createUser()
    await send(email)
    const { token } = await t.lastSignInMail(email)
    const tampered = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`
    expect((await verifyLink(email, tampered)).json()).toMatchObject({ code: 'invalid_or_expired' })
    expect((await verifyLink(other.email, token)).json()).toMatchObject({ code: 'invalid_or_expired' })
    const missing = await t.request({ method: 'POST', url: '/api/verify-magic-link', payload: { email } })
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toEqual({ error: expect.stringContaining('token'), code: 'bad_request' })
    // The real link still works after all that.
    expect((await verifyLink(email, token)).statusCode).toBe(200)
  })

  it('signs in with the 6-digit code, typed with spaces', async () => {
    const { email } = await t.createUser()
    await send(email)
    const { code, token } = await t.lastSignInMail(email)
    const answer = await verifyCode(email, `${code.slice(0, 3)} ${code.slice(3)}`)
    expect(answer.statusCode).toBe(200)
    expect(answer.json().user.email).toBe(email)
    // The code spent the link it belongs to.
    expect((await verifyLink(email, token)).json().code).toBe('link_used')
  })

  it('kills a code after 5 wrong tries while its link still works', async () => {
    const { email } = await t.createUser()
    await send(email)
    const { code, token } = await t.lastSignInMail(email)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i++) {
      const answer = await verifyCode(email, wrong)
      expect(answer.json()).toEqual({ error: 'Invalid verification code', code: 'invalid_code' })
    }
    const locked = await verifyCode(email, code)
    expect(locked.statusCode).toBe(400)
    expect(locked.json().code).toBe('code_locked')
    expect((await verifyLink(email, token)).statusCode).toBe(200)
  })

  it('pauses code entry for an address after 10 wrong codes in an hour', async () => {
    const { email } = await t.createUser()
    for (let round = 0; round < 2; round++) {
      await send(email)
      const { code } = await t.lastSignInMail(email)
      const wrong = code === '000000' ? '111111' : '000000'
      for (let i = 0; i < 5; i++) expect((await verifyCode(email, wrong)).statusCode).toBe(400)
    }
    await send(email)
    const { code, token } = await t.lastSignInMail(email)
    const paused = await verifyCode(email, code)
    expect(paused.statusCode).toBe(429)
    expect(Number(paused.headers['retry-after'])).toBeGreaterThan(0)
    expect((await verifyLink(email, token)).statusCode).toBe(200)
  })

  it('answers known, unknown and deactivated addresses alike, mailing the latter a no-account notice', async () => {
    const known = await t.createUser()
    const inactive = await t.createUser({ isActive: false })
    const answers = await Promise.all([known.email, 'nobody@district.test', inactive.email].map((email) => send(email)))
    const bodies = answers.map((a) => ({ status: a.statusCode, body: a.json() }))
    expect(bodies[1]).toEqual(bodies[0])
    expect(bodies[2]).toEqual(bodies[0])
    const nobodyMail = t.outbox.find((text) => text.includes('To: nobody@district.test'))
    expect(nobodyMail).toContain('there is no active account')
    expect(nobodyMail).not.toContain('/auth/verify')
    const challenges = await t.db.kysely.selectFrom('login_challenges').select('email').execute()
    expect(challenges.map((c) => c.email)).toEqual([known.email])
  })

  it('limits sends per address (5 a minute) the same for unknown addresses, with Retry-After and a wait in words', async () => {
    for (const email of ['limited@district.test', 'unknown-limited@district.test']) {
      if (email.startsWith('limited')) await t.createUser({ email })
      for (let i = 0; i < 5; i++) expect((await send(email)).statusCode).toBe(200)
      const refused = await send(email)
      expect(refused.statusCode).toBe(429)
      expect(refused.headers['retry-after']).toMatch(/^\d+$/)
      expect(refused.json()).toEqual({
        error: expect.stringMatching(/^Too many sign-in requests for this email address\. Wait \d+ (seconds?|minutes?), then try again\.$/),
        code: 'rate_limited',
      })
    }
    t.clock.advance(MINUTE_MS)
    expect((await send('limited@district.test')).statusCode).toBe(200)
  })

  it('keeps at most 3 outstanding links per address, and a sign-in voids the others', async () => {
    const { email } = await t.createUser()
    const tokens: string[] = []
    for (let i = 0; i < 4; i++) {
      await send(email)
      tokens.push((await t.lastSignInMail(email)).token)
    }
    expect((await verifyLink(email, tokens[0]!)).statusCode).toBe(400)
    expect((await verifyLink(email, tokens[2]!)).statusCode).toBe(200)
    expect((await verifyLink(email, tokens[1]!)).statusCode).toBe(400)
    expect((await verifyLink(email, tokens[3]!)).statusCode).toBe(400)
  })

  it('stores only keyed hashes of the link token and code', async () => {
    const { email } = await t.createUser()
    await send(email)
    const { token, code } = await t.lastSignInMail(email)
    const rows = await t.db.kysely.selectFrom('login_challenges').selectAll().execute()
    const dump = JSON.stringify(rows)
    expect(dump).not.toContain(token)
    expect(dump).not.toContain(code)
    const mails = JSON.stringify(await t.db.kysely.selectFrom('mail_messages').selectAll().execute())
    expect(mails).not.toContain(token)
    expect(mails).not.toContain(code)
    expect(mails).toContain('[hidden]')
  })

  it("refuses a deactivated person's link and ends their session", async () => {
    const { email, userId } = await t.createUser()
    const session = await t.signInByEmail(email)
    await send(email)
    const { token } = await t.lastSignInMail(email)
    await t.db.kysely.updateTable('users').set({ is_active: 0 }).where('user_id', '=', userId).execute()
    expect((await verifyLink(email, token)).json().code).toBe('account_inactive')
    const profile = await t.request({ method: 'GET', url: '/api/get-user-profile', token: session })
    expect(profile.statusCode).toBe(401)
    expect(profile.json().error).toContain('not active')
  })

  it('writes an audit row for every sign-in event, without secrets', async () => {
    const { email } = await t.createUser()
    await send(email)
    const { token, code } = await t.lastSignInMail(email)
    await verifyLink(email, 'not-the-token')
    const session = (await verifyLink(email, token)).json().token as string
    await t.request({ method: 'POST', url: '/api/logout', token: session })
    const rows = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'outcome', 'email', 'details'])
      .where('action', 'not in', ['audit.chain_started', 'audit.chain_keyed'])
      .orderBy('audit_id')
      .execute()
    expect(rows.map((r) => `${r.action}:${r.outcome}`)).toEqual([
      'sign_in.link_requested:success',
      'sign_in.link_failed:failure',
      'sign_in.success:success',
      'sign_out:success',
    ])
    const dump = JSON.stringify(rows)
    for (const secret of [token, code, session]) expect(dump).not.toContain(secret)
  })
})
