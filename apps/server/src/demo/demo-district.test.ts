import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { type TestApp, buildTestApp } from '../../test/build-test-app.js'
import { testDialects } from '../../test/test-database.js'
import { DEMO_PEOPLE } from './demo-chart.js'

// Seeding the whole demo district (every application's records) takes longer than a usual test on a busy machine.
vi.setConfig({ testTimeout: 90_000 })

describe.each(testDialects())('the demo district (%s)', (dialect) => {
  let t: TestApp | undefined
  afterEach(async () => {
    await t?.close()
    t = undefined
  })

  it('DEMO_DATA=true seeds sites, a chart, posting accounts and people with every duty, through the services', async () => {
    t = await buildTestApp({ dialect, env: { DEMO_DATA: 'true' } })
    const admin = await t.signIn('admin@example.org')
    const sites = (await t.request({ method: 'GET', url: '/api/finance/sites', token: admin })).json().data
    expect(sites.map((site: { code: string }) => site.code).sort()).toEqual(['LHS', 'MMS', 'RES'])
    const search = (await t.request({ method: 'GET', url: '/api/finance/accounts?search=lincoln', token: admin })).json()
    expect(search.combinationsListed).toBe(true)
    expect(search.data.length).toBeGreaterThan(0)
    const settings = (await t.request({ method: 'GET', url: '/api/finance/settings', token: admin })).json()
    expect(Object.keys(settings.postingAccounts.cashAccounts).sort()).toEqual(['01', '13'])
    const duties = await t.db.kysely
      .selectFrom('finance_duties')
      .innerJoin('applications', 'applications.app_id', 'finance_duties.app_id')
      .select(['app_code', 'duty'])
      .distinct()
      .execute()
    const held = new Set(duties.map((row) => `${row.app_code}:${row.duty}`))
    for (const duty of ['COLLECTOR', 'COUNTER', 'APPROVER', 'RECONCILER', 'VIEWER'])
      expect(held.has(`PAYMENT_RECEIPTS:${duty}`), duty).toBe(true)
    for (const duty of ['REQUESTER', 'FISCAL_REVIEWER', 'CONTROLLER']) expect(held.has(`ACCRUALS:${duty}`), duty).toBe(true)
    for (const duty of ['COORDINATOR', 'CUSTODIAN', 'COUNSEL', 'SIGNATORY']) expect(held.has(`PUBLIC_INFO:${duty}`), duty).toBe(true)
    // A demo person signs in and holds what their duties need; the setup queue is empty.
    const collector = await t.signIn(DEMO_PEOPLE[0]!.email)
    const profile = (await t.request({ method: 'GET', url: '/api/get-user-profile', token: collector })).json()
    expect(profile.user.permissions).toContain('payment-receipts')
    expect((await t.request({ method: 'GET', url: '/api/my-queue', token: admin })).json().data).toEqual([])
    // Entered in the audit log like any administrator's work, and the chain holds.
    expect((await t.request({ method: 'GET', url: '/api/audit/verify', token: admin })).json().ok).toBe(true)
    // Seeding the whole district (three applications) takes a while on a busy machine.
  }, 90_000)

  it('without DEMO_DATA the platform starts empty', async () => {
    t = await buildTestApp({ dialect })
    const admin = await t.signIn('admin@example.org')
    expect((await t.request({ method: 'GET', url: '/api/finance/sites', token: admin })).json().data).toEqual([])
  })

  it.runIf(dialect === 'sqlite')(
    'seeds an empty database only: a second start adds nothing',
    async () => {
      const folder = mkdtempSync(join(tmpdir(), 'demo-'))
      try {
        const file = join(folder, 'platform.db')
        const first = await buildTestApp({ dialect, env: { DEMO_DATA: 'true' }, sqliteFile: file })
        const count = async (app: TestApp) =>
          Number(
            (
              await app.db.kysely
                .selectFrom('users')
                .select((eb) => eb.fn.countAll<number>().as('n'))
                .executeTakeFirstOrThrow()
            ).n,
          )
        const people = await count(first)
        await first.close()
        t = await buildTestApp({ dialect, env: { DEMO_DATA: 'true' }, sqliteFile: file })
        expect(await count(t)).toBe(people)
        expect(await t.db.kysely.selectFrom('finance_sites').select('code').execute()).toHaveLength(3)
      } finally {
        await t?.close()
        t = undefined
        rmSync(folder, { recursive: true, force: true })
      }
    },
    90_000,
  )
})
