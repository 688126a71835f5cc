import { DashboardOverviewSchema } from '@platform/contracts/dashboard'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponses } from '../../plugins/error-handler.js'
import type { DashboardService } from './dashboard.service.js'

export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (app, { dashboard }) => {
  app.get(
    '/dashboard/overview',
    { config: { access: { application: 'DASHBOARD' } }, schema: { response: { 200: DashboardOverviewSchema, ...errorResponses } } },
    (request) => dashboard.overview(request.user!),
  )
}
