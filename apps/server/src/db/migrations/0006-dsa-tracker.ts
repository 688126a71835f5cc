import { type Kysely, PostgresAdapter, sql } from 'kysely'

// Frozen in time: this file never imports application code.

/** The DSA Project Tracker: the projects read from the tracker, and a log row per scrape run. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  const id = postgres ? 'serial' : 'integer'

  await db.schema
    .createTable('dsa_projects')
    .addColumn('id', id, (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('project_number', 'text', (c) => c.notNull())
    .addColumn('project_link', 'text', (c) => c.notNull())
    .addColumn('project_name', 'text', (c) => c.notNull())
    .addColumn('project_status', 'text', (c) => c.notNull())
    .addColumn('project_type', 'text')
    .addColumn('project_class', 'text')
    .addColumn('construction_cost', 'double precision')
    .addColumn('cost_source', 'text')
    .addColumn('estimated_amount', 'double precision')
    .addColumn('contracted_amount', 'double precision')
    .addColumn('change_amount', 'double precision')
    .addColumn('final_cost', 'double precision')
    .addColumn('received_date', 'text')
    .addColumn('approved_date', 'text')
    .addColumn('closed_date', 'text')
    .addColumn('void_date', 'text')
    .addColumn('certification_letter', 'text')
    .addColumn('certification_date', 'text')
    .addColumn('city', 'text')
    .addColumn('ptn', 'text')
    // Lower-case name, number, city and type: what the free-text search looks in.
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('first_seen_at', 'text', (c) => c.notNull())
    // When the tracker last confirmed the project, and when its detail pages were last read.
    .addColumn('scraped_at', 'text', (c) => c.notNull())
    .addColumn('details_scraped_at', 'text')
    // Set when a run of its client failed: the stored values may be out of date whatever their age.
    .addColumn('stale', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema
    .createIndex('dsa_projects_client_number_idx')
    .on('dsa_projects')
    .columns(['client_id', 'project_number'])
    .unique()
    .execute()
  await db.schema.createIndex('dsa_projects_name_idx').on('dsa_projects').columns(['project_name', 'id']).execute()
  await db.schema.createIndex('dsa_projects_client_name_idx').on('dsa_projects').columns(['client_id', 'project_name', 'id']).execute()
  await db.schema.createIndex('dsa_projects_status_name_idx').on('dsa_projects').columns(['project_status', 'project_name', 'id']).execute()
  await db.schema
    .createIndex('dsa_projects_client_status_name_idx')
    .on('dsa_projects')
    .columns(['client_id', 'project_status', 'project_name', 'id'])
    .execute()
  await db.schema.createIndex('dsa_projects_freshness_idx').on('dsa_projects').columns(['stale', 'scraped_at']).execute()

  await db.schema
    .createTable('dsa_scrape_runs')
    .addColumn('id', id, (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('trigger', 'text', (c) => c.notNull())
    .addColumn('started_by', 'integer')
    .addColumn('started_at', 'text', (c) => c.notNull())
    .addColumn('finished_at', 'text')
    .addColumn('pages_fetched', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('projects_found', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('details_planned', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('details_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('projects_saved', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('projects_updated', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('error', 'text')
    .execute()
  // One run per client at a time, kept by the database itself: a second start fails to insert.
  await db.schema
    .createIndex('dsa_scrape_runs_one_running_idx')
    .on('dsa_scrape_runs')
    .column('client_id')
    .unique()
    .where(sql.ref('status'), '=', 'RUNNING')
    .execute()
  await db.schema.createIndex('dsa_scrape_runs_started_idx').on('dsa_scrape_runs').columns(['started_at']).execute()
  await db.schema.createIndex('dsa_scrape_runs_client_idx').on('dsa_scrape_runs').columns(['client_id', 'started_at']).execute()
}
