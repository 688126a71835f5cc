import { type Kysely, PostgresAdapter, sql } from 'kysely'

// The tables a cached session is read from (features/auth/sessions.cache.ts): a change to any of them, committed by
// any instance, is announced on the session_cache channel with the schema's name, so every instance clears its cache.
// Sessions and people announce only the columns a session is read with (a touch or a last sign-in does not).
const WATCHED = [
  { table: 'sessions', events: 'update of session_id, user_id, created_at, expires_at, revoked_at or delete or truncate' },
  { table: 'users', events: 'update of user_id, email, full_name, is_active, organization_id, role_id or delete or truncate' },
  ...['organizations', 'roles', 'settings', 'user_permissions', 'applications'].map((table) => ({
    table,
    events: 'insert or update or delete or truncate',
  })),
]

export async function up(db: Kysely<unknown>): Promise<void> {
  // The statistics count every project by client and status, and the fresh ones among them, in one pass over this
  // index instead of four passes over the table.
  await db.schema
    .createIndex('dsa_projects_stats_idx')
    .on('dsa_projects')
    .columns(['client_id', 'project_status', 'stale', 'scraped_at'])
    .execute()

  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return // SQLite: one process, told by its own writes
  await sql`
    create function session_cache_notify() returns trigger language plpgsql as $$
    begin
      perform pg_notify('session_cache', tg_table_schema);
      return null;
    end
    $$`.execute(db)
  for (const { table, events } of WATCHED) {
    await sql
      .raw(`create trigger ${table}_session_cache after ${events} on ${table} for each statement execute function session_cache_notify()`)
      .execute(db)
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    for (const { table } of WATCHED) await sql.raw(`drop trigger ${table}_session_cache on ${table}`).execute(db)
    await sql`drop function session_cache_notify()`.execute(db)
  }
  await db.schema.dropIndex('dsa_projects_stats_idx').execute()
}
