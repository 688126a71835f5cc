import { RefreshDomainBodySchema, RefreshDomainResponseSchema, WeblogicStatusResponseSchema } from '@platform/contracts/monitoring'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../plugins/error-handler.js'
import type { MonitoringService } from './monitoring.service.js'

const StatusQuerySchema = z.object({ refresh: z.enum(['true', 'false']).default('false').transform((value) => value === 'true') })

/** Server Monitoring (SPEC.md §7), administrators only. Problems of a domain are reported in it, never as a 500. */
export const monitoringRoutes: FastifyPluginAsyncZod<{ monitoring: MonitoringService }> = async (app, { monitoring }) => {
  app.get(
    '/weblogic-status',
    { config: { access: 'admin' }, schema: { querystring: StatusQuerySchema, response: { 200: WeblogicStatusResponseSchema, ...errorResponses } } },
    (request) => monitoring.status(request.query.refresh),
  )

  app.post(
    '/weblogic-status',
    { config: { access: 'admin' }, schema: { body: RefreshDomainBodySchema, response: { 200: RefreshDomainResponseSchema, ...errorResponses } } },
    async (request) => ({ success: true as const, data: await monitoring.domainStatus(request.body.serverName, request.body.forceRefresh) }),
  )
}
