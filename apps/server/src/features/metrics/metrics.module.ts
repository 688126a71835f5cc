import type { Core } from '../../core.js'
import { createMetricsAccess } from './metrics-access.js'
import { createMetricsRepository } from './metrics.repository.js'
import { installRequestTiming, metricsRoute } from './metrics.routes.js'
import { type MetricEvents, NO_METRIC_EVENTS, type PoolStats, createMetricsService } from './metrics.service.js'

/**
 * /metrics for Prometheus, on only when METRICS_TOKEN is set: until then nothing is counted, timed or kept, and the
 * address answers 404. `events` is what sign-in and the request limits count through.
 */
export function metricsModule(core: Core, options: { poolStats?: () => PoolStats | null } = {}) {
  const { config, app } = core
  if (!config.metricsToken) {
    return { events: NO_METRIC_EVENTS, install: () => metricsRoute(app, null) }
  }
  const metrics = createMetricsService({
    metrics: createMetricsRepository(core.db),
    clock: core.clock,
    heldLeases: () => core.jobLeases.heldCount(),
    ...(options.poolStats ? { poolStats: options.poolStats } : {}),
  })
  const access = createMetricsAccess({
    token: config.metricsToken,
    secret: core.secret,
    limiter: core.limiter,
    onLimitHit: () => metrics.events.limitHit('metrics-token'),
  })
  installRequestTiming(app, metrics)
  app.addHook('onClose', async () => metrics.close())
  const events: MetricEvents = metrics.events
  return { events, install: () => metricsRoute(app, { metrics, access }) }
}
