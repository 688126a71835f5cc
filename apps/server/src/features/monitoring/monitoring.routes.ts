import {
  RefreshDomainBodySchema,
  RefreshDomainResponseSchema,
  StateHistoryQuerySchema,
  StateHistoryResponseSchema,
  WeblogicStatusResponseSchema,
} from '@platform/contracts/monitoring'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { errorResponses } from '../../plugins/error-handler.js'
import { responseSerializerCompiler } from '../../plugins/response-serializer.js'
import type { MonitoringService } from './monitoring.service.js'
import type { StateHistory } from './state-history.service.js'

const StatusQuerySchema = z.object({
  refresh: z
    .enum(['true', 'false'])
    .default('false')
    .transform((value) => value === 'true'),
})

/** Server Monitoring, administrators only. Problems of a domain are reported in it, never as a 500. */
export const monitoringRoutes: FastifyPluginAsyncZod<{ monitoring: MonitoringService; history: StateHistory }> = async (
  app,
  { monitoring, history },
) => {
  // The answer is polled by every administrator's screen and changes at most once a second while the cache is fresh,
  // so it is written once and the same JSON is sent until it changes.
  const serialize = responseSerializerCompiler({
    schema: WeblogicStatusResponseSchema,
    method: 'GET',
    url: '/api/weblogic-status',
    httpStatus: '200',
  }) as (data: unknown) => string
  let written: { key: string; json: string } | null = null

  app.get(
    '/weblogic-status',
    {
      config: { access: 'admin' },
      schema: { querystring: StatusQuerySchema, response: { 200: WeblogicStatusResponseSchema, ...errorResponses } },
    },
    async (request, reply) => {
      const key = request.query.refresh ? null : monitoring.snapshotKey()
      if (!key || written?.key !== key) {
        const status = await monitoring.status(request.query.refresh)
        written = { key: monitoring.snapshotKey() ?? '', json: serialize(status) }
      }
      // A string is sent as it is: it was written by the serializer of the same response schema.
      return reply.type('application/json; charset=utf-8').send(written.json as never)
    },
  )

  app.post(
    '/weblogic-status',
    {
      config: { access: 'admin' },
      schema: { body: RefreshDomainBodySchema, response: { 200: RefreshDomainResponseSchema, ...errorResponses } },
    },
    async (request) => ({
      success: true as const,
      data: await monitoring.domainStatus(request.body.serverName, request.body.forceRefresh),
    }),
  )

  app.get(
    '/weblogic-history',
    {
      config: { access: 'admin' },
      schema: { querystring: StateHistoryQuerySchema, response: { 200: StateHistoryResponseSchema, ...errorResponses } },
    },
    async (request) => ({ data: await history.list(request.query.domain, request.query.server, request.query.limit) }),
  )
}
