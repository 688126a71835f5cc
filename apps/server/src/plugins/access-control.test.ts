import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { isAdminRole } from '@platform/contracts/auth'
import { type TestApp, buildTestApp } from '../../test/build-test-app.js'
import { testDialects } from '../../test/test-database.js'
import { type AccessRule, describeAccess } from './access.js'

// These end the caller's sessions (the own ones, or user 1's: a caller's): walked last, on their own.
const SPENDS_SESSIONS = new Set(['/api/logout', '/api/account/sign-out-everywhere', '/api/users/:userId/sign-out-everywhere'])

type Caller = 'anonymous' | 'SUPER_ADMIN' | 'ADMIN' | 'REPORT_WRITER' | 'STAFF' | 'STAFF_WITH_APPS'

/** What a caller should get from a route with this rule: refused (401/403) or let through (anything else). */
function expectedRefusal(rule: AccessRule, caller: Caller): 401 | 403 | null {
  if (rule === 'public') return null
  if (caller === 'anonymous') return 401
  if (rule === 'authenticated') return null
  const role = caller === 'STAFF_WITH_APPS' ? 'STAFF' : caller
  if (rule === 'super_admin') return role === 'SUPER_ADMIN' ? null : 403
  if (rule === 'admin') return isAdminRole(role) ? null : 403
  // Application rules: administrators hold every active application; STAFF_WITH_APPS holds every non-admin one.
  if (isAdminRole(role)) return null
  return caller === 'STAFF_WITH_APPS' ? null : 403
}

describe.each(testDialects())('access-rule inventory (%s)', (dialect) => {
  let t: TestApp
  const tokens = new Map<Caller, string | undefined>()

  beforeAll(async () => {
    t = await buildTestApp({ dialect })
    tokens.set('anonymous', undefined)
    for (const role of ['SUPER_ADMIN', 'ADMIN', 'REPORT_WRITER', 'STAFF'] as const) {
      const { email } = await t.createUser({ roleCode: role })
      tokens.set(role, await t.signIn(email))
    }
    const nonAdminApps = await t.db.kysely.selectFrom('applications').select('app_code').where('admin_only', '=', 0).execute()
    const { email } = await t.createUser({ roleCode: 'STAFF', applications: nonAdminApps.map((a) => a.app_code) })
    tokens.set('STAFF_WITH_APPS', await t.signIn(email))
  })
  afterAll(() => t.close())

  it('every /api route declares a rule', () => {
    expect(t.routes.length).toBeGreaterThan(5)
    for (const route of t.routes) expect(route.access, `${route.method} ${route.url}`).toBeDefined()
  })

  // Every route times every role: with the fiscal applications' routes this outgrows the default time on a busy machine.
  it('every route answers every caller as its rule says', { timeout: 120_000 }, async () => {
    const mismatches: string[] = []
    for (const route of t.routes) {
      if (SPENDS_SESSIONS.has(route.url)) continue // checked last below
      for (const [caller, token] of tokens) {
        const url = route.url.replace(/:(\w+)/g, '1')
        const answer = await t.request({ method: route.method as 'GET', url, token, payload: route.method === 'GET' ? undefined : {} })
        const expected = expectedRefusal(route.access, caller)
        const refused = answer.statusCode === 401 || answer.statusCode === 403 ? answer.statusCode : null
        if (refused !== expected)
          mismatches.push(`${route.method} ${route.url} [${describeAccess(route.access)}] as ${caller}: ${answer.statusCode}`)
        expect(answer.statusCode, `${route.method} ${url} as ${caller}`).toBeLessThan(500)
      }
    }
    expect(mismatches).toEqual([])
  })

  it('the calls that end sessions refuse whom their rule refuses', async () => {
    const target = await t.createUser({ roleCode: 'STAFF' })
    const staffOnly = [...tokens].filter(([caller]) => caller !== 'anonymous' && !isAdminRole(caller))
    expect((await t.request({ method: 'POST', url: `/api/users/${target.userId}/sign-out-everywhere` })).statusCode).toBe(401)
    for (const [caller, token] of staffOnly) {
      expect(
        (await t.request({ method: 'POST', url: `/api/users/${target.userId}/sign-out-everywhere`, token, payload: {} })).statusCode,
        caller,
      ).toBe(403)
    }
    expect(
      (await t.request({ method: 'POST', url: `/api/users/${target.userId}/sign-out-everywhere`, token: tokens.get('ADMIN'), payload: {} }))
        .statusCode,
    ).toBe(200)
    expect((await t.request({ method: 'POST', url: '/api/account/sign-out-everywhere', payload: {} })).statusCode).toBe(401)
    expect(
      (await t.request({ method: 'POST', url: '/api/account/sign-out-everywhere', token: tokens.get('STAFF_WITH_APPS'), payload: {} }))
        .statusCode,
    ).toBe(200)
    expect((await t.request({ method: 'POST', url: '/api/logout' })).statusCode).toBe(401)
    for (const role of ['SUPER_ADMIN', 'ADMIN', 'REPORT_WRITER', 'STAFF'] as const) {
      expect((await t.request({ method: 'POST', url: '/api/logout', token: tokens.get(role) })).statusCode).toBe(200)
    }
  })
})
