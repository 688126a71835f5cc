import { createHash } from 'node:crypto'
import type { Insertable } from 'kysely'
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
