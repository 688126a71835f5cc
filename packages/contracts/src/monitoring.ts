import { z } from 'zod'
import { text } from './input.js'
import { rowsPerPage } from './users.js'

/** Health as the screen shows it (WebLogic's ok, warn, overloaded, critical, failed, normalised). */
export const HEALTH_VALUES = ['OK', 'WARN', 'FAILED', 'CRITICAL'] as const
export const HealthSchema = z.enum(HEALTH_VALUES)
export type Health = z.infer<typeof HealthSchema>

/** Our own state for a server whose admin server could not be read. */
export const UNREACHABLE = 'UNREACHABLE'

/** How the screen colours a state: RUNNING ok; SHUTDOWN or FAILED red; UNREACHABLE grey; anything else warning. */
export function stateTone(state: string): 'ok' | 'red' | 'grey' | 'warning' {
  const upper = state.toUpperCase()
  if (upper === 'RUNNING') return 'ok'
  if (upper === 'SHUTDOWN' || upper === 'FAILED') return 'red'
  if (upper === UNREACHABLE) return 'grey'
  return 'warning'
}

/** What a running server's JVM, thread pool and data sources report. */
export const ServerMetricsSchema = z.object({
  /** Used share of the maximum heap, 0–100. */
  heapUsedPercent: z.number().nullable(),
  heapUsedMb: z.number().nullable(),
  heapMaxMb: z.number().nullable(),
  stuckThreads: z.number().int().nullable(),
  hoggingThreads: z.number().int().nullable(),
  /** JDBC data sources; `state` as WebLogic writes it (Running, Suspended, …). */
  dataSources: z.array(z.object({ name: z.string(), state: z.string(), activeConnections: z.number().int().nullable() })),
})
export type ServerMetrics = z.infer<typeof ServerMetricsSchema>

export const AdminServerSchema = z.object({
  name: z.string().nullable(),
  host: z.string(),
  port: z.number().int(),
  url: z.string(),
  state: z.string(),
  health: HealthSchema.nullable(),
  weblogicVersion: z.string().nullable(),
  /** Present when the server runs and its metrics could be read. */
  metrics: ServerMetricsSchema.nullable().optional(),
  /** Since when (ISO time) the server has had this state and health, as far as the history knows. */
  since: z.string().nullable().optional(),
})

export const ManagedServerSchema = z.object({
  name: z.string(),
  listenAddress: z.string().nullable(),
  listenPort: z.number().int().nullable(),
  /** 'None' when the server is in no cluster (the screen hides it then). */
  clusterName: z.string(),
  state: z.string(),
  health: HealthSchema.nullable(),
  /** ISO time the server started; null when it is not running. */
  startTime: z.string().nullable(),
  metrics: ServerMetricsSchema.nullable().optional(),
  since: z.string().nullable().optional(),
})
export type ManagedServer = z.infer<typeof ManagedServerSchema>

export const DOMAIN_STATUSES = ['ONLINE', 'UNREACHABLE', 'ERROR'] as const

export const DomainStatusSchema = z.object({
  domain: z.string(),
  /** ONLINE when the admin server answered; otherwise UNREACHABLE (no answer) or ERROR (it answered with an error). */
  status: z.enum(DOMAIN_STATUSES),
  adminServer: AdminServerSchema,
  managedServers: z.array(ManagedServerSchema),
  consoleUrl: z.string().nullable(),
  lastChecked: z.string(),
  isMockData: z.boolean(),
  /** What went wrong, in words; null when nothing did. */
  error: z.string().nullable(),
  /** What the server or network said, as it said it. */
  originalError: z.string().nullable(),
})
export type DomainStatus = z.infer<typeof DomainStatusSchema>

export const StatusSummarySchema = z.object({
  totalDomains: z.number().int(),
  runningServers: z.number().int(),
  totalServers: z.number().int(),
  warningServers: z.number().int(),
  failedServers: z.number().int(),
})

export const CacheInfoSchema = z.object({
  /** Seconds a domain's status is served from the cache. */
  ttl: z.number(),
  stats: z.object({
    totalEntries: z.number().int(),
    /** Per domain: seconds since it was read, and until it is read again. */
    entries: z.array(z.object({ domain: z.string(), age: z.number(), expiresIn: z.number() })),
  }),
})

export const WeblogicStatusResponseSchema = z.object({
  summary: StatusSummarySchema,
  cache: CacheInfoSchema,
  domains: z.array(DomainStatusSchema),
})
export type WeblogicStatusResponse = z.infer<typeof WeblogicStatusResponseSchema>

export const RefreshDomainBodySchema = z.object({
  serverName: text('Name the domain to refresh')
    .trim()
    .min(1, 'Name the domain to refresh')
    .max(200, 'A domain name is at most 200 characters'),
  forceRefresh: z.boolean({ error: 'Force refresh is either on or off' }).default(true),
})
export const RefreshDomainResponseSchema = z.object({ success: z.literal(true), data: DomainStatusSchema })

/** A change of one server's state or health; the first row of a server has no previous values. */
export const StateChangeSchema = z.object({
  id: z.number().int(),
  domain: z.string(),
  serverName: z.string(),
  state: z.string(),
  health: z.string().nullable(),
  previousState: z.string().nullable(),
  previousHealth: z.string().nullable(),
  changedAt: z.string(),
})
export type StateChange = z.infer<typeof StateChangeSchema>

export const StateHistoryQuerySchema = z.object({
  domain: text('Name the domain whose history to show')
    .trim()
    .min(1, 'Name the domain whose history to show')
    .max(200, 'A domain name is at most 200 characters'),
  server: text().trim().max(200, 'A server name is at most 200 characters').optional(),
  limit: rowsPerPage,
})
export const StateHistoryResponseSchema = z.object({ data: z.array(StateChangeSchema) })
