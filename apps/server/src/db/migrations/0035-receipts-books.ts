import { type Kysely, sql } from 'kysely'

// Frozen in time: this file never imports application code.

/**
 * Payment Receipts' books: the accounts a site's collectors may credit, and the site code a deposit was
 * labelled with when it was gathered.
 *
 * - `finance_sites.school_segment`: the site's value of the chart's school-site segment (`010`); its collectors credit
 *   accounts of that segment by default. Null until an administrator sets it: such a site's collectors credit nothing.
 * - `finance_site_accounts`: further account patterns an administrator allowed a site (each segment its digits or `*`).
 * - `receipt_deposits.site_code`: the site's code when the deposit was gathered, so its label (and the journal's) reads
 *   the same forever; deposits gathered before this migration take the code their site has now.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('finance_sites').addColumn('school_segment', 'text').execute()

  await db.schema
    .createTable('finance_site_accounts')
    .addColumn('site_id', 'integer', (c) => c.notNull().references('finance_sites.site_id'))
    .addColumn('pattern', 'text', (c) => c.notNull())
    .addColumn('added_by', 'integer', (c) => c.notNull().references('users.user_id'))
    .addColumn('added_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('finance_site_accounts_pk', ['site_id', 'pattern'])
    .execute()

  await db.schema.alterTable('receipt_deposits').addColumn('site_code', 'text').execute()
  await sql`update receipt_deposits set site_code = (select s.code from finance_sites s where s.site_id = receipt_deposits.site_id)`.execute(
    db,
  )
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('receipt_deposits').dropColumn('site_code').execute()
  await db.schema.dropTable('finance_site_accounts').execute()
  await db.schema.alterTable('finance_sites').dropColumn('school_segment').execute()
}
