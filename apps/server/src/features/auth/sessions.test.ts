import { SignJWT } from 'jose'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { testDialects } from '../../../test/test-database.js'
import { HOUR_MS } from '../../lib/clock.js'

describe.each(testDialects())('sessions (%s)', (dialect) => {
  let t: TestApp
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
  })
  afterEach(() => t.close())

  const profile = (token: string) => t.request({ method: 'GET', url: '/api/get-user-profile', token })

  it('logout revokes the session on the server at once', async () => {
    const { email } = await t.createUser()
    const token = await t.signInByEmail(email)
    const other = await t.signInByEmail(email)
    expect((await t.request({ method: 'POST', url: '/api/logout', token })).json()).toMatchObject({ success: true })
    const after = await profile(token)
    expect(after.statusCode).toBe(401)
    expect(after.json()).toEqual({ error: 'You have been signed out. Please sign in again.', code: 'unauthorized' })
    // Other sessions of the same person are untouched.
    expect((await profile(other)).statusCode).toBe(200)
  })

  it('ends a session after the idle time, and at the absolute lifetime however active', async () => {
    const { email } = await t.createUser()
    const idle = await t.signInByEmail(email)
    t.clock.advance(12 * HOUR_MS + 1000)
    expect((await profile(idle)).json().error).toContain('inactivity')

    const busy = await t.signInByEmail(email)
    // Used every 11 hours (never idle) for 165 hours, then once more past the 7-day (168 h) lifetime.
    for (let step = 0; step < 15; step++) {
      expect((await profile(busy)).statusCode).toBe(200)
      t.clock.advance(11 * HOUR_MS)
    }
    expect((await profile(busy)).statusCode).toBe(200)
    t.clock.advance(4 * HOUR_MS)
    const expired = await profile(busy)
    expect(expired.statusCode).toBe(401)
    expect(expired.json().error).toContain('expired')
  })

  it('refuses forged and malformed tokens', async () => {
    const { email, userId } = await t.createUser()
    const genuine = await t.signInByEmail(email)
    const [header, payload] = genuine.split('.')
    const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`
    const { sid } = JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { sid: string }
    const otherKey = await new SignJWT({ sid })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(userId))
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('a-different-secret-that-is-long-enough-123'))
    for (const token of [unsigned, otherKey, `${header}.${payload}.AAAA`, 'garbage', `${genuine}x`]) {
      const answer = await profile(token)
      expect(answer.statusCode).toBe(401)
      expect(answer.json().code).toBe('unauthorized')
    }
    const noBearer = await t.request({ method: 'GET', url: '/api/get-user-profile', headers: { authorization: 'Basic abc' } })
    expect(noBearer.statusCode).toBe(401)
  })

  it('debug endpoint: shows header, claims, expiry and session state, never the secret', async () => {
    const { email } = await t.createUser()
    const token = await t.signInByEmail(email)
    const debug = (value: string) => t.request({ method: 'POST', url: '/api/debug-token', payload: { token: value } })
    const live = (await debug(token)).json()
    expect(live).toMatchObject({
      wellFormed: true,
      signatureValid: true,
      expired: false,
      header: { alg: 'HS256' },
      session: { state: 'active' },
      problems: [],
    })
    expect(live.claims).toEqual(
      expect.objectContaining({ sub: expect.any(String), sid: expect.any(String), iat: expect.any(Number), exp: expect.any(Number) }),
    )
    expect(JSON.stringify(live)).not.toContain(token.split('.')[2])

    await t.request({ method: 'POST', url: '/api/logout', token })
    expect((await debug(token)).json().session.state).toBe('revoked')
    expect((await debug('not a token')).json()).toMatchObject({ wellFormed: false, signatureValid: false })
    const forged = `${token.split('.').slice(0, 2).join('.')}.${'A'.repeat(43)}`
    const forgedAnswer = (await debug(forged)).json()
    expect(forgedAnswer).toMatchObject({ wellFormed: true, signatureValid: false, session: null })
    expect((await debug('')).statusCode).toBe(400)
  })

  it('debug endpoint can be switched off', async () => {
    const off = await buildTestApp({ dialect, env: { DEBUG_AUTH_ENABLED: 'false' } })
    try {
      const answer = await off.request({ method: 'POST', url: '/api/debug-token', payload: { token: 'x.y.z' } })
      expect(answer.statusCode).toBe(404)
      expect(answer.json().code).toBe('debug_disabled')
    } finally {
      await off.close()
    }
  })

  it('keeps sessions across a restart with the generated secret', async () => {
    const { email } = await t.createUser()
    const token = await t.signInByEmail(email)
    const secret = await t.db.kysely
      .selectFrom('settings')
      .select('setting_value')
      .where('setting_key', '=', 'auth_secret')
      .executeTakeFirstOrThrow()
    expect(secret.setting_value.length).toBeGreaterThanOrEqual(43)
    const { buildApp } = await import('../../app.js')
    const { createOutboxTransport } = await import('../../lib/mail-transport.js')
    const second = await buildApp({ config: t.config, db: t.db, transport: createOutboxTransport(() => undefined), clock: t.clock })
    try {
      const answer = await second.app.inject({ method: 'GET', url: '/api/get-user-profile', headers: { authorization: `Bearer ${token}` } })
      expect(answer.statusCode).toBe(200)
    } finally {
      await second.app.close()
    }
  })
})
