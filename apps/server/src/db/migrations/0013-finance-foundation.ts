import { type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely'

// Frozen in time: this file never imports application code.

function withId<T extends string>(postgres: boolean, table: CreateTableBuilder<T>, column: string) {
  return postgres
    ? table.addColumn(column, 'serial', (c) => c.primaryKey())
    : table.addColumn(column, 'integer', (c) => c.primaryKey().autoIncrement())
}

/** The finance foundation shared by the fiscal applications: sites, the chart of accounts, duties, exceptions, attachments. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter

  await withId(postgres, db.schema.createTable('finance_sites'), 'site_id')
    .addColumn('code', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('deposit_frequency_days', 'integer', (c) => c.notNull())
    .addColumn('deposit_threshold_cents', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()

  // The chart: one row per segment value, and (when the district lists them) the valid combinations.
  await db.schema
    .createTable('finance_segment_values')
    .addColumn('segment', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('finance_segment_values_pk', ['segment', 'value'])
    .execute()
  await db.schema
    .createTable('finance_accounts')
    .addColumn('account', 'text', (c) => c.primaryKey())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()

  // A duty at every site is one row with site_id null; at some sites, one row per site.
  await db.schema
    .createTable('finance_duties')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('app_id', 'integer', (c) => c.notNull().references('applications.app_id'))
    .addColumn('duty', 'text', (c) => c.notNull())
    .addColumn('site_id', 'integer', (c) => c.references('finance_sites.site_id'))
    .addColumn('granted_at', 'text', (c) => c.notNull())
    .addColumn('granted_by', 'integer')
    .execute()
  await db.schema.createIndex('finance_duties_user_idx').on('finance_duties').columns(['user_id', 'app_id']).execute()
  await db.schema.createIndex('finance_duties_app_idx').on('finance_duties').columns(['app_id', 'duty']).execute()

  await withId(postgres, db.schema.createTable('finance_exceptions'), 'exception_id')
    .addColumn('app_id', 'integer', (c) => c.notNull().references('applications.app_id'))
    .addColumn('record_id', 'text', (c) => c.notNull())
    .addColumn('step', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.user_id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('used_at', 'text')
    .execute()
  await db.schema
    .createIndex('finance_exceptions_lookup_idx')
    .on('finance_exceptions')
    .columns(['app_id', 'record_id', 'step', 'user_id'])
    .execute()

  await withId(postgres, db.schema.createTable('finance_attachments'), 'attachment_id')
    .addColumn('app_code', 'text', (c) => c.notNull())
    .addColumn('record_type', 'text', (c) => c.notNull())
    .addColumn('record_id', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('file_type', 'text', (c) => c.notNull())
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('size_bytes', 'integer', (c) => c.notNull())
    .addColumn('sha256', 'text', (c) => c.notNull())
    .addColumn('content', postgres ? sql`bytea` : 'blob', (c) => c.notNull())
    .addColumn('uploaded_by', 'integer', (c) => c.notNull())
    .addColumn('uploaded_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('finance_attachments_record_idx')
    .on('finance_attachments')
    .columns(['app_code', 'record_type', 'record_id'])
    .execute()
}
