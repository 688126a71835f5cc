import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestDatabase, postgresServerUrl, testDialects } from '../test/test-database.js'
import { STARTER_REPORTS } from './features/reports/starter-reports.js'
import { type Db, openDatabase } from './db/database.js'
import { migrateToLatest, withStartupLock } from './db/migrate.js'
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
    const apps = await db.kysely
      .selectFrom('applications')
      .select(['app_code', 'admin_only', 'is_active'])
      .orderBy('display_order')
      .execute()
    expect(apps.map((a) => a.app_code)).toEqual([
      'DASHBOARD',
      'PAYMENT_RECEIPTS',
      'ACCRUALS',
      'EMAIL_ADMIN',
      'PUBLIC_INFO',
      'REPORTS_STUDIO',
      'DSA_TRACKER',
      'WEBLOGIC_MONITORING',
      'USER_MANAGEMENT',
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

describe.skipIf(!postgresServerUrl())('instances starting together on one empty PostgreSQL schema', () => {
  const url = postgresServerUrl()!
  let schema: string
  let pools: Db[] = []
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    await client.query(statement)
    await client.end()
  }
  beforeEach(async () => {
    schema = `test_${randomBytes(6).toString('hex')}`
    await admin(`create schema ${schema}`)
    // Four processes' worth of pools on the same schema, none of which has migrated it.
    pools = Array.from({ length: 4 }, () => openDatabase({ kind: 'postgres', url }, { searchPath: schema }))
  })
  afterEach(async () => {
    await Promise.all(pools.map((db) => db.close()))
    await admin(`drop schema ${schema} cascade`)
  })

  const counts = async (db: Db) => {
    const count = async (table: 'users' | 'roles' | 'applications' | 'organizations' | 'reports') =>
      Number(
        (
          await db.kysely
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      )
    return {
      users: await count('users'),
      roles: await count('roles'),
      applications: await count('applications'),
      organizations: await count('organizations'),
      reports: await count('reports'),
    }
  }

  it('migrate and seed once under the startup lock; every one comes up', async () => {
    const results = await Promise.all(
      pools.map((db) =>
        withStartupLock(db, async () => {
          await migrateToLatest(db)
          return seedDatabase(db, 'boss@district.test', '2026-01-01T00:00:00.000Z')
        }),
      ),
    )
    expect(results.filter((result) => result.createdAdmin)).toHaveLength(1)
    expect(await counts(pools[0]!)).toEqual({ users: 1, roles: 4, applications: 9, organizations: 1, reports: STARTER_REPORTS.length })
  })

  it('the seed alone, run at once by several, never fails on a duplicate', async () => {
    await migrateToLatest(pools[0]!)
    const results = await Promise.all(pools.map((db) => seedDatabase(db, 'boss@district.test', '2026-01-01T00:00:00.000Z')))
    expect(results.filter((result) => result.createdAdmin).length).toBeLessThanOrEqual(1)
    expect(await counts(pools[0]!)).toEqual({ users: 1, roles: 4, applications: 9, organizations: 1, reports: STARTER_REPORTS.length })
  })
})
