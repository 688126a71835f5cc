import { createHash, createHmac } from 'node:crypto'
import type { Insertable } from 'kysely'
import type { AuditLogTable } from '../../db/schema.js'

/** The previous hash of the chain-start row (migration 0014). */
export const GENESIS_HASH = '0'.repeat(64)

/**
 * The row from which the chain is keyed (decision 034): it and every row after it carry an HMAC under the chain key
 * kept outside the database; the rows before it carry the plain SHA-256 they were written with.
 */
export const CHAIN_KEYED_ACTION = 'audit.chain_keyed'

export type ChainedContent = Omit<Insertable<AuditLogTable>, 'audit_id' | 'row_hash'> & { prev_hash: string }

/** The chain's secret and the short name it is known by in the chain-keyed row and in checkpoints. */
export interface ChainKey {
  readonly secret: string
  /** Names the key without revealing it: an HMAC of a fixed text under the key, shortened. */
  readonly keyId: string
}

export function chainKey(secret: string): ChainKey {
  return { secret, keyId: createHmac('sha256', secret).update('district-staff-platform audit chain key id').digest('hex').slice(0, 16) }
}

/**
 * What a row's hash covers: its content and its previous row's hash. The field order is the chain's definition:
 * migration 0014 computed the chain-start row the same way, so this must never change.
 */
function hashedContent(row: ChainedContent): string {
  return JSON.stringify([
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
}

/** The published, unkeyed SHA-256 of a row: how the rows before the chain-keyed row were written. */
export function auditRowHash(row: ChainedContent): string {
  return createHash('sha256').update(hashedContent(row)).digest('hex')
}

/**
 * The HMAC-SHA256 of a row under the chain key: the same content as `auditRowHash`, but nobody without the key can
 * compute it, so a changed row cannot be given a hash that passes.
 */
export function keyedRowHash(key: ChainKey, row: ChainedContent): string {
  return createHmac('sha256', key.secret).update(hashedContent(row)).digest('hex')
}

/** The key id the chain-keyed row's details name, or null when they do not name one. */
export function keyIdOf(details: string | null): string | null {
  try {
    const parsed = JSON.parse(details ?? 'null') as { keyId?: unknown } | null
    return typeof parsed?.keyId === 'string' ? parsed.keyId : null
  } catch {
    return null
  }
}
