import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { grantApplication } from '../../../test/factories.js'
import { testDialects } from '../../../test/test-database.js'
import { createApplicationsRepository } from './applications.repository.js'

describe.each(testDialects())('menus follow grants and applications at once (%s)', (dialect) => {
  let t: TestApp
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
  })
  afterEach(() => t.close())

  const permissions = async (token: string) =>
    (await t.request({ method: 'GET', url: '/api/get-user-profile', token })).json().user.permissions as string[]

  it('shows a new grant on the next profile load', async () => {
    const { email, userId } = await t.createUser({ applications: ['DASHBOARD'] })
    const token = await t.signIn(email)
    expect(await permissions(token)).toEqual(['dashboard'])
    await grantApplication(t.db, userId, 'ACCRUALS')
    expect(await permissions(token)).toEqual(['dashboard', 'accruals'])
  })

  it('drops an application made inactive from every menu, administrators included', async () => {
    const staff = await t.createUser({ applications: ['DASHBOARD', 'DSA_TRACKER'] })
    const staffToken = await t.signIn(staff.email)
    const adminToken = await t.signIn('admin@example.org')
    expect(await permissions(staffToken)).toContain('dsa-tracker')
    expect(await permissions(adminToken)).toContain('dsa-tracker')
    await t.db.kysely.transaction().execute(async (trx) => {
      await trx.updateTable('applications').set({ is_active: 0 }).where('app_code', '=', 'DSA_TRACKER').execute()
      await createApplicationsRepository(t.db).bumpAccessVersion(trx)
    })
    expect(await permissions(staffToken)).toEqual(['dashboard'])
    expect(await permissions(adminToken)).not.toContain('dsa-tracker')
  })
})
