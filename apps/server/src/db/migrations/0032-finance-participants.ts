import type { Kysely } from 'kysely'

// Frozen in time: this file never imports application code.

/**
 * Everyone who took part in a fiscal record, by the part they played (drafted, edited, submitted, gathered, counted,
 * approved, confirmed, signed…). Separation of duties compares a step's taker with all of them, not only with the
 * record's creator. A person's part is written once, the first time they play it; later times add nothing.
 * Each application writes its own records' rows in the same transaction as the step, and fills in what its records
 * already say of their people in its own migration.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('finance_participants')
    .addColumn('app_code', 'text', (c) => c.notNull())
    .addColumn('record_type', 'text', (c) => c.notNull())
    .addColumn('record_id', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id'))
    .addColumn('part', 'text', (c) => c.notNull())
    .addColumn('first_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('finance_participants_pk', ['app_code', 'record_type', 'record_id', 'user_id', 'part'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('finance_participants').execute()
}
