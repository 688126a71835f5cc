import type { Kysely } from 'kysely'

// Frozen in time: this file never imports application code.

/**
 * The history of a receipt, deposit, accrual or records request is read from the audit log by its target. Without
 * this index every record page read the whole log, which grows by every step of every application and is never pruned.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('audit_log_target_idx').on('audit_log').columns(['target_type', 'target_id', 'audit_id']).execute()
}
