import { isAdminRole } from '@platform/contracts/auth'
import type { AccrualsOverview, DashboardOverview, ReceiptsOverview, RecordsOverview } from '@platform/contracts/dashboard'
import { DAY_MS, type Clock } from '../../lib/clock.js'
import type { AuthUser } from '../../plugins/access.js'

/** An application's section of the overview for a person: null when their duties there give them none. */
export type OverviewSection<T> = (user: AuthUser) => Promise<T | null>

export interface DashboardServiceDeps {
  countUsers(): Promise<{ total: number; active: number }>
  countActiveSessions(): Promise<number>
  countSignInsSince(since: Date): Promise<number>
  /** Whether the person may use an application now: a section is only for those who may open what it links to. */
  holdsApplication(user: AuthUser, appCode: string): Promise<boolean>
  /** Each fiscal application's figures, scoped by the person's sites and duties as its own lists are. */
  sections: {
    receipts: OverviewSection<ReceiptsOverview>
    accruals: OverviewSection<AccrualsOverview>
    records: OverviewSection<RecordsOverview>
  }
  clock: Clock
}

const SECTION_APPS = { receipts: 'PAYMENT_RECEIPTS', accruals: 'ACCRUALS', records: 'PUBLIC_INFO' } as const

/**
 * The Dashboard Overview: for each person the figures of their own sites and duties, and for administrators the
 * platform's activity. Each section is a few aggregate queries, whatever the number of sites or records.
 */
export function createDashboardService(deps: DashboardServiceDeps) {
  async function admin(user: AuthUser) {
    if (!isAdminRole(user.roleCode)) return null
    const since = new Date(deps.clock.now().getTime() - 7 * DAY_MS)
    const [users, activeSessions, signInsLast7Days] = await Promise.all([
      deps.countUsers(),
      deps.countActiveSessions(),
      deps.countSignInsSince(since),
    ])
    return { totalUsers: users.total, activeUsers: users.active, activeSessions, signInsLast7Days }
  }

  async function section<K extends keyof typeof SECTION_APPS>(name: K, user: AuthUser) {
    if (!(await deps.holdsApplication(user, SECTION_APPS[name]))) return null
    return (await deps.sections[name](user)) as Awaited<ReturnType<DashboardServiceDeps['sections'][K]>>
  }

  return {
    async overview(user: AuthUser): Promise<DashboardOverview> {
      const [adminFigures, receipts, accruals, records] = await Promise.all([
        admin(user),
        section('receipts', user),
        section('accruals', user),
        section('records', user),
      ])
      return { admin: adminFigures, receipts, accruals, records }
    },
  }
}
export type DashboardService = ReturnType<typeof createDashboardService>
