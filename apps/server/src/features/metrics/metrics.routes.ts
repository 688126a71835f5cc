import type { FastifyInstance } from 'fastify'
import { describeWait } from '../../db/rate-limiter.js'
import type { MetricsAccess } from './metrics-access.js'
import type { MetricsService } from './metrics.service.js'

export const METRICS_PATH = '/metrics'

/** What any address the platform does not serve answers: /metrics while it is off looks exactly like one. */
const notHere = (method: string) => ({ error: `There is no ${method} ${METRICS_PATH} here.`, code: 'not_found' })

/**
 * Times every answered request under its route's template (`/api/users/:id`, never the address asked for), so that
 * the series stay as many as the routes whatever is asked.
 */
export function installRequestTiming(app: FastifyInstance, metrics: MetricsService): void {
  app.addHook('onResponse', async (request, reply) => {
    metrics.observeRequest(request.routeOptions.url, request.method, reply.statusCode, reply.elapsedTime / 1000)
  })
}

/**
 * GET /metrics, outside /api (no session; the security headers still apply): Prometheus' text format for a scraper
 * holding METRICS_TOKEN. Without a token configured it answers 404 as an unknown address does.
 */
export function metricsRoute(app: FastifyInstance, served: { metrics: MetricsService; access: MetricsAccess } | null): void {
  app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
    void reply.header('Cache-Control', 'no-store')
    if (!served) return reply.code(404).send(notHere(request.method))
    const decision = await served.access.check(request.headers.authorization, request.ip)
    if (!decision.allowed && decision.status === 429) {
      void reply.header('Retry-After', String(decision.retryAfterSeconds))
      return reply.code(429).send({
        error: `Too many wrong metrics tokens from this address. Wait ${describeWait(decision.retryAfterSeconds)}, then try again.`,
        code: 'rate_limited',
      })
    }
    if (!decision.allowed) {
      void reply.header('WWW-Authenticate', 'Bearer realm="metrics"')
      return reply.code(401).send({ error: 'The metrics need the bearer token configured in METRICS_TOKEN.', code: 'unauthorized' })
    }
    const { contentType, body } = await served.metrics.render()
    return reply.type(contentType).send(body)
  })
}
