import { afterEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { testDialects } from '../../../test/test-database.js'

const DISTRICT = { DISTRICT_EMAIL_DOMAIN: 'District.org, @staff.district.org' }

describe.each(testDialects())('the district sign-in (/login-clerk) on %s', (dialect) => {
  let t: TestApp
  afterEach(() => t.close())
  const send = (email: string) => t.request({ method: 'POST', url: '/api/send-magic-link', payload: { email, flow: 'district' } })

  it('is off unless DISTRICT_EMAIL_DOMAIN is set', async () => {
    t = await buildTestApp({ dialect })
    expect((await t.request({ method: 'GET', url: '/api/auth-config' })).json()).toEqual({
      districtSignIn: { enabled: false, domains: [] },
      sso: [],
    })
    const refused = await send('ana@district.org')
    expect(refused.statusCode).toBe(404)
    expect(refused.json().code).toBe('district_sign_in_disabled')
  })

  it('refuses a foreign domain with the hint, and logs it', async () => {
    t = await buildTestApp({ dialect, env: DISTRICT })
    expect((await t.request({ method: 'GET', url: '/api/auth-config' })).json().districtSignIn).toEqual({
      enabled: true,
      domains: ['district.org', 'staff.district.org'],
    })
    for (const email of ['ana@gmail.com', 'ana@district.org.evil.com', 'ana@notdistrict.org']) {
      const refused = await send(email)
      expect(refused.statusCode, email).toBe(422)
      expect(refused.json()).toEqual({
        error: 'Please use your @district.org or @staff.district.org email address',
        code: 'domain_not_allowed',
      })
    }
    const rows = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'outcome', 'details'])
      .where('email', '=', 'ana@gmail.com')
      .execute()
    expect(rows).toEqual([
      { action: 'sign_in.link_requested', outcome: 'failure', details: JSON.stringify({ reason: 'domain_not_allowed' }) },
    ])
    expect(t.outbox).toHaveLength(0)
  })

  it('sends one e-mail whose link opens /auth/verify-clerk and whose code works with spaces; a replayed link is refused', async () => {
    t = await buildTestApp({ dialect, env: DISTRICT })
    const { email } = await t.createUser({ email: 'maria.lopez@staff.district.org' })
    expect((await send(' Maria.Lopez@Staff.District.org ')).statusCode).toBe(200)
    const mail = await t.lastSignInMail(email)
    expect(mail.link.startsWith(`http://platform.test/auth/verify-clerk?email=${encodeURIComponent(email)}&token=`)).toBe(true)
    const spaced = `${mail.code.slice(0, 3)} ${mail.code.slice(3)}`
    const signedIn = await t.request({
      method: 'POST',
      url: '/api/verify-code',
      payload: { email, code: spaced, deviceId: 'browser-one-0123456789' },
    })
    expect(signedIn.statusCode).toBe(200)
    expect(signedIn.json()).toMatchObject({ user: { email }, newDevice: true })

    expect((await send(email)).statusCode).toBe(200)
    const second = await t.lastSignInMail(email)
    const ok = await t.request({
      method: 'POST',
      url: '/api/verify-magic-link',
      payload: { email, token: second.token, deviceId: 'browser-one-0123456789' },
    })
    expect(ok.json().newDevice).toBe(false)
    const replay = await t.request({ method: 'POST', url: '/api/verify-magic-link', payload: { email, token: second.token } })
    expect(replay.statusCode).toBe(400)
    expect(replay.json().code).toBe('link_used')
  })

  it('a code dies after 5 wrong tries while the link still works; an unknown address gets the same answer', async () => {
    t = await buildTestApp({ dialect, env: DISTRICT })
    const { email } = await t.createUser({ email: 'sam@district.org' })
    expect((await send(email)).statusCode).toBe(200)
    const mail = await t.lastSignInMail(email)
    const wrong = mail.code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i += 1) {
      const answer = await t.request({ method: 'POST', url: '/api/verify-code', payload: { email, code: wrong } })
      expect(answer.json().error).toBe('Invalid verification code')
    }
    const locked = await t.request({ method: 'POST', url: '/api/verify-code', payload: { email, code: mail.code } })
    expect(locked.json().code).toBe('code_locked')
    expect((await t.request({ method: 'POST', url: '/api/verify-magic-link', payload: { email, token: mail.token } })).statusCode).toBe(200)

    const known = await send(email)
    const unknown = await send('nobody@district.org')
    expect(unknown.statusCode).toBe(known.statusCode)
    expect(unknown.json()).toEqual(known.json())
  })

  it('refuses a bad device id', async () => {
    t = await buildTestApp({ dialect, env: DISTRICT })
    const answer = await t.request({
      method: 'POST',
      url: '/api/verify-code',
      payload: { email: 'a@district.org', code: '123456', deviceId: '<script>' },
    })
    expect(answer.statusCode).toBe(400)
  })
})
