import type { Kysely } from 'kysely'

// Frozen in time: this file never imports application code.

/**
 * The records figures count requests received in a range by state, due date, determination, extension and closing.
 * The requests' rows are wide (the request's text, the requester, the determination): this index holds just the
 * columns the figures read, so they are counted from it without reading the rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('records_requests_figures_idx')
    .on('records_requests')
    .columns(['received_on', 'state', 'due_on', 'determined_on', 'determined_on_time', 'closed_on', 'extension_reason'])
    .execute()
}
