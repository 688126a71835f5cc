import { Writable } from 'node:stream'
import pg from 'pg'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { grantApplication } from '../../../test/factories.js'
import { createTestDatabase, testDialects } from '../../../test/test-database.js'
import { buildApp } from '../../app.js'
import { openDatabase } from '../../db/database.js'
import { createOutboxTransport } from '../../lib/mail-transport.js'
import { listenForNotifications } from '../../lib/pg-notifications.js'
import { SESSION_CACHE_CHANNEL, createSessionCache } from './sessions.cache.js'
import type { SessionWithUser } from './sessions.repository.js'

const PROFILE = '/api/get-user-profile'

describe.each(testDialects())('the session cache never serves what changed (%s)', (dialect) => {
  let t: TestApp
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
  })
  afterEach(() => t.close())

  const profile = (token: string) => t.request({ method: 'GET', url: PROFILE, token })
  /** Signs in and calls twice, so that the session is held in memory when the test changes it. */
  async function warmSession(email: string) {
    const token = await t.signInByEmail(email)
    expect((await profile(token)).statusCode).toBe(200)
    expect((await profile(token)).statusCode).toBe(200)
    return token
  }

  it('refuses a session at once after sign-out, signing out one session, and signing out everywhere', async () => {
    const { email } = await t.createUser({ applications: ['DASHBOARD'] })
    const first = await warmSession(email)
    await t.request({ method: 'POST', url: '/api/logout', token: first })
    expect((await profile(first)).json().code).toBe('unauthorized')

    const [a, b, c] = [await warmSession(email), await warmSession(email), await warmSession(email)]
    const everywhere = await t.request({
      method: 'POST',
      url: '/api/account/sign-out-everywhere',
      token: a,
      payload: { keepCurrent: true },
    })
    expect(everywhere.statusCode).toBe(200)
    expect((await profile(a)).statusCode).toBe(200)
    expect((await profile(b)).statusCode).toBe(401)
    expect((await profile(c)).statusCode).toBe(401)

    const admin = await warmSession('admin@example.org')
    const held = await warmSession(email)
    const { userId } = await t.db.kysely
      .selectFrom('users')
      .select('user_id as userId')
      .where('email', '=', email)
      .executeTakeFirstOrThrow()
    expect((await t.request({ method: 'POST', url: `/api/users/${userId}/sign-out-everywhere`, token: admin })).statusCode).toBe(200)
    expect((await profile(held)).statusCode).toBe(401)
  })

  it('never serves a deactivated person, whether deactivated by an administrator or written straight to the database', async () => {
    const person = await t.createUser({ applications: ['DASHBOARD'] })
    const token = await warmSession(person.email)
    await t.db.kysely.updateTable('users').set({ is_active: 0 }).where('user_id', '=', person.userId).execute()
    expect((await profile(token)).json().error).toMatch(/not active/)
    await t.db.kysely.updateTable('users').set({ is_active: 1 }).where('user_id', '=', person.userId).execute()
    expect((await profile(token)).statusCode).toBe(200)

    const admin = await warmSession('admin@example.org')
    expect((await t.request({ method: 'DELETE', url: `/api/deleteuser?userId=${person.userId}`, token: admin })).statusCode).toBe(200)
    expect((await profile(token)).statusCode).toBe(401)
  })

  it('never serves changed applications, a changed role or a changed name', async () => {
    const person = await t.createUser({ applications: ['DASHBOARD'], fullName: 'Ada Lovelace' })
    const token = await warmSession(person.email)
    await grantApplication(t.db, person.userId, 'ACCRUALS')
    expect((await profile(token)).json().user.permissions).toEqual(['dashboard', 'accruals'])

    const writer = await t.db.kysely
      .selectFrom('roles')
      .select('role_id')
      .where('role_code', '=', 'REPORT_WRITER')
      .executeTakeFirstOrThrow()
    await t.db.kysely
      .updateTable('users')
      .set({ role_id: writer.role_id, full_name: 'Ada King' })
      .where('user_id', '=', person.userId)
      .execute()
    expect((await profile(token)).json().user).toMatchObject({ roleCode: 'REPORT_WRITER', lastName: 'King' })
  })

  it('never serves a kept profile after its organisation or one of its applications is renamed', async () => {
    const person = await t.createUser({ applications: ['DASHBOARD', 'ACCRUALS'] })
    const token = await warmSession(person.email)
    const before = (await profile(token)).json().user
    const organization = await t.db.kysely
      .selectFrom('users')
      .select('organization_id')
      .where('user_id', '=', person.userId)
      .executeTakeFirstOrThrow()
    await t.db.kysely
      .updateTable('organizations')
      .set({ org_name: 'Renamed Office' })
      .where('org_id', '=', organization.organization_id)
      .execute()
    expect((await profile(token)).json().user.organization).toBe('Renamed Office')

    const admin = await warmSession('admin@example.org')
    const accruals = before.applications.find((app: { app_code: string }) => app.app_code === 'ACCRUALS')
    const renamed = await t.request({
      method: 'PUT',
      url: `/api/admin/applications/${accruals.app_id}`,
      token: admin,
      payload: { ...accruals, app_name: 'Year-End Accruals', admin_only: false, is_active: true },
    })
    expect(renamed.statusCode).toBe(200)
    const after = (await profile(token)).json().user
    expect(after.applications.map((app: { app_name: string }) => app.app_name)).toContain('Year-End Accruals')
    expect((await profile(admin)).json().user.applications.map((app: { app_name: string }) => app.app_name)).toContain('Year-End Accruals')
  })

  it('keeps a session that is only touched, and still ends it after the idle time', async () => {
    const { email } = await t.createUser()
    const token = await warmSession(email)
    t.clock.advance(2 * 60 * 1000) // past the touch interval: the call writes last_seen, which must not end the session
    expect((await profile(token)).statusCode).toBe(200)
    t.clock.advance((t.config.session.idleHours * 60 + 1) * 60 * 1000)
    expect((await profile(token)).json().error).toMatch(/inactivity/)
  })
})

const onPostgres = testDialects().includes('postgres')
describe.skipIf(!onPostgres)('two instances on one PostgreSQL database', () => {
  let t: TestApp
  let second: Awaited<ReturnType<typeof startSecondInstance>>

  /** Another instance of the platform on the same schema: its own pool, its own cache, its own listener. */
  async function startSecondInstance() {
    const db = openDatabase({ kind: 'postgres', url: t.db.url! }, { searchPath: t.db.schema! })
    const quiet = new Writable({ write: (_chunk, _encoding, done) => done() })
    const { app } = await buildApp({ config: t.config, db, transport: createOutboxTransport(() => {}), clock: t.clock, logStream: quiet })
    await app.ready()
    return {
      profile: (token: string) => app.inject({ method: 'GET', url: PROFILE, headers: { authorization: `Bearer ${token}` } }),
      async close() {
        await app.close()
        await db.close()
      },
    }
  }

  beforeEach(async () => {
    t = await buildTestApp({ dialect: 'postgres' })
    second = await startSecondInstance()
  })
  afterEach(async () => {
    await second.close()
    await t.close()
  })

  /** Signs in on the first instance and lets the second hold the session in memory. */
  async function sessionHeldByBoth(email: string) {
    const token = await t.signInByEmail(email)
    await waitUntil(async () => (await second.profile(token)).statusCode === 200, 2_000) // its listener may still be connecting
    expect((await second.profile(token)).statusCode).toBe(200)
    expect((await t.request({ method: 'GET', url: PROFILE, token })).statusCode).toBe(200)
    return token
  }

  it('a session signed out on one instance is refused by the other within 100 ms', async () => {
    const { email } = await t.createUser({ applications: ['DASHBOARD'] })
    const token = await sessionHeldByBoth(email)
    expect((await t.request({ method: 'POST', url: '/api/logout', token })).statusCode).toBe(200)
    const ms = await waitUntil(async () => (await second.profile(token)).statusCode === 401, 100)
    expect(ms).toBeLessThan(100)
  })

  it('a deactivation, a grant or a sign-out everywhere on one instance reaches the other within 100 ms', async () => {
    const person = await t.createUser({ applications: ['DASHBOARD'] })
    const token = await sessionHeldByBoth(person.email)
    await grantApplication(t.db, person.userId, 'ACCRUALS')
    const granted = await waitUntil(async () => (await second.profile(token)).json().user?.permissions?.includes('accruals') === true, 100)
    expect(granted).toBeLessThan(100)

    await t.db.kysely.updateTable('users').set({ is_active: 0 }).where('user_id', '=', person.userId).execute()
    expect(await waitUntil(async () => (await second.profile(token)).statusCode === 401, 100)).toBeLessThan(100)
    await t.db.kysely.updateTable('users').set({ is_active: 1 }).where('user_id', '=', person.userId).execute()

    const again = await sessionHeldByBoth(person.email)
    const admin = await t.signInByEmail('admin@example.org')
    expect((await t.request({ method: 'POST', url: `/api/users/${person.userId}/sign-out-everywhere`, token: admin })).statusCode).toBe(200)
    expect(await waitUntil(async () => (await second.profile(again)).statusCode === 401, 100)).toBeLessThan(100)
  })
})

describe.skipIf(!onPostgres)('the notification connection', () => {
  it('reconnects after the connection is lost, and the cache serves nothing while it is down', async () => {
    const name = `test_listen_${process.pid}_${Date.now()}`
    const db = await createTestDatabase('postgres')
    const admin = new pg.Client({ connectionString: db.url! })
    await admin.connect()
    const states: boolean[] = []
    const received: string[] = []
    const cache = createSessionCache({ trusted: false })
    const listener = listenForNotifications({
      url: db.url!,
      searchPath: db.schema,
      channel: SESSION_CACHE_CHANNEL,
      applicationName: name,
      retry: { firstMs: 300, maxMs: 300 },
      onNotification: (payload) => {
        received.push(payload)
        cache.clear()
      },
      onListeningChange: (listening) => {
        states.push(listening)
        cache.setTrusted(listening)
      },
      onError: () => {},
    })
    try {
      await waitUntil(async () => listener.listening, 5_000)
      const row = { session_id: 's1' } as SessionWithUser
      let reads = 0
      const load = async () => {
        reads += 1
        return row
      }
      await cache.read('s1', load)
      expect((await cache.read('s1', load)).cached).toBe(true)

      await admin.query(`select pg_notify($1, $2)`, [SESSION_CACHE_CHANNEL, name])
      await waitUntil(async () => received.includes(name), 1_000)
      expect((await cache.read('s1', load)).cached).toBe(false) // the notification cleared it

      await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where application_name = $1', [name])
      await waitUntil(async () => !listener.listening, 2_000)
      const before = reads
      expect((await cache.read('s1', load)).cached).toBe(false)
      expect((await cache.read('s1', load)).cached).toBe(false) // nothing was kept either
      expect(reads).toBe(before + 2)

      await waitUntil(async () => listener.listening, 5_000)
      expect(states).toEqual([true, false, true])
      await admin.query(`select pg_notify($1, 'after-reconnect')`, [SESSION_CACHE_CHANNEL])
      await waitUntil(async () => received.includes('after-reconnect'), 1_000)
    } finally {
      await listener.close()
      await admin.end()
      await db.close()
    }
  })
})

/** Polls until the condition holds; returns the milliseconds it took, or throws after `limitMs` (with some grace for a busy machine to show the figure). */
async function waitUntil(condition: () => Promise<boolean>, limitMs: number): Promise<number> {
  const started = performance.now()
  for (;;) {
    if (await condition()) return performance.now() - started
    if (performance.now() - started > Math.max(limitMs * 3, 1_000))
      throw new Error(`Still not true after ${Math.round(performance.now() - started)} ms`)
    await new Promise((resolve) => setTimeout(resolve, 2))
  }
}
