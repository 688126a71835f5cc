import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { testDialects } from '../../../test/test-database.js'
import { describeUserAgent } from '../../lib/user-agent.js'

const FIREFOX_LINUX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'
const SAFARI_IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
const DEVICE_A = 'device-a-0123456789abcdef'
const DEVICE_B = 'device-b-0123456789abcdef'

describe('user agents', () => {
  it('names the browser and system people recognise', () => {
    expect(describeUserAgent(FIREFOX_LINUX)).toEqual({ browser: 'Firefox 128', os: 'Linux' })
    expect(describeUserAgent(SAFARI_IPHONE)).toEqual({ browser: 'Safari 17', os: 'iOS' })
    expect(
      describeUserAgent(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ),
    ).toEqual({ browser: 'Edge 131', os: 'Windows' })
    expect(describeUserAgent(undefined)).toEqual({ browser: 'Unknown browser (none named)', os: 'Unknown system' })
  })
})

describe.each(testDialects())('devices and sessions on %s', (dialect) => {
  let t: TestApp
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
  })
  afterEach(() => t.close())

  /** The e-mailed link opened in a browser that keeps `deviceId`. */
  async function signInFrom(email: string, deviceId: string | undefined, userAgent: string) {
    expect((await t.request({ method: 'POST', url: '/api/send-magic-link', payload: { email } })).statusCode).toBe(200)
    const { token } = await t.lastSignInMail(email)
    const answer = await t.request({
      method: 'POST',
      url: '/api/verify-magic-link',
      payload: { email, token, ...(deviceId ? { deviceId } : {}) },
      headers: { 'user-agent': userAgent },
    })
    expect(answer.statusCode, answer.body).toBe(200)
    return answer.json() as { token: string; newDevice: boolean }
  }
  const newDeviceMails = async (email: string) => {
    await t.mailQueue.processDue()
    return t.outbox.filter((text) => text.includes(`To: ${email}\n`) && text.includes('New device registered'))
  }

  it('remembers a browser; a second device is new and e-mailed about, with time, browser, system and address', async () => {
    const { email } = await t.createUser()
    const first = await signInFrom(email, DEVICE_A, FIREFOX_LINUX)
    expect(first.newDevice).toBe(true)
    expect(await newDeviceMails(email)).toHaveLength(0) // the very first device is expected, not news
    expect((await signInFrom(email, DEVICE_A, FIREFOX_LINUX)).newDevice).toBe(false)
    const second = await signInFrom(email, DEVICE_B, SAFARI_IPHONE)
    expect(second.newDevice).toBe(true)
    const [mail] = await newDeviceMails(email)
    expect(mail).toContain('Browser: Safari 17')
    expect(mail).toContain('Operating system: iOS')
    expect(mail).toContain('Network address: 127.0.0.1')
    expect(mail).toContain(`When: ${t.clock.now().toISOString()}`)
    expect(mail).toContain('http://platform.test/account/devices')
    expect(mail).not.toContain(DEVICE_B)
    expect((await signInFrom(email, undefined, SAFARI_IPHONE)).newDevice).toBe(false)
    const stored = await t.db.kysely.selectFrom('devices').select('device_hash').execute()
    expect(stored.map((row) => row.device_hash).join()).not.toContain('device-')
  })

  it('lists devices with their sessions and signs out one session, one device, or everywhere', async () => {
    const { email } = await t.createUser()
    const a1 = await signInFrom(email, DEVICE_A, FIREFOX_LINUX)
    const a2 = await signInFrom(email, DEVICE_A, FIREFOX_LINUX)
    const b = await signInFrom(email, DEVICE_B, SAFARI_IPHONE)
    const list = async (token: string) => (await t.request({ method: 'GET', url: '/api/account/devices', token })).json()
    const seen = await list(a1.token)
    expect(
      seen.devices.map((d: { browser: string; current: boolean; sessions: unknown[] }) => [d.browser, d.current, d.sessions.length]),
    ).toEqual([
      ['Safari 17', false, 1],
      ['Firefox 128', true, 2],
    ])
    const firefox = seen.devices[1]
    const other = firefox.sessions.find((s: { current: boolean }) => !s.current)
    const status = (token: string) => t.request({ method: 'GET', url: '/api/get-user-profile', token }).then((r) => r.statusCode)

    const one = await t.request({ method: 'POST', url: `/api/account/sessions/${other.id}/sign-out`, token: a1.token })
    expect(one.json()).toMatchObject({ success: true, signedOut: 1 })
    expect(await status(a2.token)).toBe(401)
    expect(await status(a1.token)).toBe(200)
    expect((await t.request({ method: 'POST', url: `/api/account/sessions/${other.id}/sign-out`, token: a1.token })).statusCode).toBe(404)

    const safari = seen.devices[0]
    const device = await t.request({ method: 'POST', url: `/api/account/devices/${safari.id}/sign-out`, token: a1.token })
    expect(device.json()).toMatchObject({ message: 'Safari 17 on iOS: 1 session was signed out.', signedOut: 1 })
    expect(await status(b.token)).toBe(401)

    const b2 = await signInFrom(email, DEVICE_B, SAFARI_IPHONE)
    const others = await t.request({
      method: 'POST',
      url: '/api/account/sign-out-everywhere',
      token: a1.token,
      payload: { keepCurrent: true },
    })
    expect(others.json()).toMatchObject({ signedOut: 1 })
    expect(await status(b2.token)).toBe(401)
    expect(await status(a1.token)).toBe(200)
    const all = await t.request({ method: 'POST', url: '/api/account/sign-out-everywhere', token: a1.token, payload: {} })
    expect(all.json()).toMatchObject({ signedOut: 1 })
    expect(await status(a1.token)).toBe(401)
  })

  it('never reaches another person’s sessions or devices', async () => {
    const alice = await t.createUser()
    const bob = await t.createUser()
    const aliceSession = await signInFrom(alice.email, DEVICE_A, FIREFOX_LINUX)
    const bobSession = await signInFrom(bob.email, DEVICE_B, SAFARI_IPHONE)
    const alicesDevices = (await t.request({ method: 'GET', url: '/api/account/devices', token: aliceSession.token })).json().devices
    const handle = alicesDevices[0].sessions[0].id
    expect((await t.request({ method: 'POST', url: `/api/account/sessions/${handle}/sign-out`, token: bobSession.token })).statusCode).toBe(
      404,
    )
    expect(
      (await t.request({ method: 'POST', url: `/api/account/devices/${alicesDevices[0].id}/sign-out`, token: bobSession.token }))
        .statusCode,
    ).toBe(404)
    expect((await t.request({ method: 'GET', url: '/api/get-user-profile', token: aliceSession.token })).statusCode).toBe(200)
    expect((await t.request({ method: 'POST', url: '/api/account/sessions/not-hex!/sign-out', token: bobSession.token })).statusCode).toBe(
      400,
    )
  })

  it('an administrator signs a person out everywhere; an ADMIN cannot do it to a SUPER_ADMIN', async () => {
    const staff = await t.createUser()
    const session = await signInFrom(staff.email, DEVICE_A, FIREFOX_LINUX)
    const adminUser = await t.createUser({ roleCode: 'ADMIN' })
    const admin = await t.signIn(adminUser.email)
    const answer = await t.request({ method: 'POST', url: `/api/users/${staff.userId}/sign-out-everywhere`, token: admin })
    expect(answer.json()).toMatchObject({ success: true, signedOut: 1 })
    expect(answer.json().message).toMatch(/was signed out everywhere \(1 session\)/)
    expect((await t.request({ method: 'GET', url: '/api/get-user-profile', token: session.token })).statusCode).toBe(401)
    const audit = await t.db.kysely
      .selectFrom('audit_log')
      .select(['action', 'target_id'])
      .where('action', '=', 'user.signed_out_everywhere')
      .execute()
    expect(audit).toEqual([{ action: 'user.signed_out_everywhere', target_id: String(staff.userId) }])

    const superAdmin = await t.createUser({ roleCode: 'SUPER_ADMIN' })
    const refused = await t.request({ method: 'POST', url: `/api/users/${superAdmin.userId}/sign-out-everywhere`, token: admin })
    expect(refused.statusCode).toBe(403)
    expect(refused.json().error).toBe('Only a super administrator can sign a super administrator out everywhere.')
    expect((await t.request({ method: 'POST', url: '/api/users/999999/sign-out-everywhere', token: admin })).statusCode).toBe(404)
  })
})
