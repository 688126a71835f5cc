import {
  stateTone,
  UNREACHABLE,
  type DomainStatus,
  type Health,
  type ServerMetrics,
  type WeblogicStatusResponse,
} from '@platform/contracts/monitoring'
import { AlertTriangle, CheckCircle, HelpCircle, XCircle, type LucideIcon } from 'lucide-react'
import { districtTimeZone } from '@/lib/district-time'

export type Tone = ReturnType<typeof stateTone>

/** How a state, a health or a domain status is drawn: a filled badge colour (WCAG AA shades, as on the other screens) and an icon. */
export interface ToneStyle {
  tone: Tone
  /** Mantine colour of a filled badge. */
  color: string
  /** True when the badge needs Mantine's automatic dark text (the light yellow of warnings). */
  autoContrast: boolean
  icon: LucideIcon
}

const TONE_STYLES: Record<Tone, ToneStyle> = {
  ok: { tone: 'ok', color: 'teal.9', autoContrast: false, icon: CheckCircle },
  red: { tone: 'red', color: 'red.9', autoContrast: false, icon: XCircle },
  grey: { tone: 'grey', color: 'gray.7', autoContrast: false, icon: HelpCircle },
  warning: { tone: 'warning', color: 'yellow.4', autoContrast: true, icon: AlertTriangle },
}

/** A server state's tone: RUNNING ok (CheckCircle), SHUTDOWN or FAILED red (XCircle), UNREACHABLE grey (HelpCircle), anything else warning (AlertTriangle). */
export function stateStyle(state: string): ToneStyle {
  return TONE_STYLES[stateTone(state)]
}

/** The tone of a health: OK ok, WARN warning, FAILED and CRITICAL red; unknown (null or any other text) grey. */
export function healthTone(health: Health | string | null): Tone {
  switch (health) {
    case 'OK':
      return 'ok'
    case 'WARN':
      return 'warning'
    case 'FAILED':
    case 'CRITICAL':
      return 'red'
    default:
      return 'grey'
  }
}

export function healthStyle(health: Health | string | null): ToneStyle {
  return TONE_STYLES[healthTone(health)]
}

/** A domain's status: ONLINE ok, UNREACHABLE grey, ERROR (and anything else) red. */
export function domainStatusStyle(status: DomainStatus['status']): ToneStyle {
  if (status === 'ONLINE') return TONE_STYLES.ok
  if (status === UNREACHABLE) return TONE_STYLES.grey
  return TONE_STYLES.red
}

/** The cache entry the line speaks of: the youngest one (the most recently read domain), or null when nothing is cached. */
export function youngestEntry(cache: WeblogicStatusResponse['cache']): { age: number; expiresIn: number } | null {
  let youngest: { age: number; expiresIn: number } | null = null
  for (const entry of cache.stats.entries) {
    if (!youngest || entry.age < youngest.age) youngest = entry
  }
  return youngest
}

const wholeSeconds = (ms: number) => Math.max(0, Math.floor(ms / 1000))

/** Seconds until the next refresh: the youngest entry's expiresIn at fetch time minus the seconds since, never below 0. */
export function secondsUntilRefresh(expiresIn: number, fetchedAt: number, now: number): number {
  return Math.max(0, Math.round(expiresIn) - wholeSeconds(now - fetchedAt))
}

/** The age of the data now: the age at fetch time plus the seconds since. */
export function dataAgeNow(age: number, fetchedAt: number, now: number): number {
  return Math.max(0, Math.round(age) + wholeSeconds(now - fetchedAt))
}

/** 60 → "1 minute", 300 → "5 minutes", 90 → "1.5 minutes" (a ttl in seconds). */
export function formatInterval(ttlSeconds: number): string {
  const minutes = Math.round((ttlSeconds / 60) * 10) / 10
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`
}

/** '{servers} servers · updates every {n} minute(s) · data age {age}s · next refresh in {n}s'. */
export function cacheLine(totalServers: number, cache: WeblogicStatusResponse['cache'], fetchedAt: number, now: number): string {
  const parts = [`${totalServers} ${totalServers === 1 ? 'server' : 'servers'}`, `updates every ${formatInterval(cache.ttl)}`]
  const entry = youngestEntry(cache)
  if (entry) {
    parts.push(
      `data age ${dataAgeNow(entry.age, fetchedAt, now)}s`,
      `next refresh in ${secondsUntilRefresh(entry.expiresIn, fetchedAt, now)}s`,
    )
  }
  return parts.join(' · ')
}

/** What a server in no cluster shows in the Cluster column. */
export const NOT_IN_A_CLUSTER = 'Not in a cluster'

/** The cluster as shown: nothing when the server is in no cluster ('None'). */
export function clusterLabel(clusterName: string): string {
  return clusterName.trim().toLowerCase() === 'none' ? '' : clusterName
}

/** host:port of a server. */
export function hostPort(host: string, port: number | null): string {
  return port === null ? host : `${host}:${port}`
}

/** A replacement for one domain in the status answer (the per-domain refresh); the other domains are untouched. */
export function replaceDomain(status: WeblogicStatusResponse, fresh: DomainStatus): WeblogicStatusResponse {
  const found = status.domains.some((domain) => domain.domain === fresh.domain)
  return {
    ...status,
    domains: found ? status.domains.map((domain) => (domain.domain === fresh.domain ? fresh : domain)) : [...status.domains, fresh],
  }
}

export const MOCK_DATA_NOTE = 'Mock data: no WebLogic domains are configured (WEBLOGIC_DOMAINS_FILE); these servers are examples.'
export const FETCH_FAILED = 'Failed to fetch Weblogic status'

/** A check time with seconds on the district's clock ("Jan 5, 2026, 3:04:05 PM PST"); an unreadable one as it came. */
export function formatCheckedAt(value: string): string {
  const date = new Date(value)
  if (Number.isNaN(date.getTime())) return value
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'long', timeZone: districtTimeZone() }).format(date)
}

/** "21% (731 of 3,641 MB)", or '—' when the heap was not read. */
export function heapText(metrics: ServerMetrics | null | undefined): string {
  if (!metrics || metrics.heapUsedPercent === null) return '—'
  const sizes =
    metrics.heapUsedMb !== null && metrics.heapMaxMb !== null
      ? ` (${metrics.heapUsedMb.toLocaleString('en-US')} of ${metrics.heapMaxMb.toLocaleString('en-US')} MB)`
      : ''
  return `${metrics.heapUsedPercent}%${sizes}`
}

/** "0 stuck, 2 hogging", or '—'. */
export function threadsText(metrics: ServerMetrics | null | undefined): string {
  if (!metrics || (metrics.stuckThreads === null && metrics.hoggingThreads === null)) return '—'
  return `${metrics.stuckThreads ?? '?'} stuck, ${metrics.hoggingThreads ?? '?'} hogging`
}

/** "jdbc/hr: Running (3 active)", one per data source, or '—'. */
export function dataSourcesText(metrics: ServerMetrics | null | undefined): string {
  if (!metrics || metrics.dataSources.length === 0) return '—'
  return metrics.dataSources
    .map((ds) => `${ds.name}: ${ds.state}${ds.activeConnections === null ? '' : ` (${ds.activeConnections} active)`}`)
    .join('; ')
}

/** Stuck threads, or a data source that is not Running, deserve attention. */
export function metricsNeedAttention(metrics: ServerMetrics | null | undefined): boolean {
  return !!metrics && ((metrics.stuckThreads ?? 0) > 0 || metrics.dataSources.some((ds) => ds.state.toLowerCase() !== 'running'))
}
