import type { Core } from '../core.js'
import type { financeModule } from '../features/finance/finance.module.js'
import type { usersModule } from '../features/users/users.module.js'
import { accrualsDemoStep } from './demo-accruals.js'
import { seedDemoDistrict } from './demo-district.js'
import { receiptsDemoStep } from './demo-receipts.js'
import { recordsDemoStep } from './demo-records.js'

/** Seeds the demo district (DEMO_DATA=true) into an empty platform: people, sites, and records in every application. */
export async function seedDemo(
  core: Core,
  foundation: ReturnType<typeof financeModule>,
  people: ReturnType<typeof usersModule>,
): Promise<void> {
  const { config, db, auditLog, users, clock } = core
  const { finance, separation } = foundation
  const { usersService } = people
  const seeded = await seedDemoDistrict(
    {
      users,
      usersService,
      sites: foundation.sites,
      chart: foundation.chart,
      financeSettings: foundation.settings,
      clock,
      adminEmail: config.adminEmail,
      catalogue: () => core.applicationsRepository.catalogue(),
    },
    [
      receiptsDemoStep({ db, auditLog, finance, separation, users, usersService, appClock: clock }),
      accrualsDemoStep({ db, auditLog, finance, users, usersService, appClock: clock }),
      recordsDemoStep({
        db,
        auditLog,
        finance,
        users,
        usersService,
        appClock: clock,
        districtName: config.mail.districtName,
        mail: core.email,
        appUrl: config.appUrl,
        secret: core.secret,
      }),
    ],
  )
  if (seeded) core.app.log.info(`Demo district seeded: ${seeded}`)
}
