import type { Core, FeatureModule } from '../../core.js'
import type { SessionsService } from '../auth/sessions.service.js'
import { dashboardRoutes } from './dashboard.routes.js'
import { type DashboardServiceDeps, createDashboardService } from './dashboard.service.js'

/**
 * The Dashboard Overview (GET /api/dashboard/overview): the platform's activity for administrators, and each fiscal
 * application's section, which that application's module builds and app.ts hands over.
 */
export function dashboardModule(
  core: Core,
  { sessions, sections }: { sessions: SessionsService; sections: DashboardServiceDeps['sections'] },
): FeatureModule {
  const dashboard = createDashboardService({
    clock: core.clock,
    holdsApplication: core.holdsApplication,
    countUsers: () => core.users.counts(),
    countActiveSessions: () => sessions.countActive(),
    countSignInsSince: (since) => core.audit.countSince('sign_in.success', 'success', since),
    sections,
  })
  return {
    async routes(api) {
      await api.register(dashboardRoutes, { dashboard })
    },
  }
}
