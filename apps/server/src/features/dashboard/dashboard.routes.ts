import { DashboardOverviewSchema } from '@platform/contracts/dashboard'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { signedInRoute } from '../../plugins/access.js'
import { errorResponses } from '../../plugins/error-handler.js'
import type { DashboardService } from './dashboard.service.js'

const access = signedInRoute({ application: 'DASHBOARD' })

export const dashboardRoutes: FastifyPluginAsyncZod<{ dashboard: DashboardService }> = async (app, { dashboard }) => {
  app.get(
    '/dashboard/overview',
    { config: access.config, schema: { response: { 200: DashboardOverviewSchema, ...errorResponses } } },
    (request) => dashboard.overview(access.user(request)),
  )
}
