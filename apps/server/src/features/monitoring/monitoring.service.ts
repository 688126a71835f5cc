import { type DomainStatus, stateTone, type WeblogicStatusResponse } from '@platform/contracts/monitoring'
import type { Clock } from '../../lib/clock.js'
import { AppError } from '../../lib/errors.js'
import type { WeblogicDomain } from '../../lib/weblogic-domains-file.js'
import { mockDomains } from './mock-domains.js'
import type { StateHistory } from './state-history.service.js'
import { readDomainStatus } from './weblogic-client.js'
import { type WeblogicHttp, createWeblogicHttp } from './weblogic-http.js'

interface CacheEntry {
  status: DomainStatus
  fetchedAt: number
}

/** Counts for the summary cards: every admin and managed server of every domain. */
export function summarize(domains: DomainStatus[]): WeblogicStatusResponse['summary'] {
  const servers = domains.flatMap((domain) => [
    { state: domain.adminServer.state, health: domain.adminServer.health },
    ...domain.managedServers,
  ])
  const failed = (s: { state: string; health: string | null }) =>
    stateTone(s.state) === 'red' || s.health === 'FAILED' || s.health === 'CRITICAL'
  const warning = (s: { state: string; health: string | null }) => !failed(s) && (stateTone(s.state) === 'warning' || s.health === 'WARN')
  return {
    totalDomains: domains.length,
    totalServers: servers.length,
    runningServers: servers.filter((s) => s.state === 'RUNNING').length,
    warningServers: servers.filter(warning).length,
    failedServers: servers.filter(failed).length,
  }
}

/**
 * Server Monitoring: each configured domain read through its own client, cached for the time to live, all domains in
 * parallel with their own timeouts so one hung domain never delays another. With no domains configured, mock data.
 */
export function createMonitoringService(deps: { domains: WeblogicDomain[]; ttlSeconds: number; clock: Clock; history?: StateHistory }) {
  const { domains, ttlSeconds, clock, history } = deps
  const remember = (status: DomainStatus) => (history ? history.record(status) : Promise.resolve(status))
  const ttlMs = ttlSeconds * 1000
  const clients = new Map<string, WeblogicHttp>(domains.map((domain) => [domain.name, createWeblogicHttp(domain)]))
  const cache = new Map<string, CacheEntry>()
  const inFlight = new Map<string, { work: Promise<DomainStatus>; forced: boolean }>()
  // Reads are numbered as they set out; one that comes back after a later one was recorded is not recorded.
  let readsStarted = 0
  const lastRecorded = new Map<string, number>()
  const mockMode = domains.length === 0
  // Changes whenever a cached status does: with the current second it names one exact answer (see snapshotKey).
  let generation = 0

  /**
   * Reads a domain, sharing a read already on its way. A forced read (someone pressed Refresh, perhaps right after
   * fixing the domain) shares only another forced read: a poll that set out before may carry the old answer.
   */
  function refresh(domain: WeblogicDomain, force = false): Promise<DomainStatus> {
    const running = inFlight.get(domain.name)
    if (running && (running.forced || !force)) return running.work
    const number = ++readsStarted
    const work = readDomainStatus(domain, clients.get(domain.name)!, () => clock.now(), cache.get(domain.name)?.status)
      .then(async (status) => {
        // Overtaken by a read that set out later and already answered: its answer stands.
        if ((lastRecorded.get(domain.name) ?? 0) > number) return status
        lastRecorded.set(domain.name, number)
        const recorded = await remember(status)
        cache.set(domain.name, { status: recorded, fetchedAt: clock.now().getTime() })
        generation += 1
        return recorded
      })
      .finally(() => {
        if (inFlight.get(domain.name)?.work === work) inFlight.delete(domain.name)
      })
    inFlight.set(domain.name, { work, forced: force })
    return work
  }

  let mockRead: Promise<void> | null = null
  async function mockStatuses(force: boolean): Promise<DomainStatus[]> {
    const now = clock.now()
    const fresh = [...cache.values()].every((entry) => now.getTime() - entry.fetchedAt < ttlMs)
    if (force || cache.size === 0 || !fresh) {
      mockRead ??= Promise.all(mockDomains(now).map(remember))
        .then((statuses) => {
          for (const status of statuses) cache.set(status.domain, { status, fetchedAt: now.getTime() })
          generation += 1
        })
        .finally(() => {
          mockRead = null
        })
      await mockRead
    }
    return [...cache.values()].map((entry) => entry.status)
  }

  function cacheInfo(): WeblogicStatusResponse['cache'] {
    const now = clock.now().getTime()
    const entries = [...cache.entries()].map(([domain, entry]) => {
      const age = Math.max(0, Math.round((now - entry.fetchedAt) / 1000))
      return { domain, age, expiresIn: Math.max(0, ttlSeconds - age) }
    })
    return { ttl: ttlSeconds, stats: { totalEntries: entries.length, entries } }
  }

  return {
    mockMode,

    /**
     * Names the answer `status()` would give now without reading anything: the same key means the same answer (the
     * ages in it count whole seconds). Null when some domain is due to be read again.
     */
    snapshotKey(): string | null {
      const now = clock.now().getTime()
      if (cache.size === 0 || (!mockMode && cache.size < domains.length)) return null
      for (const entry of cache.values()) if (now - entry.fetchedAt >= ttlMs) return null
      return `${generation}:${Math.floor(now / 1000)}`
    },

    /** Every domain: from the cache while fresh, read again when stale or when `force`. */
    async status(force = false): Promise<WeblogicStatusResponse> {
      let statuses: DomainStatus[]
      if (mockMode) {
        statuses = await mockStatuses(force)
      } else {
        const now = clock.now().getTime()
        statuses = await Promise.all(
          domains.map((domain) => {
            const cached = cache.get(domain.name)
            return !force && cached && now - cached.fetchedAt < ttlMs ? cached.status : refresh(domain, force)
          }),
        )
      }
      return { summary: summarize(statuses), cache: cacheInfo(), domains: statuses }
    },

    /** One domain (the per-domain Refresh), read again unless `force` is false and it is fresh. */
    async domainStatus(name: string, force: boolean): Promise<DomainStatus> {
      if (mockMode) {
        const status = (await mockStatuses(force)).find((candidate) => candidate.domain === name)
        if (!status) throw new AppError('not_found', `There is no domain named ${name}.`)
        return status
      }
      const domain = domains.find((candidate) => candidate.name === name)
      if (!domain) throw new AppError('not_found', `There is no domain named ${name}. Domains: ${domains.map((d) => d.name).join(', ')}.`)
      const cached = cache.get(name)
      if (!force && cached && clock.now().getTime() - cached.fetchedAt < ttlMs) return cached.status
      return refresh(domain, force)
    },

    close(): void {
      for (const client of clients.values()) client.close()
    },
  }
}
export type MonitoringService = ReturnType<typeof createMonitoringService>
