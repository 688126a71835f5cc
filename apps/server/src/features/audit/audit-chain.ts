import { createHash } from 'node:crypto'
import { type Insertable, sql } from 'kysely'
import type { AuditLogTable } from '../../db/schema.js'

/** The previous hash of the chain-start row (migration 0014). */
export const GENESIS_HASH = '0'.repeat(64)

export type ChainedContent = Omit<Insertable<AuditLogTable>, 'audit_id' | 'row_hash'> & { prev_hash: string }

/**
 * The SHA-256 of a row's content and its previous row's hash. The field order is the chain's definition: migration
 * 0014 computed the chain-start row the same way, so this must never change.
 */
export function auditRowHash(row: ChainedContent): string {
  const content = JSON.stringify([
    row.occurred_at,
    row.actor_user_id ?? null,
    row.action,
    row.outcome,
    row.target_type ?? null,
    row.target_id ?? null,
    row.email ?? null,
    row.ip ?? null,
    row.user_agent ?? null,
    row.details ?? null,
    row.prev_hash,
  ])
  return createHash('sha256').update(content).digest('hex')
}

/** The chain's head as locked by the writer about to append: the last row's id and hash. */
export interface ChainHead {
  last_audit_id: number
  last_hash: string
}

/**
 * PostgreSQL: the chain's head locked and read as one part (a WITH query named `head(last_audit_id, last_hash)`) of a step's own statement, only once `after`
 * (an earlier part that locks the step's record) has returned a row. The step's rows are locked first and the head
 * last, the order every writer keeps; and the head's lock costs no round trip of its own while the step's lock is
 * held. Hand what it returns to `audit.record` as the locked head.
 */
export const lockChainHeadAfter = (after: string) =>
  sql<ChainHead>`(update audit_chain_head set last_audit_id = last_audit_id
    where chain_id = 1 and exists (select 1 from ${sql.table(after)}) returning last_audit_id, last_hash)`
