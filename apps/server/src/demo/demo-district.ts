import type { AuthUser } from '../plugins/access.js'
import type { Clock } from '../lib/clock.js'
import type { ChartService } from '../features/finance/chart.service.js'
import type { FinanceSettingsService } from '../features/finance/finance-settings.service.js'
import type { SitesService } from '../features/finance/sites.service.js'
import type { UsersRepository } from '../features/users/users.repository.js'
import type { UsersService } from '../features/users/users.service.js'
import { DEMO_CHART_CSV, DEMO_PEOPLE, DEMO_POSTING_ACCOUNTS, DEMO_SITES } from './demo-chart.js'

const DEMO_CLIENT = { ip: '127.0.0.1', userAgent: 'demo seed' }

export interface DemoDeps {
  users: UsersRepository
  usersService: UsersService
  sites: SitesService
  chart: ChartService
  financeSettings: FinanceSettingsService
  clock: Clock
  /** The first administrator (ADMIN_EMAIL), in whose name the demo is entered. */
  adminEmail: string
  catalogue: () => Promise<Array<{ app_id: number; app_code: string }>>
}

/** Extra demo steps (an application's records), run in order after the district's sites, chart and people exist. */
export type DemoStep = (context: { actor: AuthUser; siteIds: Record<string, number>; userIds: Record<string, number> }) => Promise<string>

/**
 * Seeds the demo district (sites, chart, people with every fiscal duty) through the features' own services, as a person would through the
 * screens, into an empty database only: no site yet and nobody but the first administrator. Returns what it did,
 * or null when the database was not empty.
 */
export async function seedDemoDistrict(deps: DemoDeps, steps: DemoStep[] = []): Promise<string | null> {
  const [{ total }, existingSites] = await Promise.all([deps.users.counts(), deps.sites.list()])
  if (total > 1 || existingSites.length > 0) return null
  const admin = await deps.users.findByEmail(deps.adminEmail)
  if (!admin) return null
  const actor: AuthUser = {
    id: admin.user_id,
    email: admin.email,
    fullName: admin.full_name,
    roleCode: admin.role_code,
    roleName: admin.role_name,
    roleLevel: admin.role_level,
    organization: admin.org_name,
    organizationCode: admin.org_code,
    sessionId: 'demo-seed',
    accessVersion: null,
  }

  const siteIds: Record<string, number> = {}
  for (const site of DEMO_SITES) siteIds[site.code] = (await deps.sites.create(site, actor, DEMO_CLIENT)).id
  const chart = await deps.chart.apply(Buffer.from(DEMO_CHART_CSV, 'utf8'), actor, DEMO_CLIENT)
  await deps.financeSettings.savePostingAccounts(DEMO_POSTING_ACCOUNTS, actor, DEMO_CLIENT)

  const [apps, orgs, roles] = await Promise.all([deps.catalogue(), deps.usersService.organizations(), deps.usersService.roles()])
  const appId = (code: string) => apps.find((app) => app.app_code === code)!.app_id
  const staff = roles.find((role) => role.role_code === 'STAFF')!
  const userIds: Record<string, number> = {}
  for (const person of DEMO_PEOPLE) {
    const held = [...new Set(['DASHBOARD', ...person.duties.map((duty) => duty.app)])]
    const saved = await deps.usersService.create(
      {
        email: person.email,
        fullName: person.fullName,
        organizationId: orgs[0]!.org_id,
        roleId: staff.role_id,
        isActive: true,
        sendInvitation: false,
        permissions: held.map((code) => ({ appId: appId(code), permissionLevel: 'read' as const })),
        duties: person.duties.map((duty) => ({
          appId: appId(duty.app),
          duty: duty.duty,
          siteIds: duty.sites === null ? null : duty.sites.map((code) => siteIds[code]!),
        })),
      },
      actor,
      DEMO_CLIENT,
    )
    userIds[person.email] = saved.user.user_id
  }

  const done = [`${DEMO_SITES.length} sites`, `${chart.summary.create} chart rows`, `${DEMO_PEOPLE.length} people with duties`]
  for (const step of steps) done.push(await step({ actor, siteIds, userIds }))
  return done.join(', ')
}
