import { SUPER_ADMIN } from '@platform/contracts/auth'
import { ReportDefinitionSchema } from '@platform/contracts/reports'
import { STARTER_REPORTS } from './features/reports/starter-reports.js'
import type { Db } from './db/database.js'
import { createSettingsRepository } from './db/settings.repository.js'
import { createUsersRepository } from './features/users/users.repository.js'

export const DISTRICT_ORG = { org_name: 'District Office', org_code: 'DISTRICT' }

export const SEED_ROLES = [
  { role_code: 'SUPER_ADMIN', role_name: 'Super Administrator', role_level: 100 },
  { role_code: 'ADMIN', role_name: 'Administrator', role_level: 80 },
  { role_code: 'REPORT_WRITER', role_name: 'Report Writer', role_level: 50 },
  { role_code: 'STAFF', role_name: 'Staff', role_level: 10 },
] as const

/** The platform's applications, with their codes and admin_only flags, in menu order. */
export const SEED_APPLICATIONS = [
  {
    app_code: 'DASHBOARD',
    app_name: 'Dashboard Overview',
    app_icon: 'BarChart',
    category: 'GENERAL',
    app_color: '#1c7ed6',
    admin_only: 0,
    app_url: '/apps/dashboard',
    app_description: "Where your work stands: your sites' figures, steps waiting and deadlines; activity figures for administrators.",
  },
  {
    app_code: 'PAYMENT_RECEIPTS',
    app_name: 'Payment Receipts',
    app_icon: 'DollarSign',
    category: 'FINANCIAL',
    app_color: '#2f9e44',
    admin_only: 0,
    app_url: '/apps/payment-receipts',
    app_description: 'Record and look up payments received by district sites.',
  },
  {
    app_code: 'ACCRUALS',
    app_name: 'Accruals',
    app_icon: 'Calendar',
    category: 'FINANCIAL',
    app_color: '#e8590c',
    admin_only: 0,
    app_url: '/apps/accruals',
    app_description: 'Prepare and review year-end accruals.',
  },
  {
    app_code: 'EMAIL_ADMIN',
    app_name: 'Email Administration',
    app_icon: 'Settings',
    category: 'ADMIN',
    app_color: '#7048e8',
    admin_only: 1,
    app_url: '/apps/email-admin',
    app_description: "The platform's outgoing mail: delivery log, templates and mail health.",
  },
  {
    app_code: 'PUBLIC_INFO',
    app_name: 'Public Information',
    app_icon: 'Globe',
    category: 'GENERAL',
    app_color: '#1098ad',
    admin_only: 0,
    app_url: '/apps/public-info',
    app_description: 'Public information requests and published district documents.',
  },
  {
    app_code: 'REPORTS_STUDIO',
    app_name: 'Reports Studio',
    app_icon: 'FileText',
    category: 'REPORTS',
    app_color: '#c2255c',
    admin_only: 0,
    app_url: '/reports-studio',
    app_description: 'Design, view and export reports on district data.',
  },
  {
    app_code: 'DSA_TRACKER',
    app_name: 'DSA Project Tracker',
    app_icon: 'Database',
    category: 'TOOLS',
    app_color: '#f08c00',
    admin_only: 0,
    app_url: '/dsa-tracker',
    app_description: "The district's construction projects at the Division of the State Architect.",
  },
  {
    app_code: 'WEBLOGIC_MONITORING',
    app_name: 'Server Monitoring',
    app_icon: 'Shield',
    category: 'ADMIN',
    app_color: '#495057',
    admin_only: 1,
    app_url: '/apps/weblogic-monitoring',
    app_description: "Live status of the district's Oracle WebLogic domains.",
  },
  {
    app_code: 'USER_MANAGEMENT',
    app_name: 'User Management',
    app_icon: 'Users',
    category: 'ADMIN',
    app_color: '#364fc7',
    admin_only: 1,
    app_url: '/apps/user-management',
    app_description: 'Add staff, set their roles and decide which applications they may use.',
  },
] as const

/**
 * Fills an empty database with what a first start needs. Each part is inserted only when its table is empty,
 * so a restart never duplicates or overwrites what administrators changed; every insert also skips rows that exist
 * (ON CONFLICT DO NOTHING), so instances starting together never fail on a duplicate.
 */
export async function seedDatabase(db: Db, adminEmail: string, now: string): Promise<{ createdAdmin: boolean }> {
  return db.kysely.transaction().execute(async (trx) => {
    const orgCount = await trx
      .selectFrom('organizations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    if (Number(orgCount.n) === 0)
      await trx
        .insertInto('organizations')
        .values(DISTRICT_ORG)
        .onConflict((c) => c.column('org_code').doNothing())
        .execute()

    const roleCount = await trx
      .selectFrom('roles')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    if (Number(roleCount.n) === 0)
      await trx
        .insertInto('roles')
        .values([...SEED_ROLES])
        .onConflict((c) => c.column('role_code').doNothing())
        .execute()

    const appCount = await trx
      .selectFrom('applications')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    if (Number(appCount.n) === 0) {
      await trx
        .insertInto('applications')
        .values(
          SEED_APPLICATIONS.map((app, index) => ({
            ...app,
            display_order: (index + 1) * 10,
            is_active: 1,
            created_at: now,
            updated_at: now,
          })),
        )
        .onConflict((c) => c.column('app_code').doNothing())
        .execute()
    }

    // Each starter report once, remembered in settings: one an administrator deleted does not come back.
    for (const starter of STARTER_REPORTS) {
      const marker = `starter_report:${starter.key}`
      const claimed = await createSettingsRepository(db).putIfAbsent(marker, now, trx)
      if (!claimed) continue
      const definition = JSON.stringify(ReportDefinitionSchema.parse(starter.definition))
      const { report_id: reportId } = await trx
        .insertInto('reports')
        .values({
          report_name: starter.name,
          report_description: starter.description,
          dataset: starter.definition.dataset,
          definition,
          version: 1,
          created_by: null,
          created_at: now,
          updated_by: null,
          updated_at: now,
          starter_key: starter.key,
        })
        .returning('report_id')
        .executeTakeFirstOrThrow()
      await trx
        .insertInto('report_versions')
        .values({
          report_id: reportId,
          version: 1,
          report_name: starter.name,
          report_description: starter.description,
          definition,
          saved_by: null,
          saved_at: now,
        })
        .execute()
    }

    const userCount = await trx
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
    if (Number(userCount.n) > 0) return { createdAdmin: false }
    const org = await trx.selectFrom('organizations').select('org_id').orderBy('org_id').executeTakeFirstOrThrow()
    const role = await trx.selectFrom('roles').select('role_id').where('role_code', '=', SUPER_ADMIN).executeTakeFirstOrThrow()
    // Through the users repository, the one writer of users (it keeps their search words in step).
    const admin = await createUsersRepository(db).insertUnlessExists(
      {
        email: adminEmail,
        full_name: 'District Administrator',
        organization_id: org.org_id,
        role_id: role.role_id,
        is_active: 1,
        email_verified: 0,
        last_login: null,
        created_at: now,
        updated_at: now,
      },
      trx,
    )
    if (!admin) return { createdAdmin: false }
    return { createdAdmin: true }
  })
}
