import type { DbTransaction } from '../../db/database.js'
import type { Clock } from '../../lib/clock.js'
import type { ChainHead } from '../../db/audit-chain-head.js'
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

/** The append-only record of sign-ins, failures and administrative changes. */
export function createAuditService({ audit, clock }: { audit: AuditRepository; clock: Clock }) {
  return {
    /**
     * Appends one event; given a step's transaction, inside it (the step and its record commit together), and given
     * also the head that transaction locked with its own statement (lockChainHeadAfter), without locking it again.
     */
    async record(event: AuditEvent, within?: DbTransaction, lockedHead?: ChainHead): Promise<WrittenEntry> {
      const row = toRow(event, clock.now().toISOString())
      await audit.insert(row, within, within && lockedHead)
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
    /** One page of the log, newest first, with the total. */
    async list(filters: AuditFilters, limit: number, offset: number) {
      const { rows, total } = await audit.list(filters, limit, offset)
      return { data: rows, pagination: { total, limit, offset } }
    },
    actions: () => audit.actions(),
    /** A record's history: the audit rows about each of its targets, oldest first, with the actor's name. */
    history: (targets: Array<{ type: string; id: string }>) => audit.history(targets),
    /** Every matching entry for an export, read in pages. */
    stream: (filters: AuditFilters) => audit.stream(filters),
  }
}
export type AuditService = ReturnType<typeof createAuditService>
