import { type Kysely, PostgresAdapter, sql } from 'kysely'

// Frozen in time: this file never imports application code.

// Sites and people's duties are kept in each instance's memory (app.ts, db/cache-invalidation.ts): a change to either,
// committed by any instance, is announced on the channel of migration 0020 with the schema's name, so every instance
// clears what it keeps. SQLite: one process, told by its own writes.
const WATCHED = ['finance_sites', 'finance_duties']

export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return
  for (const table of WATCHED) {
    await sql
      .raw(
        `create trigger ${table}_cache_notify after insert or update or delete or truncate on ${table} for each statement execute function session_cache_notify()`,
      )
      .execute(db)
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return
  for (const table of WATCHED) await sql.raw(`drop trigger ${table}_cache_notify on ${table}`).execute(db)
}
