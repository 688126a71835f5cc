import { type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely'

// Frozen in time: this file never imports application code.

function withId<T extends string>(postgres: boolean, table: CreateTableBuilder<T>, column: string) {
  return postgres
    ? table.addColumn(column, 'serial', (c) => c.primaryKey())
    : table.addColumn(column, 'integer', (c) => c.primaryKey().autoIncrement())
}

/**
 * Report subscriptions: a saved report e-mailed on a schedule to people who may view it, each delivery run as its
 * recipient. A run is one scheduled time of one subscription (unique, so two instances never make the same run twice),
 * and a delivery is one recipient's share of a run (unique too, and written in the transaction that queues the
 * e-mail, so a run taken over after its instance stopped never sends anyone the same report twice).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter

  await withId(postgres, db.schema.createTable('report_subscriptions'), 'subscription_id')
    .addColumn('report_id', 'integer', (c) => c.notNull().references('reports.report_id').onDelete('cascade'))
    .addColumn('created_by', 'integer', (c) => c.references('users.user_id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(1))
    // The report's parameter values as JSON.
    .addColumn('parameters', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    .addColumn('frequency', 'text', (c) => c.notNull())
    .addColumn('hour', 'integer', (c) => c.notNull())
    // Weekly: the days as a comma-separated list of 0 (Sunday) to 6; monthly: the day of the month.
    .addColumn('weekdays', 'text')
    .addColumn('month_day', 'integer')
    .addColumn('paused', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('paused_by', 'integer', (c) => c.references('users.user_id'))
    .addColumn('paused_at', 'text')
    // The next scheduled time (UTC); null while paused.
    .addColumn('next_run_at', 'text')
    .addColumn('last_run_at', 'text')
    .execute()
  await db.schema.createIndex('report_subscriptions_report_idx').on('report_subscriptions').columns(['report_id']).execute()
  await db.schema.createIndex('report_subscriptions_due_idx').on('report_subscriptions').columns(['paused', 'next_run_at']).execute()

  await db.schema
    .createTable('report_subscription_recipients')
    .addColumn('subscription_id', 'integer', (c) => c.notNull().references('report_subscriptions.subscription_id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id'))
    .addColumn('added_at', 'text', (c) => c.notNull())
    .addColumn('unsubscribed_at', 'text')
    .addPrimaryKeyConstraint('report_subscription_recipients_pk', ['subscription_id', 'user_id'])
    .execute()
  await db.schema.createIndex('report_subscription_recipients_user_idx').on('report_subscription_recipients').columns(['user_id']).execute()

  await withId(postgres, db.schema.createTable('report_subscription_runs'), 'run_id')
    .addColumn('subscription_id', 'integer', (c) => c.notNull().references('report_subscriptions.subscription_id').onDelete('cascade'))
    .addColumn('scheduled_for', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('attempt', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addUniqueConstraint('report_subscription_runs_slot_uq', ['subscription_id', 'scheduled_for'])
    .execute()
  await db.schema.createIndex('report_subscription_runs_state_idx').on('report_subscription_runs').columns(['state', 'run_id']).execute()

  await withId(postgres, db.schema.createTable('report_subscription_deliveries'), 'delivery_id')
    .addColumn('run_id', 'integer', (c) => c.notNull().references('report_subscription_runs.run_id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id'))
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('sent_as', 'text')
    .addColumn('rows', 'integer')
    .addColumn('size_bytes', 'integer')
    .addColumn('detail', 'text')
    // The queued e-mail in the mail log, when one was queued.
    .addColumn('message_id', 'integer')
    // The stored file a too-large attachment was replaced by (an export job of the recipient's, kept 7 days).
    .addColumn('export_job_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('report_subscription_deliveries_once_uq', ['run_id', 'user_id'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('report_subscription_deliveries').execute()
  await db.schema.dropTable('report_subscription_runs').execute()
  await db.schema.dropTable('report_subscription_recipients').execute()
  await db.schema.dropTable('report_subscriptions').execute()
}
