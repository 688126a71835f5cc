import { HealthResponseSchema, ReadyResponseSchema } from '@platform/contracts/health'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { errorResponses } from '../../plugins/error-handler.js'

/**
 * Liveness (the process answers) and readiness (the database answers, and the instance is not draining before a
 * stop): for load balancers and orchestrators.
 */
export const healthRoutes: FastifyPluginAsyncZod<{ isDatabaseReachable: () => Promise<boolean>; isDraining?: () => boolean }> = async (
  app,
  { isDatabaseReachable, isDraining = () => false },
) => {
  app.get('/health', { config: { access: 'public' }, schema: { response: { 200: HealthResponseSchema, ...errorResponses } } }, () => ({
    status: 'ok' as const,
    uptimeSeconds: Math.round(process.uptime()),
  }))

  app.get(
    '/ready',
    { config: { access: 'public' }, schema: { response: { 200: ReadyResponseSchema, 503: ReadyResponseSchema } } },
    async (_request, reply) => {
      const ok = await isDatabaseReachable()
      const ready = ok && !isDraining()
      return reply.code(ready ? 200 : 503).send({ status: ready ? 'ready' : 'not_ready', database: ok ? 'ok' : 'unavailable' })
    },
  )
}
