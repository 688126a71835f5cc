import { createHash } from 'node:crypto'
import type { Generated, Kysely } from 'kysely'

// Frozen in time: this file never imports application code. The hash below is the chain's definition at the time
// the chain starts; features/audit/audit-chain.ts computes the same thing for every later row.

const GENESIS = '0'.repeat(64)

/**
 * The tamper-evident audit chain: each row carries the SHA-256 of its content and of the previous row's hash.
 * These table types repeat db/schema.ts on purpose: a migration keeps the shape the tables had when it was written,
 * so a later change to schema.ts can never change what this migration does (the repetition is the freeze).
 */
interface ChainTables {
  audit_log: {
    audit_id: Generated<number>
    occurred_at: string
    actor_user_id: number | null
    action: string
    outcome: string
    target_type: string | null
    target_id: string | null
    email: string | null
    ip: string | null
    user_agent: string | null
    details: string | null
    prev_hash: string | null
    row_hash: string | null
  }
  audit_chain_head: { chain_id: number; last_audit_id: number; last_hash: string }
}

export async function up(untyped: Kysely<unknown>): Promise<void> {
  const db = untyped as unknown as Kysely<ChainTables>
  await db.schema.alterTable('audit_log').addColumn('prev_hash', 'text').execute()
  await db.schema.alterTable('audit_log').addColumn('row_hash', 'text').execute()
  // One row: the chain's last link. Every append updates it first, in the same transaction, so appends from any
  // number of processes queue behind its row lock (PostgreSQL) or the write lock (SQLite) and stay in order.
  await db.schema
    .createTable('audit_chain_head')
    .addColumn('chain_id', 'integer', (c) => c.primaryKey())
    .addColumn('last_audit_id', 'integer', (c) => c.notNull())
    .addColumn('last_hash', 'text', (c) => c.notNull())
    .execute()

  const start = {
    occurred_at: new Date().toISOString(),
    actor_user_id: null,
    action: 'audit.chain_started',
    outcome: 'success',
    target_type: 'audit_log',
    target_id: null,
    email: null,
    ip: null,
    user_agent: null,
    details: JSON.stringify({ note: 'Rows from here on carry a hash chain; earlier rows are before the chain.' }),
    prev_hash: GENESIS,
  }
  const content = JSON.stringify([
    start.occurred_at,
    start.actor_user_id,
    start.action,
    start.outcome,
    start.target_type,
    start.target_id,
    start.email,
    start.ip,
    start.user_agent,
    start.details,
    start.prev_hash,
  ])
  const rowHash = createHash('sha256').update(content).digest('hex')
  const { audit_id: auditId } = await db
    .insertInto('audit_log')
    .values({ ...start, row_hash: rowHash })
    .returning('audit_id')
    .executeTakeFirstOrThrow()
  await db.insertInto('audit_chain_head').values({ chain_id: 1, last_audit_id: auditId, last_hash: rowHash }).execute()
}
