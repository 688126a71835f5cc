import { afterEach, describe, expect, it } from 'vitest'
import { createTestDatabase, testDialects } from '../../test/test-database.js'
import type { Db } from './database.js'
import { seedDatabase } from './seed.js'

describe.each(testDialects())('first-start seeding (%s)', (dialect) => {
  let db: Db
  afterEach(() => db.close())

  it('creates roles, the district, the applications and the first SUPER_ADMIN, once', async () => {
    db = await createTestDatabase(dialect)
    expect(await seedDatabase(db, 'boss@district.test', '2026-01-01T00:00:00.000Z')).toEqual({ createdAdmin: true })
    expect(await seedDatabase(db, 'other@district.test', '2026-01-02T00:00:00.000Z')).toEqual({ createdAdmin: false })

    const roles = await db.kysely.selectFrom('roles').select(['role_code', 'role_level']).orderBy('role_level', 'desc').execute()
    expect(roles).toEqual([
      { role_code: 'SUPER_ADMIN', role_level: 100 },
      { role_code: 'ADMIN', role_level: 80 },
      { role_code: 'REPORT_WRITER', role_level: 50 },
      { role_code: 'STAFF', role_level: 10 },
    ])
    const apps = await db.kysely.selectFrom('applications').select(['app_code', 'admin_only', 'is_active']).orderBy('display_order').execute()
    expect(apps.map((a) => a.app_code)).toEqual([
      'DASHBOARD', 'PAYMENT_RECEIPTS', 'ACCRUALS', 'EMAIL_ADMIN', 'PUBLIC_INFO', 'REPORTS_STUDIO', 'DSA_TRACKER', 'WEBLOGIC_MONITORING', 'USER_MANAGEMENT',
    ])
    expect(apps.filter((a) => a.admin_only === 1).map((a) => a.app_code)).toEqual(['EMAIL_ADMIN', 'WEBLOGIC_MONITORING', 'USER_MANAGEMENT'])
    const users = await db.kysely
      .selectFrom('users')
      .innerJoin('roles', 'roles.role_id', 'users.role_id')
      .select(['email', 'role_code', 'is_active'])
      .execute()
    expect(users).toEqual([{ email: 'boss@district.test', role_code: 'SUPER_ADMIN', is_active: 1 }])
    expect(await db.kysely.selectFrom('organizations').select('org_code').execute()).toEqual([{ org_code: 'DISTRICT' }])
  })
})
