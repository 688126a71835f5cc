import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { SMALL_CHART, addSite, importChart } from '../../../test/finance.js'
import { testDialects } from '../../../test/test-database.js'

describe.each(testDialects())('My queue (%s)', (dialect) => {
  let t: TestApp
  let admin: string
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
    admin = await t.signIn('admin@example.org')
  })
  afterEach(() => t.close())

  const queue = async (token: string) =>
    (await t.request({ method: 'GET', url: '/api/my-queue', token })).json().data as Array<{ key: string; dueAt: string | null }>

  it('shows administrators the finance setup still to do, each item gone once done', async () => {
    expect((await queue(admin)).map((item) => item.key)).toEqual(
      ['FINANCE:setup:sites', 'FINANCE:setup:chart', 'FINANCE:setup:posting'].sort((a, b) => {
        const titles: Record<string, string> = {
          'FINANCE:setup:sites': "Add the district's sites",
          'FINANCE:setup:chart': 'Import the chart of accounts',
          'FINANCE:setup:posting': 'Set the cash account of each fund',
        }
        return titles[a]!.localeCompare(titles[b]!)
      }),
    )
    await addSite(t, admin)
    await importChart(t, admin, SMALL_CHART, true)
    expect((await queue(admin)).map((item) => item.key)).toEqual(['FINANCE:setup:posting'])
    await t.request({
      method: 'PUT',
      url: '/api/finance/settings/posting-accounts',
      payload: { cashAccounts: { '01': '01-0000-0-0000-0000-9110-000' } },
      token: admin,
    })
    expect(await queue(admin)).toEqual([])
    const staff = await t.signIn((await t.createUser()).email)
    expect(await queue(staff)).toEqual([])
    expect((await t.request({ method: 'GET', url: '/api/my-queue' })).statusCode).toBe(401)
  })

  it("gathers the applications' providers, soonest deadline first and undated work last", async () => {
    await addSite(t, admin)
    await importChart(t, admin, SMALL_CHART, true)
    await t.request({
      method: 'PUT',
      url: '/api/finance/settings/posting-accounts',
      payload: { cashAccounts: { '01': '01-0000-0-0000-0000-9110-000' } },
      token: admin,
    })
    const item = (key: string, dueAt: string | null) => ({
      key,
      appCode: 'PAYMENT_RECEIPTS',
      title: key,
      detail: null,
      href: `/apps/payment-receipts/${key}`,
      dueAt,
      overdue: false,
    })
    t.finance.registerQueueProvider(async (user) =>
      user.roleCode === 'SUPER_ADMIN' ? [item('later', '2026-03-09T08:00:00.000Z'), item('undated', null)] : [],
    )
    t.finance.registerQueueProvider(async () => [item('sooner', '2026-03-03T08:00:00.000Z')])
    expect((await queue(admin)).map((entry) => entry.key)).toEqual(['sooner', 'later', 'undated'])
    const staff = await t.signIn((await t.createUser()).email)
    expect((await queue(staff)).map((entry) => entry.key)).toEqual(['sooner'])
  })
})
