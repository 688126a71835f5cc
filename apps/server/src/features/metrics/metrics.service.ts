import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client'
import { DAY_MS, type Clock } from '../../lib/clock.js'
import type { MetricsRepository } from './metrics.repository.js'

/**
 * What other parts of the platform tell the metrics as it happens: one call each, through this interface handed to
 * them by app.ts (never a global), so that every app built in one process counts on its own.
 */
export interface MetricEvents {
  /** A sign-in refused, by its reason code ('wrong_code', 'expired', …). */
  signInFailed(reason: string): void
  /** A request limit refused a call, by the limiter's name ('api-person', 'send-email', …). */
  limitHit(limiter: string): void
}

/** The events' sink while /metrics is off: nothing is counted or kept. */
export const NO_METRIC_EVENTS: MetricEvents = { signInFailed: () => {}, limitHit: () => {} }

/** The PostgreSQL pool of this process's connections. */
export interface PoolStats {
  total: number
  idle: number
  waiting: number
}

/** A request's route when it matched none: one series for every unknown address, so a scanner adds no series. */
export const UNMATCHED_ROUTE = '(unmatched)'

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'])
const EXPORT_STATES = ['queued', 'running', 'ready', 'failed', 'cancelled', 'expired'] as const
// A label value comes from the code (a reason, a limiter, a job's kind); anything else is counted as 'other', so that
// no value from outside (an address, a name) could ever become a label by mistake.
const CODE_LIKE = /^[a-z][a-z0-9_-]{0,39}$/
const codeLabel = (value: string) => (CODE_LIKE.test(value) ? value : 'other')

export interface MetricsDeps {
  metrics: MetricsRepository
  clock: Clock
  /** How many job leases this instance holds now. */
  heldLeases(): number
  /**
   * The PostgreSQL pool's connections; null (or absent) on SQLite, whose one connection in the process has no pool:
   * its calls wait on the event loop, which the process's own event loop lag reports.
   */
  poolStats?: () => PoolStats | null
}

/**
 * The platform's metrics in Prometheus' text format, in a registry of this app's own: requests by route template,
 * the mail queue, job leases and report exports, the database pool, refused sign-ins and limits hit, and the
 * process's own figures. Counts and codes only: no person, address, token or query ever becomes a label.
 */
export function createMetricsService(deps: MetricsDeps) {
  const registry = new Registry()
  const registers = [registry]
  collectDefaultMetrics({ register: registry })

  const requestDuration = new Histogram({
    name: 'platform_http_request_duration_seconds',
    help: 'HTTP requests by route template, method and status, with how long each took to answer.',
    labelNames: ['route', 'method', 'status'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers,
  })
  const signInFailures = new Counter({
    name: 'platform_sign_in_failures_total',
    help: 'Sign-ins refused, by reason code.',
    labelNames: ['reason'] as const,
    registers,
  })
  const limitsHit = new Counter({
    name: 'platform_rate_limits_hit_total',
    help: 'Calls refused by a request limit, by limiter.',
    labelNames: ['limiter'] as const,
    registers,
  })
  const mailWaiting = new Gauge({
    name: 'platform_mail_queue_waiting_messages',
    help: 'Messages waiting to be sent or retried.',
    registers,
  })
  const mailSending = new Gauge({ name: 'platform_mail_queue_sending_messages', help: 'Messages being sent now.', registers })
  const mailOldest = new Gauge({
    name: 'platform_mail_queue_oldest_waiting_age_seconds',
    help: 'How long the oldest waiting message has waited (0 when none waits).',
    registers,
  })
  const mailFailed = new Gauge({
    name: 'platform_mail_failed_last_day_messages',
    help: 'Messages written in the last 24 hours that the queue gave up on.',
    registers,
  })
  const leases = new Gauge({
    name: 'platform_job_leases',
    help: 'Job leases held by any instance and not expired, by kind of job.',
    labelNames: ['kind'] as const,
    registers,
  })
  const instanceLeases = new Gauge({ name: 'platform_instance_job_leases', help: 'Job leases this instance holds now.', registers })
  const exportJobs = new Gauge({
    name: 'platform_report_export_jobs',
    help: 'Report export jobs by state.',
    labelNames: ['state'] as const,
    registers,
  })
  const poolStats = deps.poolStats
  const pool = poolStats?.()
    ? {
        connections: new Gauge({
          name: 'platform_database_pool_connections',
          help: 'PostgreSQL connections of this instance by state (total, idle).',
          labelNames: ['state'] as const,
          registers,
        }),
        waiting: new Gauge({
          name: 'platform_database_pool_waiting_requests',
          help: 'Queries of this instance waiting for a PostgreSQL connection.',
          registers,
        }),
      }
    : null

  /** Reads what lives in the database as it is now: every instance reports the same shared figures. */
  async function readDatabase(): Promise<void> {
    const now = deps.clock.now()
    const queue = await deps.metrics.mailQueue()
    mailWaiting.set(queue.waiting)
    mailSending.set(queue.sending)
    mailOldest.set(queue.oldestWaitingAt ? Math.max(0, (now.getTime() - Date.parse(queue.oldestWaitingAt)) / 1000) : 0)
    mailFailed.set(await deps.metrics.failedSince(new Date(now.getTime() - DAY_MS).toISOString()))

    leases.reset()
    for (const row of await deps.metrics.leasesByKind(now.toISOString())) leases.set({ kind: codeLabel(row.kind) }, Number(row.n))
    instanceLeases.set(deps.heldLeases())

    exportJobs.reset()
    for (const state of EXPORT_STATES) exportJobs.set({ state }, 0)
    for (const row of await deps.metrics.exportJobsByState()) exportJobs.inc({ state: codeLabel(row.state) }, Number(row.n))

    const stats = poolStats?.()
    if (pool && stats) {
      pool.connections.set({ state: 'total' }, stats.total)
      pool.connections.set({ state: 'idle' }, stats.idle)
      pool.waiting.set(stats.waiting)
    }
  }

  const events: MetricEvents = {
    signInFailed: (reason) => signInFailures.inc({ reason: codeLabel(reason) }),
    limitHit: (limiter) => limitsHit.inc({ limiter: codeLabel(limiter) }),
  }

  return {
    events,

    /** One answered request: `route` is the matched route's template (never the address asked for), or none. */
    observeRequest(route: string | undefined, method: string, status: number, seconds: number): void {
      requestDuration.observe(
        { route: route ?? UNMATCHED_ROUTE, method: METHODS.has(method) ? method : 'OTHER', status: String(status) },
        seconds,
      )
    },

    /** The text a scrape answers, with the database's figures read now. */
    async render(): Promise<{ contentType: string; body: string }> {
      await readDatabase()
      return { contentType: registry.contentType, body: await registry.metrics() }
    },

    close: () => registry.clear(),
  }
}
export type MetricsService = ReturnType<typeof createMetricsService>
