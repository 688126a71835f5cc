import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { testDialects } from '../../../test/test-database.js'
import { DAY_MS } from '../../lib/clock.js'

describe.each(testDialects())('dashboard overview (%s)', (dialect) => {
  let t: TestApp
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
  })
  afterEach(() => t.close())

  const overview = (token: string) => t.request({ method: 'GET', url: '/api/dashboard/overview', token })

  it('gives administrators the counts of users, active sessions and sign-ins of the last seven days', async () => {
    const staff = await t.createUser({ applications: ['DASHBOARD'] })
    await t.createUser({ isActive: false })
    await t.signIn(staff.email)
    t.clock.advance(8 * DAY_MS) // that sign-in (and its idle session) are now older than the window
    const staffToken = await t.signIn(staff.email)
    const adminToken = await t.signIn('admin@example.org')
    const answer = await overview(adminToken)
    expect(answer.statusCode).toBe(200)
    expect(answer.json()).toEqual({ admin: { totalUsers: 3, activeUsers: 2, activeSessions: 2, signInsLast7Days: 2 } })
    expect((await overview(staffToken)).json()).toEqual({ admin: null })
  })

  it('is refused to a person without the Dashboard Overview application', async () => {
    const { email } = await t.createUser({ applications: ['ACCRUALS'] })
    const answer = await overview(await t.signIn(email))
    expect(answer.statusCode).toBe(403)
    expect(answer.json().code).toBe('permission_required')
  })
})
