import { type Kysely, PostgresAdapter } from 'kysely'

// Frozen in time: this file never imports application code.

/** Reports Studio: saved reports and every earlier version of each. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  await db.schema
    .createTable('reports')
    .addColumn('report_id', postgres ? 'serial' : 'integer', (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('report_name', 'text', (c) => c.notNull())
    .addColumn('report_description', 'text')
    .addColumn('dataset', 'text', (c) => c.notNull())
    .addColumn('definition', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    // Starter reports shipped with the platform are seeded once, by this key.
    .addColumn('starter_key', 'text', (c) => c.unique())
    .execute()
  await db.schema
    .createTable('report_versions')
    .addColumn('report_id', 'integer', (c) => c.notNull().references('reports.report_id').onDelete('cascade'))
    .addColumn('version', 'integer', (c) => c.notNull())
    .addColumn('report_name', 'text', (c) => c.notNull())
    .addColumn('report_description', 'text')
    .addColumn('definition', 'text', (c) => c.notNull())
    .addColumn('saved_by', 'integer')
    .addColumn('saved_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_versions_pk', ['report_id', 'version'])
    .execute()
}
