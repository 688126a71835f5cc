import { type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely'

// Frozen in time: this file never imports application code.

function withId<T extends string>(postgres: boolean, table: CreateTableBuilder<T>, column: string) {
  return postgres
    ? table.addColumn(column, 'serial', (c) => c.primaryKey())
    : table.addColumn(column, 'integer', (c) => c.primaryKey().autoIncrement())
}

/** Payment Receipts: numbered receipts and their lines, deposits and their blind counts, returned-check corrections. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  const money = postgres ? 'bigint' : 'integer'

  // One counter per site and fiscal year, moved in the same transaction as the receipt it numbers: gapless, never reused.
  await db.schema
    .createTable('receipt_counters')
    .addColumn('site_id', 'integer', (c) => c.notNull().references('finance_sites.site_id'))
    .addColumn('fiscal_year', 'text', (c) => c.notNull())
    .addColumn('last_sequence', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('receipt_counters_pk', ['site_id', 'fiscal_year'])
    .execute()

  await withId(postgres, db.schema.createTable('receipt_deposits'), 'deposit_id')
    .addColumn('site_id', 'integer', (c) => c.notNull().references('finance_sites.site_id'))
    .addColumn('fiscal_year', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('expected_cents', money, (c) => c.notNull())
    .addColumn('receipt_count', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.user_id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('counted_cents', money)
    .addColumn('over_short_cents', money)
    .addColumn('bag_number', 'text')
    .addColumn('count_note', 'text')
    .addColumn('counted_by', 'integer', (c) => c.references('users.user_id'))
    .addColumn('counted_at', 'text')
    .addColumn('approved_by', 'integer', (c) => c.references('users.user_id'))
    .addColumn('approved_at', 'text')
    .addColumn('submitted_by', 'integer', (c) => c.references('users.user_id'))
    .addColumn('submitted_at', 'text')
    .addColumn('treasury_reference', 'text')
    .addColumn('confirmed_on', 'text')
    .addColumn('confirmed_by', 'integer', (c) => c.references('users.user_id'))
    .addColumn('confirmed_at', 'text')
    .addColumn('statement_reference', 'text')
    .addColumn('reconcile_note', 'text')
    .addColumn('reconciled_by', 'integer', (c) => c.references('users.user_id'))
    .addColumn('reconciled_at', 'text')
    .execute()
  await db.schema.createIndex('receipt_deposits_site_state_idx').on('receipt_deposits').columns(['site_id', 'state']).execute()
  await db.schema.createIndex('receipt_deposits_confirmed_idx').on('receipt_deposits').columns(['confirmed_on']).execute()

  await withId(postgres, db.schema.createTable('receipts'), 'receipt_id')
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('site_id', 'integer', (c) => c.notNull().references('finance_sites.site_id'))
    .addColumn('fiscal_year', 'text', (c) => c.notNull())
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('payer', 'text', (c) => c.notNull())
    .addColumn('payer_search', 'text', (c) => c.notNull())
    .addColumn('tender', 'text', (c) => c.notNull())
    .addColumn('check_number', 'text')
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('amount_cents', money, (c) => c.notNull())
    .addColumn('collector_id', 'integer', (c) => c.notNull().references('users.user_id'))
    .addColumn('issued_at', 'text', (c) => c.notNull())
    .addColumn('issued_on', 'text', (c) => c.notNull())
    .addColumn('deposit_id', 'integer', (c) => c.references('receipt_deposits.deposit_id'))
    .addColumn('void_reason', 'text')
    .addColumn('voided_by', 'integer', (c) => c.references('users.user_id'))
    .addColumn('voided_at', 'text')
    .addUniqueConstraint('receipts_site_year_sequence_uq', ['site_id', 'fiscal_year', 'sequence'])
    .execute()
  await db.schema.createIndex('receipts_site_issued_idx').on('receipts').columns(['site_id', 'issued_on', 'receipt_id']).execute()
  await db.schema.createIndex('receipts_site_state_idx').on('receipts').columns(['site_id', 'state', 'issued_at']).execute()
  await db.schema.createIndex('receipts_deposit_idx').on('receipts').columns(['deposit_id']).execute()

  await db.schema
    .createTable('receipt_lines')
    .addColumn('receipt_id', 'integer', (c) => c.notNull().references('receipts.receipt_id'))
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('amount_cents', money, (c) => c.notNull())
    .addPrimaryKeyConstraint('receipt_lines_pk', ['receipt_id', 'line_no'])
    .execute()

  // The blind count: cash by denomination (receipt_id null) and each check against its receipt.
  await db.schema
    .createTable('receipt_deposit_counts')
    .addColumn('deposit_id', 'integer', (c) => c.notNull().references('receipt_deposits.deposit_id'))
    .addColumn('denomination_cents', 'integer')
    .addColumn('piece_count', 'integer')
    .addColumn('receipt_id', 'integer', (c) => c.references('receipts.receipt_id'))
    .addColumn('amount_cents', money, (c) => c.notNull())
    .execute()
  await db.schema.createIndex('receipt_deposit_counts_deposit_idx').on('receipt_deposit_counts').columns(['deposit_id']).execute()

  // A returned check's negative correction, with the receipt's own accounts; one per receipt.
  await withId(postgres, db.schema.createTable('receipt_corrections'), 'correction_id')
    .addColumn('receipt_id', 'integer', (c) => c.notNull().unique().references('receipts.receipt_id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('amount_cents', money, (c) => c.notNull())
    .addColumn('recorded_by', 'integer', (c) => c.notNull().references('users.user_id'))
    .addColumn('recorded_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createTable('receipt_correction_lines')
    .addColumn('correction_id', 'integer', (c) => c.notNull().references('receipt_corrections.correction_id'))
    .addColumn('line_no', 'integer', (c) => c.notNull())
    .addColumn('account', 'text', (c) => c.notNull())
    .addColumn('amount_cents', money, (c) => c.notNull())
    .addPrimaryKeyConstraint('receipt_correction_lines_pk', ['correction_id', 'line_no'])
    .execute()

  // At most one overdue-cash e-mail per site per day, whichever instance notices first.
  await db.schema
    .createTable('receipt_clock_notices')
    .addColumn('site_id', 'integer', (c) => c.notNull().references('finance_sites.site_id'))
    .addColumn('notice_day', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('receipt_clock_notices_pk', ['site_id', 'notice_day'])
    .execute()
}
