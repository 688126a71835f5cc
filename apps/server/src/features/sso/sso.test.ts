import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { type TestApp, TEST_APP_URL, buildTestApp } from '../../../test/build-test-app.js'
import { type Forgery, type IdentityProvider, startIdentityProvider } from '../../../test/identity-provider.js'
import { testDialects } from '../../../test/test-database.js'

const CLIENT = { clientId: 'staff-platform', clientSecret: 'a-client-secret-for-tests' }
const ACCOUNTS = {
  alice: { sub: 'alice', email: 'alice@district.org', email_verified: true, tid: 'district-tenant', hd: 'district.org', name: 'Alice Ng' },
  stranger: { sub: 'stranger', email: 'stranger@district.org', email_verified: true, tid: 'district-tenant', hd: 'district.org' },
  otherTenant: { sub: 'other-tenant', email: 'bob@district.org', email_verified: true, tid: 'another-tenant', hd: 'another.org' },
  unverified: { sub: 'unverified', email: 'carol@district.org', email_verified: false, tid: 'district-tenant', hd: 'district.org' },
  inactive: { sub: 'inactive', email: 'dan@district.org', email_verified: true, tid: 'district-tenant', hd: 'district.org' },
}

describe.each(testDialects())('single sign-on on %s', (dialect) => {
  let idp: IdentityProvider
  let t: TestApp
  beforeAll(async () => {
    idp = await startIdentityProvider({
      ...CLIENT,
      redirectUris: [`${TEST_APP_URL}/api/sso/microsoft/callback`, `${TEST_APP_URL}/api/sso/google/callback`],
      accounts: Object.values(ACCOUNTS),
    })
  })
  afterAll(() => idp.close())
  afterEach(async () => {
    idp.forge(null)
    idp.setDown(false)
    idp.setDelay(0)
    await t.close()
  })

  async function platform(extra: Record<string, string> = {}) {
    t = await buildTestApp({
      dialect,
      env: {
        OIDC_MICROSOFT_ISSUER: idp.issuer,
        OIDC_MICROSOFT_CLIENT_ID: CLIENT.clientId,
        OIDC_MICROSOFT_CLIENT_SECRET: CLIENT.clientSecret,
        OIDC_MICROSOFT_TENANT_ID: 'district-tenant',
        OIDC_GOOGLE_ISSUER: idp.issuer,
        OIDC_GOOGLE_CLIENT_ID: CLIENT.clientId,
        OIDC_GOOGLE_CLIENT_SECRET: CLIENT.clientSecret,
        OIDC_GOOGLE_HOSTED_DOMAIN: 'district.org',
        OIDC_ALLOW_HTTP: 'true',
        OIDC_TIMEOUT_SECONDS: '1',
        ...extra,
      },
    })
    await t.createUser({ email: ACCOUNTS.alice.email })
    await t.createUser({ email: ACCOUNTS.otherTenant.email })
    await t.createUser({ email: ACCOUNTS.unverified.email })
    const dan = await t.createUser({ email: ACCOUNTS.inactive.email })
    await t.db.kysely.updateTable('users').set({ is_active: 0 }).where('user_id', '=', dan.userId).execute()
  }

  /**
   * A browser's trip: the platform's start, the provider's redirects (its cookies kept), back to the platform's
   * callback with the binding cookie. Returns where the platform sends the browser at the end.
   */
  async function signInThrough(provider: 'microsoft' | 'google', options: { from?: 'district'; binding?: string } = {}) {
    const start = await t.request({ method: 'GET', url: `/api/sso/${provider}/start${options.from ? `?from=${options.from}` : ''}` })
    expect(start.statusCode).toBe(302)
    let location = String(start.headers.location)
    const cookie = /sso_binding=([^;]*)/.exec(String(start.headers['set-cookie'] ?? ''))?.[1]
    if (!location.startsWith(idp.issuer)) return { location, cookie }
    const jar = new Map<string, string>()
    for (let hops = 0; hops < 10 && location.startsWith(idp.issuer); hops += 1) {
      const answer = await fetch(location, { redirect: 'manual', headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') } })
      for (const set of answer.headers.getSetCookie()) {
        const [pair] = set.split(';')
        const [name, ...value] = pair!.split('=')
        jar.set(name!, value.join('='))
      }
      location = new URL(answer.headers.get('location') ?? '', location).toString()
    }
    expect(location.startsWith(`${TEST_APP_URL}/api/sso/${provider}/callback?`)).toBe(true)
    const callbackUrl = location.slice(TEST_APP_URL.length)
    const back = await t.request({ method: 'GET', url: callbackUrl, headers: { cookie: `sso_binding=${options.binding ?? cookie}` } })
    expect(back.statusCode).toBe(302)
    return { location: String(back.headers.location), cookie, callbackUrl }
  }
  const ticketOf = (location: string) => /^\/auth\/sso#ticket=([\w-]+)$/.exec(location)?.[1]
  const sessionCount = async () =>
    Number(
      (
        await t.db.kysely
          .selectFrom('sessions')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    )

  it('signs an invited person in with Microsoft: PKCE, a one-time ticket, the same session as a link', async () => {
    await platform()
    expect((await t.request({ method: 'GET', url: '/api/auth-config' })).json().sso).toEqual([
      { id: 'microsoft', label: 'Sign in with Microsoft' },
      { id: 'google', label: 'Sign in with Google' },
    ])
    idp.signInAs('alice')
    const { location } = await signInThrough('microsoft')
    const ticket = ticketOf(location)
    expect(ticket).toBeTruthy()
    // The provider requires PKCE (pkce.required), so reaching a ticket proves the verifier was sent.
    expect(idp.tokenRequests).toBeGreaterThan(0)
    const completed = await t.request({ method: 'POST', url: '/api/sso/complete', payload: { ticket, deviceId: 'sso-browser-0123456789' } })
    expect(completed.statusCode).toBe(200)
    expect(completed.json()).toMatchObject({ user: { email: ACCOUNTS.alice.email }, newDevice: true })
    expect((await t.request({ method: 'GET', url: '/api/get-user-profile', token: completed.json().token })).statusCode).toBe(200)
    const replay = await t.request({ method: 'POST', url: '/api/sso/complete', payload: { ticket } })
    expect(replay.json()).toMatchObject({ code: 'sso_ticket_invalid' })
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'details'])
      .where('action', '=', 'sign_in.success')
      .where('email', '=', ACCOUNTS.alice.email)
      .execute()
    expect(JSON.parse(audit[0]!.details!)).toMatchObject({ method: 'sso_microsoft' })
  })

  it('signs in with Google when hd matches and the address is verified', async () => {
    await platform()
    idp.signInAs('alice')
    const { location } = await signInThrough('google')
    expect((await t.request({ method: 'POST', url: '/api/sso/complete', payload: { ticket: ticketOf(location) } })).statusCode).toBe(200)
  })

  it.each([
    ['microsoft', 'stranger', 'sso_not_invited'],
    ['microsoft', 'otherTenant', 'sso_wrong_tenant'],
    ['google', 'otherTenant', 'sso_wrong_tenant'],
    ['google', 'unverified', 'sso_unverified_email'],
    ['microsoft', 'inactive', 'sso_inactive'],
  ] as const)('%s account %s: nobody is signed in (%s), and the refusal is logged', async (provider, account, code) => {
    await platform()
    idp.signInAs(ACCOUNTS[account].sub)
    const { location } = await signInThrough(provider)
    const reasons = await t.db.kysely.selectFrom('audit_log').select(['details']).where('action', '=', 'sign_in.sso_failed').execute()
    expect(location, JSON.stringify(reasons)).toBe(`/login?sso_error=${code}`)
    expect(await sessionCount()).toBe(0)
    const rows = await t.db.kysely.selectFrom('audit_log').select(['details']).where('action', '=', 'sign_in.sso_failed').execute()
    expect(rows.map((row) => JSON.parse(row.details!).code)).toEqual([code])
  })

  it.each(['wrong-audience', 'wrong-issuer', 'foreign-signature', 'wrong-nonce', 'expired'] as Forgery[])(
    'an ID token with %s is refused',
    async (forgery) => {
      await platform()
      idp.signInAs('alice')
      idp.forge(forgery)
      const { location } = await signInThrough('microsoft')
      expect(location).toBe('/login?sso_error=sso_invalid_response')
      expect(await sessionCount()).toBe(0)
      const [row] = await t.db.kysely.selectFrom('audit_log').select(['details']).where('action', '=', 'sign_in.sso_failed').execute()
      expect(JSON.parse(row!.details!).reason).toBeTruthy()
    },
  )

  it('refuses a return to another browser, a replayed return, and a district start lands back on /login-clerk', async () => {
    await platform({ DISTRICT_EMAIL_DOMAIN: 'district.org' })
    idp.signInAs('alice')
    const stolen = await signInThrough('microsoft', { binding: 'someone-elses-browser' })
    expect(stolen.location).toBe('/login?sso_error=sso_state_mismatch')
    const good = await signInThrough('microsoft')
    expect(ticketOf(good.location)).toBeTruthy()
    const replay = await t.request({ method: 'GET', url: good.callbackUrl!, headers: { cookie: `sso_binding=${good.cookie}` } })
    expect(replay.headers.location).toBe('/login?sso_error=sso_state_mismatch')
    idp.signInAs('stranger')
    expect((await signInThrough('google', { from: 'district' })).location).toBe('/login-clerk?sso_error=sso_not_invited')
    expect(await sessionCount()).toBe(0)
  })

  it('an identity provider that is down or slow gives a clear message; an unconfigured one is refused', async () => {
    await platform()
    idp.setDown(true)
    expect((await signInThrough('microsoft')).location).toBe('/login?sso_error=sso_unavailable')
    idp.setDown(false)
    idp.setDelay(1500)
    expect((await signInThrough('google')).location).toBe('/login?sso_error=sso_unavailable')
    idp.setDelay(0)
    await t.close()
    t = await buildTestApp({ dialect })
    expect((await signInThrough('microsoft')).location).toBe('/login?sso_error=sso_disabled')
    expect((await t.request({ method: 'POST', url: '/api/sso/complete', payload: { ticket: 'x' } })).statusCode).toBe(400)
  })
})
