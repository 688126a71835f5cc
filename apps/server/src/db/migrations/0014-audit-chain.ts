import { createHash } from 'node:crypto'
import type { Kysely } from 'kysely'

// Frozen in time: this file never imports application code. The hash below is the chain's definition at the time
// the chain starts; features/audit/audit-chain.ts computes the same thing for every later row.

const GENESIS = '0'.repeat(64)

/** The one column this migration reads back: the id of the row that starts the chain. */
interface InsertedAuditRow {
  audit_id: number
}

/**
 * The tamper-evident audit chain: each row carries the SHA-256 of its content and of the previous row's hash.
 * The database is untyped (Kysely<any>), as Kysely's migration guide advises: typing it with db/schema.ts would tie
 * this file to the tables as they are today (a later change there could stop it compiling, or tempt an edit), and a
 * copy of the table type would only repeat schema.ts. What it depends on is the columns its statements name.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration must not depend on the current table types
export async function up(db: Kysely<any>): Promise<void> {
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
  const { audit_id: auditId }: InsertedAuditRow = await db
    .insertInto('audit_log')
    .values({ ...start, row_hash: rowHash })
    .returning('audit_id')
    .executeTakeFirstOrThrow()
  await db.insertInto('audit_chain_head').values({ chain_id: 1, last_audit_id: auditId, last_hash: rowHash }).execute()
}
