import type { FastifyInstance } from 'fastify'
import { dashboardRoutes } from './dashboard.routes.js'
import { type DashboardServiceDeps, createDashboardService } from './dashboard.service.js'

/**
 * The Dashboard Overview (GET /api/dashboard/overview): the platform's activity counts for administrators, and each
 * fiscal application's section, handed over by the composition root. Its routes go on the /api scope.
 */
export function dashboardModule(deps: DashboardServiceDeps) {
  const dashboard = createDashboardService(deps)
  return {
    dashboard,
    async routes(api: FastifyInstance) {
      await api.register(dashboardRoutes, { dashboard })
    },
  }
}
