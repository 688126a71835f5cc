import { type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely'

// Frozen in time: this file never imports application code.

function withId<T extends string>(postgres: boolean, table: CreateTableBuilder<T>, column: string) {
  return postgres
    ? table.addColumn(column, 'serial', (c) => c.primaryKey())
    : table.addColumn(column, 'integer', (c) => c.primaryKey().autoIncrement())
}

/** Accruals: close cycles, requests with their lines and saved versions, liquidations, journal exports, e-mail notices. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  const money = postgres ? 'bigint' : 'integer'

  await withId(postgres, db.schema.createTable('accrual_cycles'), 'cycle_id')
    .addColumn('fiscal_year', 'text', (c) => c.notNull().unique())
    .addColumn('cutoff_on', 'text', (c) => c.notNull())
    .addColumn('submit_by', 'text', (c) => c.notNull())
    .addColumn('lock_on', 'text', (c) => c.notNull())
    .addColumn('board_on', 'text', (c) => c.notNull())
    .addColumn('county_on', 'text', (c) => c.notNull())
    .addColumn('materiality_cents', money, (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.user_id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()

  // A journal export: the requests it posted carry its reference; the row is written in the same transaction as they.
  await withId(postgres, db.schema.createTable('accrual_journals'), 'journal_id')
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('cycle_id', 'integer', (c) => c.notNull().references('accrual_cycles.cycle_id'))
    .addColumn('request_count', 'integer', (c) => c.notNull())
    .addColumn('amount_cents', money, (c) => c.notNull())
    .addColumn('exported_by', 'integer', (c) => c.notNull().references('users.user_id'))
    .addColumn('exported_at', 'text', (c) => c.notNull())
    .execute()

  await withId(postgres, db.schema.createTable('accruals'), 'accrual_id')
    .addColumn('cycle_id', 'integer', (c) => c.notNull().references('accrual_cycles.cycle_id'))
    .addColumn('site_id', 'integer', (c) => c.notNull().references('finance_sites.site_id'))
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('accrual_account', 'text', (c) => c.notNull())
    .addColumn('named_account', 'text')
    .addColumn('clearing', 'text', (c) => c.notNull())
    .addColumn('for_goods', 'integer', (c) => c.notNull())
    .addColumn('vendor', 'text', (c) => c.notNull())
    .addColumn('vendor_key', 'text', (c) => c.notNull())
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('po_number', 'text')
    .addColumn('invoice_number', 'text')
    .addColumn('received_on', 'text')
    .addColumn('service_from', 'text')
    .addColumn('service_to', 'text')
    .addColumn('basis', 'text', (c) => c.notNull())
    .addColumn('basis_note', 'text')
    .addColumn('amount_cents', money, (c) => c.notNull())
    .addColumn('duplicate_note', 'text')
    .addColumn('restricted_justification', 'text')
    .addColumn('requester_id', 'integer', (c) => c.notNull().references('users.user_id'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('submitted_at', 'text')
    .addColumn('site_approved_by', 'integer', (c) => c.references('users.user_id'))
    .addColumn('site_approved_at', 'text')
    .addColumn('approved_by', 'integer', (c) => c.references('users.user_id'))
    .addColumn('approved_at', 'text')
    .addColumn('last_reason', 'text')
    .addColumn('journal_id', 'integer', (c) => c.references('accrual_journals.journal_id'))
    .addColumn('posted_at', 'text')
    .addColumn('cleared_cents', money, (c) => c.notNull())
    .addColumn('written_off_cents', money, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('accruals_cycle_state_idx').on('accruals').columns(['cycle_id', 'state', 'accrual_id']).execute()
  await db.schema.createIndex('accruals_cycle_site_idx').on('accruals').columns(['cycle_id', 'site_id', 'accrual_id']).execute()
  await db.schema.createIndex('accruals_requester_idx').on('accruals').columns(['requester_id', 'accrual_id']).execute()
  await db.schema.createIndex('accruals_journal_idx').on('accruals').columns(['journal_id', 'accrual_id']).execute()
  await db.schema.createIndex('accruals_duplicate_po_idx').on('accruals').columns(['cycle_id', 'po_number', 'invoice_number']).execute()
  await db.schema.createIndex('accruals_duplicate_vendor_idx').on('accruals').columns(['cycle_id', 'vendor_key', 'amount_cents']).execute()

  // Fund and resource are kept apart from the account string so the cycle's totals group on indexed columns.
  await db.schema
    .createTable('accrual_lines')
    .addColumn('accrual_id', 'integer', (c) => c.notNull().references('accruals.accrual_id'))
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('fund', 'text', (c) => c.notNull())
    .addColumn('resource', 'text', (c) => c.notNull())
    .addColumn('amount_cents', money, (c) => c.notNull())
    .addPrimaryKeyConstraint('accrual_lines_pk', ['accrual_id', 'line_no'])
    .execute()

  // Every saved content of a request (the first draft and each edit), never changed afterwards.
  await db.schema
    .createTable('accrual_versions')
    .addColumn('accrual_id', 'integer', (c) => c.notNull().references('accruals.accrual_id'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('saved_by', 'integer', (c) => c.notNull().references('users.user_id'))
    .addColumn('saved_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('accrual_versions_pk', ['accrual_id', 'version'])
    .execute()

  await withId(postgres, db.schema.createTable('accrual_liquidations'), 'liquidation_id')
    .addColumn('accrual_id', 'integer', (c) => c.notNull().references('accruals.accrual_id'))
    .addColumn('paid_on', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('amount_cents', money, (c) => c.notNull())
    .addColumn('recorded_by', 'integer', (c) => c.notNull().references('users.user_id'))
    .addColumn('recorded_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('accrual_liquidations_accrual_idx').on('accrual_liquidations').columns(['accrual_id']).execute()

  // Each e-mail notice once (a deadline per person and day, a returned request per version), whichever instance sends it.
  await db.schema
    .createTable('accrual_notices')
    .addColumn('notice_key', 'text', (c) => c.primaryKey())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .execute()
}
