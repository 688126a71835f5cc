import { type DomainStatus, type Health, type ManagedServer, type ServerMetrics, UNREACHABLE } from '@platform/contracts/monitoring'
import { z } from 'zod'
import type { WeblogicDomain } from '../../lib/weblogic-domains-file.js'
import { WeblogicCallError, type WeblogicHttp } from './weblogic-http.js'

const Items = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) })
const HealthStateSchema = z.object({ state: z.string() }).partial().nullish()
const LifecycleSchema = Items(z.object({ name: z.string(), state: z.string().optional() }))
const RuntimeSchema = Items(
  z.object({
    name: z.string(),
    state: z.string().optional(),
    healthState: HealthStateSchema,
    overallHealthState: HealthStateSchema,
    weblogicVersion: z.string().nullish(),
    activationTime: z.number().nullish(),
    adminServer: z.boolean().nullish(),
    defaultURL: z.string().nullish(),
  }),
)
const ConfigSchema = Items(
  z.object({
    name: z.string(),
    listenAddress: z.string().nullish(),
    listenPort: z.number().nullish(),
    cluster: z.array(z.string()).nullish(),
  }),
)
const RootSchema = z.object({ name: z.string() })

const MIB = 1024 * 1024
const JvmSchema = z.object({
  heapSizeCurrent: z.number().nullish(),
  heapFreeCurrent: z.number().nullish(),
  heapSizeMax: z.number().nullish(),
  heapFreePercent: z.number().nullish(),
})
const ThreadPoolSchema = z.object({ stuckThreadCount: z.number().nullish(), hoggingThreadCount: z.number().nullish() })
const DataSourcesSchema = Items(
  z.object({ name: z.string(), state: z.string().nullish(), activeConnectionsCurrentCount: z.number().nullish() }),
)

/**
 * Heap, stuck and hogging threads and data sources of one running server. A server whose metrics cannot be read
 * keeps its state and health: its metrics are simply absent.
 */
async function readMetrics(client: WeblogicHttp, server: string, signal: AbortSignal): Promise<ServerMetrics | null> {
  const base = `domainRuntime/serverRuntimes/${encodeURIComponent(server)}`
  try {
    const [jvm, threads, sources] = await Promise.all([
      client
        .getJson(`${base}/JVMRuntime?links=none&fields=heapSizeCurrent,heapFreeCurrent,heapSizeMax,heapFreePercent`, signal)
        .then((v) => JvmSchema.parse(v)),
      client
        .getJson(`${base}/threadPoolRuntime?links=none&fields=stuckThreadCount,hoggingThreadCount`, signal)
        .then((v) => ThreadPoolSchema.parse(v)),
      client
        .getJson(
          `${base}/JDBCServiceRuntime/JDBCDataSourceRuntimeMBeans?links=none&fields=name,state,activeConnectionsCurrentCount`,
          signal,
        )
        .then((v) => DataSourcesSchema.parse(v))
        .catch(() => ({ items: [] })), // a server without JDBC has no such collection
    ])
    const used = jvm.heapSizeCurrent != null && jvm.heapFreeCurrent != null ? jvm.heapSizeCurrent - jvm.heapFreeCurrent : null
    return {
      heapUsedPercent: jvm.heapFreePercent != null ? 100 - jvm.heapFreePercent : null,
      heapUsedMb: used === null ? null : Math.round(used / MIB),
      heapMaxMb: jvm.heapSizeMax != null ? Math.round(jvm.heapSizeMax / MIB) : null,
      stuckThreads: threads.stuckThreadCount ?? null,
      hoggingThreads: threads.hoggingThreadCount ?? null,
      dataSources: sources.items.map((item) => ({
        name: item.name,
        state: item.state ?? 'Unknown',
        activeConnections: item.activeConnectionsCurrentCount ?? null,
      })),
    }
  } catch {
    return null
  }
}

/** WebLogic's health (ok, warn, overloaded, critical, failed; or HEALTH_OK…) as the screen shows it. */
export function normaliseHealth(value: string | null | undefined): Health | null {
  const plain = (value ?? '').toLowerCase().replace(/^health_/, '')
  if (plain === 'ok') return 'OK'
  if (plain === 'warn' || plain === 'warning' || plain === 'overloaded') return 'WARN'
  if (plain === 'critical') return 'CRITICAL'
  if (plain === 'failed') return 'FAILED'
  return null
}

/** "WebLogic Server 14.1.2.0.0  Thu Sep 11 …" → "14.1.2.0.0". */
export function parseVersion(value: string | null | undefined): string | null {
  return value ? (/WebLogic Server (\d+(?:\.\d+)+)/.exec(value)?.[1] ?? value.trim()) : null
}

function hostOf(url: string | null | undefined): string | null {
  if (!url) return null
  try {
    return new URL(url.replace(/^t3s?:|^iiops?:/, 'http:')).hostname || null
  } catch {
    return null
  }
}

function parse<T extends z.ZodType>(schema: T, value: unknown, what: string): z.infer<T> {
  const parsed = schema.safeParse(value)
  if (!parsed.success) {
    throw new WeblogicCallError(
      `The admin server's answer to ${what} does not have the expected shape`,
      JSON.stringify(value).slice(0, 2000),
      false,
    )
  }
  return parsed.data
}

/**
 * Reads one domain in the few REST calls WebLogic's monitoring resources need: the domain's name, the lifecycle state of every
 * configured server, the runtime state and health of the running ones, and address, port and cluster from the
 * configuration, merged by server name. All within the domain's own timeout; never throws.
 */
export async function readDomainStatus(
  domain: WeblogicDomain,
  client: WeblogicHttp,
  now: () => Date,
  previous?: DomainStatus,
): Promise<DomainStatus> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), domain.timeoutMs)
  const admin = new URL(domain.adminUrl)
  const adminPort = Number(admin.port || (admin.protocol === 'https:' ? 443 : 80))
  try {
    // The domain's own name is read first in the recipe; it also proves this is a domain's admin server.
    const [, lifecycle, runtimes, config] = await Promise.all([
      client.getJson('domainRuntime?links=none&fields=name', controller.signal).then((v) => parse(RootSchema, v, 'domainRuntime')),
      client
        .getJson('domainRuntime/serverLifeCycleRuntimes?links=none&fields=name,state', controller.signal)
        .then((v) => parse(LifecycleSchema, v, 'serverLifeCycleRuntimes')),
      client
        .getJson(
          'domainRuntime/serverRuntimes?links=none&fields=name,state,healthState,overallHealthState,weblogicVersion,activationTime,adminServer,defaultURL',
          controller.signal,
        )
        .then((v) => parse(RuntimeSchema, v, 'serverRuntimes')),
      client
        .getJson('domainConfig/servers?links=none&fields=name,listenAddress,listenPort,cluster', controller.signal)
        .then((v) => parse(ConfigSchema, v, 'domainConfig/servers')),
    ])
    const running = new Map(runtimes.items.map((item) => [item.name, item]))
    const configured = new Map(config.items.map((item) => [item.name, item]))
    const names = [...new Set([...lifecycle.items.map((item) => item.name), ...config.items.map((item) => item.name), ...running.keys()])]
    const adminName = runtimes.items.find((item) => item.adminServer)?.name ?? (names.includes('AdminServer') ? 'AdminServer' : null)
    const adminRuntime = adminName ? running.get(adminName) : undefined

    const missing: string[] = []
    const serverOf = (name: string): ManagedServer => {
      const runtime = running.get(name)
      const life = lifecycle.items.find((item) => item.name === name)
      const conf = configured.get(name)
      let state = (runtime?.state ?? life?.state ?? 'UNKNOWN').toUpperCase()
      // The admin server says it runs, but it is not in the runtime list: it cannot be read right now.
      if (!runtime && state === 'RUNNING') {
        state = UNREACHABLE
        missing.push(name)
      }
      return {
        name,
        listenAddress: conf?.listenAddress || hostOf(runtime?.defaultURL) || null,
        listenPort: conf?.listenPort ?? null,
        clusterName: conf?.cluster?.at(-1) ?? 'None',
        state,
        health: normaliseHealth(runtime?.overallHealthState?.state ?? runtime?.healthState?.state),
        startTime: typeof runtime?.activationTime === 'number' ? new Date(runtime.activationTime).toISOString() : null,
      }
    }
    // Metrics of every running server, read in parallel within the same timeout.
    const runningNames = names.filter((name) => running.get(name)?.state?.toUpperCase() === 'RUNNING')
    const metrics = new Map(
      await Promise.all(runningNames.map(async (name) => [name, await readMetrics(client, name, controller.signal)] as const)),
    )
    return {
      domain: domain.name,
      status: 'ONLINE',
      adminServer: {
        name: adminName,
        host: admin.hostname,
        port: adminPort,
        url: domain.adminUrl,
        state: (adminRuntime?.state ?? 'RUNNING').toUpperCase(),
        health: normaliseHealth(adminRuntime?.overallHealthState?.state ?? adminRuntime?.healthState?.state),
        weblogicVersion: parseVersion(adminRuntime?.weblogicVersion),
        metrics: adminName ? (metrics.get(adminName) ?? null) : null,
      },
      managedServers: names.filter((name) => name !== adminName).map((name) => ({ ...serverOf(name), metrics: metrics.get(name) ?? null })),
      consoleUrl: domain.consoleUrl ?? `${domain.adminUrl}/console`,
      lastChecked: now().toISOString(),
      isMockData: false,
      error: missing.length > 0 ? `Not in the runtime list although the admin server reports them running: ${missing.join(', ')}` : null,
      originalError: null,
    }
  } catch (error) {
    const failure =
      error instanceof WeblogicCallError ? error : new WeblogicCallError('Reading the domain failed unexpectedly', String(error), false)
    return {
      domain: domain.name,
      status: failure.unreachable ? 'UNREACHABLE' : 'ERROR',
      adminServer: {
        name: previous?.adminServer.name ?? null,
        host: admin.hostname,
        port: adminPort,
        url: domain.adminUrl,
        state: UNREACHABLE,
        health: null,
        weblogicVersion: previous?.adminServer.weblogicVersion ?? null,
      },
      // The servers known from the last good read, now unknown.
      managedServers: (previous?.managedServers ?? []).map((server) => ({ ...server, state: UNREACHABLE, health: null, metrics: null })),
      consoleUrl: domain.consoleUrl ?? `${domain.adminUrl}/console`,
      lastChecked: now().toISOString(),
      isMockData: false,
      error: failure.message,
      originalError: failure.originalError,
    }
  } finally {
    clearTimeout(timer)
  }
}
