import { type Kysely, PostgresAdapter } from 'kysely'

// Frozen in time: this file never imports application code.

/** Server Monitoring's state history: one row each time a server's state or health is seen to change. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  await db.schema
    .createTable('server_state_changes')
    .addColumn('change_id', postgres ? 'serial' : 'integer', (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('server_name', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('health', 'text')
    // Null on a server's first row: it had not been seen before.
    .addColumn('previous_state', 'text')
    .addColumn('previous_health', 'text')
    .addColumn('changed_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('server_state_changes_server_idx')
    .on('server_state_changes')
    .columns(['domain', 'server_name', 'change_id'])
    .execute()
  await db.schema.createIndex('server_state_changes_time_idx').on('server_state_changes').columns(['changed_at']).execute()
}
