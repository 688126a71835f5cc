import { type Kysely, PostgresAdapter, sql } from 'kysely'

// Frozen in time: this file never imports application code.

/**
 * Long report exports as background jobs: one row per job, and its file in the database in pieces, so
 * any instance can write it, serve it and remove it, and neither writing nor reading ever holds a whole file.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  const bytes = postgres ? sql`bytea` : 'blob'
  const table = db.schema.createTable('report_export_jobs')
  await (
    postgres
      ? table.addColumn('job_id', 'serial', (c) => c.primaryKey())
      : table.addColumn('job_id', 'integer', (c) => c.primaryKey().autoIncrement())
  )
    .addColumn('owner_id', 'integer', (c) => c.notNull().references('users.user_id'))
    .addColumn('report_name', 'text', (c) => c.notNull())
    .addColumn('format', 'text', (c) => c.notNull())
    // The export request as POST /api/reportexport took it (report or definition, parameters), run again by the job.
    .addColumn('request', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    // Raised each time an instance starts writing the file: pieces of an earlier try are never read as this one's.
    .addColumn('attempt', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('rows_total', 'integer', (c) => c.notNull())
    .addColumn('rows_done', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('started_at', 'text')
    .addColumn('finished_at', 'text')
    .addColumn('expires_at', 'text')
    // When the owner's screen last asked about the job: a person who stopped asking is told by e-mail.
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('file_name', 'text')
    .addColumn('content_type', 'text')
    .addColumn('size_bytes', 'integer')
    .addColumn('failure', 'text')
    .addColumn('notice_emailed', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.createIndex('report_export_jobs_owner_idx').on('report_export_jobs').columns(['owner_id', 'job_id']).execute()
  // The queue's next job, and the files whose day is over.
  await db.schema.createIndex('report_export_jobs_state_idx').on('report_export_jobs').columns(['state', 'job_id']).execute()
  await db.schema.createIndex('report_export_jobs_expiry_idx').on('report_export_jobs').columns(['state', 'expires_at']).execute()

  await db.schema
    .createTable('report_export_chunks')
    .addColumn('job_id', 'integer', (c) => c.notNull().references('report_export_jobs.job_id').onDelete('cascade'))
    .addColumn('attempt', 'integer', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('content', bytes, (c) => c.notNull())
    .addPrimaryKeyConstraint('report_export_chunks_pk', ['job_id', 'attempt', 'seq'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('report_export_chunks').execute()
  await db.schema.dropTable('report_export_jobs').execute()
}
