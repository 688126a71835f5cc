import { type Kysely, sql } from 'kysely'

// Frozen in time: this file never imports application code.

/**
 * A cycle's totals by fund and by resource count the requests that reach each fund or resource, and a request with
 * two lines in one fund counts once. Counting distinct requests meant a sort of every line per total; each line now
 * says whether it is its request's first line of its fund (and of its resource), so the count is a sum, and one pass
 * grouped by fund and resource serves both totals. The index holds everything that pass reads.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('accrual_lines')
    .addColumn('first_in_fund', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .alterTable('accrual_lines')
    .addColumn('first_in_resource', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await sql`
    update accrual_lines set
      first_in_fund = case when line_no = (
        select min(other.line_no) from accrual_lines other
        where other.accrual_id = accrual_lines.accrual_id and other.fund = accrual_lines.fund
      ) then 1 else 0 end,
      first_in_resource = case when line_no = (
        select min(other.line_no) from accrual_lines other
        where other.accrual_id = accrual_lines.accrual_id and other.resource = accrual_lines.resource
      ) then 1 else 0 end
  `.execute(db)
  await db.schema.dropIndex('accrual_lines_totals_idx').execute()
  await db.schema
    .createIndex('accrual_lines_totals_idx')
    .on('accrual_lines')
    .columns(['accrual_id', 'fund', 'resource', 'amount_cents', 'first_in_fund', 'first_in_resource'])
    .execute()
}
