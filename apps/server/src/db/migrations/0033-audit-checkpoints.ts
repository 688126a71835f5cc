import { type CreateTableBuilder, type Kysely, PostgresAdapter } from 'kysely'

// Frozen in time: this file never imports application code.

function withId<T extends string>(postgres: boolean, table: CreateTableBuilder<T>, column: string) {
  return postgres
    ? table.addColumn(column, 'serial', (c) => c.primaryKey())
    : table.addColumn(column, 'integer', (c) => c.primaryKey().autoIncrement())
}

/**
 * The checkpoint log (decision 034): each row is the audit chain's head as signed with the key kept outside the
 * database, and to whom it was e-mailed. A daily checkpoint names its district day, once: two instances making the
 * day's checkpoint at once meet on that unique column and one of them makes it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  await withId(postgres, db.schema.createTable('audit_checkpoints'), 'checkpoint_id')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('daily_of', 'text', (c) => c.unique())
    .addColumn('made_by', 'integer', (c) => c.references('users.user_id'))
    .addColumn('signed_at', 'text', (c) => c.notNull())
    .addColumn('last_audit_id', 'integer', (c) => c.notNull())
    .addColumn('last_hash', 'text', (c) => c.notNull())
    .addColumn('row_count', 'integer', (c) => c.notNull())
    .addColumn('chain_key_id', 'text', (c) => c.notNull())
    .addColumn('public_key_id', 'text', (c) => c.notNull())
    .addColumn('public_key', 'text', (c) => c.notNull())
    // The exact text that was signed, and its signature: what a verifier checks, byte for byte.
    .addColumn('statement', 'text', (c) => c.notNull())
    .addColumn('signature', 'text', (c) => c.notNull())
    // Null until the e-mails to the auditors are queued; set in the same transaction as they are, so they go once.
    .addColumn('mailed_at', 'text')
    .addColumn('mailed_to', 'text')
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('audit_checkpoints').execute()
}
