import type { AuthUser } from '../../plugins/access.js'
import { isAdminRole } from '@platform/contracts/auth'
import type { DashboardOverview } from '@platform/contracts/dashboard'
import { DAY_MS, type Clock } from '../../lib/clock.js'

/** The Dashboard Overview's figures; administrators see the platform's activity, others nothing extra. */
export function createDashboardService(deps: {
  countUsers(): Promise<{ total: number; active: number }>
  countActiveSessions(): Promise<number>
  countSignInsSince(since: Date): Promise<number>
  clock: Clock
}) {
  return {
    async overview(user: AuthUser): Promise<DashboardOverview> {
      if (!isAdminRole(user.roleCode)) return { admin: null }
      const since = new Date(deps.clock.now().getTime() - 7 * DAY_MS)
      const [users, activeSessions, signInsLast7Days] = await Promise.all([
        deps.countUsers(),
        deps.countActiveSessions(),
        deps.countSignInsSince(since),
      ])
      return { admin: { totalUsers: users.total, activeUsers: users.active, activeSessions, signInsLast7Days } }
    },
  }
}
export type DashboardService = ReturnType<typeof createDashboardService>
