import type { DbTransaction } from '../../db/database.js'
import type { Clock } from '../../lib/clock.js'
import type { AuditVerifyResponse } from '@platform/contracts/audit'
import type { ChainHead } from '../../db/audit-chain-head.js'
import { GENESIS_HASH, auditRowHash } from './audit-chain.js'
import type { AuditFilters, AuditRepository } from './audit.repository.js'

const VERIFY_PAGE = 2000

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
    /** Checks the chain from its start row to its head; names the first row that does not match. */
    verify: () => verifyAuditChain(audit),
  }
}
export type AuditService = ReturnType<typeof createAuditService>

/**
 * Walks the chain in id order: each row's previous hash must be the row before's hash, and its own hash must be the hash
 * of its content. The head is read first, so rows appended while the check runs are left for the next check.
 */
export async function verifyAuditChain(audit: Pick<AuditRepository, 'chainBounds' | 'chainPage'>): Promise<AuditVerifyResponse> {
  const { startId, head, beforeChain } = await audit.chainBounds()
  if (startId === null || head === null) return { ok: false, checked: 0, firstBrokenId: head?.last_audit_id ?? null, beforeChain }
  let expectedPrevious = GENESIS_HASH
  let afterId = startId - 1
  let checked = 0
  for (;;) {
    const rows = (await audit.chainPage(afterId, VERIFY_PAGE)).filter((row) => row.audit_id <= head.last_audit_id)
    for (const row of rows) {
      const intact =
        row.prev_hash === expectedPrevious && row.row_hash !== null && auditRowHash({ ...row, prev_hash: row.prev_hash }) === row.row_hash
      if (!intact) return { ok: false, checked, firstBrokenId: row.audit_id, beforeChain }
      checked += 1
      expectedPrevious = row.row_hash!
      afterId = row.audit_id
    }
    if (rows.length < VERIFY_PAGE) break
  }
  // Rows removed from the end leave the head pointing past the last row that is still there.
  if (afterId !== head.last_audit_id || expectedPrevious !== head.last_hash)
    return { ok: false, checked, firstBrokenId: head.last_audit_id, beforeChain }
  return { ok: true, checked, firstBrokenId: null, beforeChain }
}
