import { DEFAULT_DISTRICT_TIME_ZONE, formatIsoInDistrict } from '@platform/contracts/district-time'
import { localDate } from '@platform/contracts/finance-fiscal-year'
import { endOfDistrictDay, startOfDistrictDayInstant } from '@platform/contracts/deadline'
import type { DbTransaction } from '../../db/database.js'
import type { Clock } from '../../lib/clock.js'
import type { AuthUser } from '../../plugins/access.js'
import { ConfigError } from '../../config.js'
import { CHAIN_KEYED_ACTION } from './audit-chain.js'
import type { AuditFilters, AuditRepository } from './audit.repository.js'

export interface AuditEvent {
  action: string
  outcome: 'success' | 'failure'
  actorUserId?: number | null
  targetType?: string
  targetId?: string | number
  email?: string
  ip?: string
  userAgent?: string
  /** Extra facts (reasons, before/after values). Never a token, code or link. */
  details?: Record<string, unknown>
}

/** An entry as written, so a step can answer with its own history without reading it back. */
export type WrittenEntry = ReturnType<typeof toRow>

const toRow = (event: AuditEvent, at: string) => ({
  occurred_at: at,
  action: event.action,
  outcome: event.outcome,
  actor_user_id: event.actorUserId ?? null,
  target_type: event.targetType ?? null,
  target_id: event.targetId == null ? null : String(event.targetId),
  email: event.email ?? null,
  ip: event.ip ?? null,
  user_agent: event.userAgent?.slice(0, 500) ?? null,
  details: event.details ? JSON.stringify(event.details) : null,
})

/**
 * How one person reads the details of audit rows, decided by the feature that wrote them (the blind count: a COUNTER
 * reads no receipt amount). Null: as written. The rows themselves are never changed; only what is answered.
 */
export type DetailsReader = (row: { action: string; details: string | null }) => string | null
export type ReadPolicy = (viewer: AuthUser) => Promise<DetailsReader | null>

/** The append-only record of sign-ins, failures and administrative changes. */
export function createAuditService({
  audit,
  clock,
  timeZone = DEFAULT_DISTRICT_TIME_ZONE,
}: {
  audit: AuditRepository
  clock: Clock
  /** The district's zone: a filter's dates are its days, from midnight to midnight on its clock. */
  timeZone?: string
}) {
  const instants = (filters: AuditFilters): AuditFilters => ({
    ...filters,
    from: filters.from ? startOfDistrictDayInstant(filters.from, timeZone) : undefined,
    to: filters.to ? endOfDistrictDay(filters.to, timeZone) : undefined,
  })
  const readPolicies: ReadPolicy[] = []
  /** The details as this person may read them: every registered policy applied in turn. */
  async function readerFor(viewer: AuthUser): Promise<(row: { action: string; details: string | null }) => string | null> {
    const readers = (await Promise.all(readPolicies.map((policy) => policy(viewer)))).filter((reader) => reader !== null)
    return (row) => readers.reduce((details, reader) => reader({ action: row.action, details }), row.details)
  }

  return {
    /** A feature's rule for what a person may read in its rows' details (app.ts registers them). */
    registerReadPolicy: (policy: ReadPolicy) => {
      readPolicies.push(policy)
    },
    /**
     * Appends one event; given a step's transaction, inside it (the step and its record commit together).
     */
    async record(event: AuditEvent, within?: DbTransaction): Promise<WrittenEntry> {
      const row = toRow(event, clock.now().toISOString())
      await audit.insert(row, within)
      return row
    },
    /**
     * Keys the chain from now on (decision 034), once for the life of the database: writes the chain-keyed row unless
     * the chain has one. A key other than the one the chain was keyed with stops the start: every row it wrote would
     * read as broken.
     */
    async keyChain(keyId: string): Promise<{ keyedFromId: number }> {
      const row = toRow(
        {
          action: CHAIN_KEYED_ACTION,
          outcome: 'success',
          targetType: 'audit_log',
          details: { keyId, note: 'From this row on each row carries an HMAC under the chain key; the rows before carry plain SHA-256.' },
        },
        clock.now().toISOString(),
      )
      const keyed = await audit.keyChain(row)
      if (keyed.keyId !== keyId)
        throw new ConfigError(
          `Invalid configuration:\n- AUDIT_CHAIN_KEY / AUDIT_CHAIN_KEY_FILE: the audit chain was keyed at row ${keyed.auditId} with the key of id ${keyed.keyId ?? 'unnamed'}, but the key given has id ${keyId}. Start with the chain's key (changing it is not supported: decision 034).`,
        )
      return { keyedFromId: keyed.auditId }
    },
    /** Many events at once (an import), written in batches; given the import's transaction, inside it. */
    async recordMany(events: AuditEvent[], within?: DbTransaction): Promise<void> {
      const at = clock.now().toISOString()
      for (let i = 0; i < events.length; i += 500)
        await audit.insertMany(
          events.slice(i, i + 500).map((event) => toRow(event, at)),
          within,
        )
    },
    countSince: (action: string, outcome: 'success' | 'failure', since: Date) => audit.countSince(action, outcome, since.toISOString()),
    /** One page of the log, newest first, with the total, read by a person (or by the platform itself, as written). */
    async list(filters: AuditFilters, limit: number, offset: number, viewer: AuthUser | 'platform') {
      const { rows, total } = await audit.list(instants(filters), limit, offset)
      if (viewer === 'platform') return { data: rows, pagination: { total, limit, offset } }
      const read = await readerFor(viewer)
      return { data: rows.map((row) => ({ ...row, details: read(row) })), pagination: { total, limit, offset } }
    },
    actions: () => audit.actions(),
    /** A record's history: the audit rows about each of its targets, oldest first, with the actor's name. */
    history: (targets: Array<{ type: string; id: string }>) => audit.history(targets),
    /** Every matching entry for an export, read in pages, its time on the district's clock with the offset. */
    async *stream(filters: AuditFilters, viewer: AuthUser) {
      const read = await readerFor(viewer)
      for await (const row of audit.stream(instants(filters)))
        yield { ...row, occurred_at: formatIsoInDistrict(row.occurred_at, timeZone), details: read(row) }
    },
    /** Today's date on the district's calendar, for an export's file name. */
    today: () => localDate(clock.now(), timeZone),
  }
}
export type AuditService = ReturnType<typeof createAuditService>
