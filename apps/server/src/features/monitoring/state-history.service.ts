import type { DomainStatus, StateChange } from '@platform/contracts/monitoring'
import type { Clock } from '../../lib/clock.js'
import type { StateHistoryRepository } from './state-history.repository.js'

interface Observed {
  state: string
  health: string | null
  since: string
}

/** One server whose state or health is not what it was. */
export interface ServerChange {
  serverName: string
  state: string
  health: string | null
  previousState: string | null
  previousHealth: string | null
}

// Worst last: a drop is a move to the right.
const HEALTH_RANK: Record<string, number> = { OK: 0, WARN: 1, FAILED: 2, CRITICAL: 2 }

/** A change administrators want to hear about: a server leaves RUNNING, or its health drops below OK. */
export function isAlarming(change: ServerChange): boolean {
  if (change.previousState === null) return false
  if (change.previousState === 'RUNNING' && change.state !== 'RUNNING') return true
  const before = change.previousHealth === null ? 0 : (HEALTH_RANK[change.previousHealth] ?? 0)
  const now = change.health === null ? 0 : (HEALTH_RANK[change.health] ?? 0)
  return now > 0 && now > before
}

/** 'osb_server1: RUNNING (OK) → FAILED (CRITICAL)', for the alert e-mail. */
export function describeChange(change: ServerChange): string {
  const show = (state: string | null, health: string | null) => (health ? `${state} (${health})` : `${state}`)
  return `${change.serverName}: ${show(change.previousState, change.previousHealth)} → ${show(change.state, change.health)}`
}

/**
 * Server Monitoring's state history. Every read of a domain is compared with the last state and health known for each
 * of its servers; a difference is stored as a change, and each server's card shows since when it has been as it is.
 * The last known values are kept in memory (loaded once) so an unchanged read costs no query.
 */
export function createStateHistory(deps: {
  history: StateHistoryRepository
  clock: Clock
  /** Told about the alarming changes of one read of a real (not mock) domain. */
  onAlarm?: (domain: string, changes: ServerChange[], at: string) => Promise<void>
  onError: (error: unknown) => void
}) {
  const { history, clock, onAlarm, onError } = deps
  let known: Promise<Map<string, Observed>> | null = null
  const keyOf = (domain: string, server: string) => `${domain}\u0000${server}`

  function load(): Promise<Map<string, Observed>> {
    known ??= history.latestPerServer().then(
      (rows) =>
        new Map(rows.map((row) => [keyOf(row.domain, row.server_name), { state: row.state, health: row.health, since: row.changed_at }])),
      (error: unknown) => {
        known = null
        throw error
      },
    )
    return known
  }

  return {
    /** Compares a fresh read with what was known, stores the changes, and answers the read with `since` on each server. */
    async record(status: DomainStatus): Promise<DomainStatus> {
      try {
        const last = await load()
        const at = clock.now().toISOString()
        const servers = [
          { name: status.adminServer.name ?? 'AdminServer', state: status.adminServer.state, health: status.adminServer.health },
          ...status.managedServers,
        ]
        const changes: ServerChange[] = []
        for (const server of servers) {
          const before = last.get(keyOf(status.domain, server.name))
          if (before && before.state === server.state && before.health === server.health) continue
          changes.push({
            serverName: server.name,
            state: server.state,
            health: server.health,
            previousState: before?.state ?? null,
            previousHealth: before?.health ?? null,
          })
        }
        if (changes.length > 0) {
          await history.insert(
            changes.map((change) => ({
              domain: status.domain,
              server_name: change.serverName,
              state: change.state,
              health: change.health,
              previous_state: change.previousState,
              previous_health: change.previousHealth,
              changed_at: at,
            })),
          )
          for (const change of changes)
            last.set(keyOf(status.domain, change.serverName), { state: change.state, health: change.health, since: at })
          const alarming = changes.filter(isAlarming)
          if (alarming.length > 0 && onAlarm && !status.isMockData) await onAlarm(status.domain, alarming, at).catch(onError)
        }
        const since = (name: string) => last.get(keyOf(status.domain, name))?.since ?? null
        return {
          ...status,
          adminServer: { ...status.adminServer, since: since(status.adminServer.name ?? 'AdminServer') },
          managedServers: status.managedServers.map((server) => ({ ...server, since: since(server.name) })),
        }
      } catch (error) {
        // The history must never stand between administrators and the live status.
        onError(error)
        return status
      }
    },

    async list(domain: string, server: string | undefined, limit: number): Promise<StateChange[]> {
      const rows = await history.list(domain, server, limit)
      return rows.map((row) => ({
        id: row.change_id,
        domain: row.domain,
        serverName: row.server_name,
        state: row.state,
        health: row.health,
        previousState: row.previous_state,
        previousHealth: row.previous_health,
        changedAt: row.changed_at,
      }))
    },
  }
}
export type StateHistory = ReturnType<typeof createStateHistory>
