import { type Kysely, PostgresAdapter, sql } from 'kysely'

// Frozen in time: this file never imports application code.

/**
 * The records queue finds requests by any part of their words (`search_text like '%…%'`), and counts them for the
 * pager. On PostgreSQL that count read every row of the state; a trigram index finds the few rows that hold the
 * words (29 → 6 ms over 50,000 requests). pg_trgm ships with PostgreSQL and is a trusted extension, so the
 * database's owner may install it. Where it is missing or may not be installed, the search works as before, only
 * without the index: the attempt is undone to a savepoint rather than failing the upgrade. SQLite has no such index;
 * its scan of the rows is fast enough there.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (!(db.getExecutor().adapter instanceof PostgresAdapter)) return
  const schema = await trigramSchema(db)
  if (schema === null) return
  await sql`create index records_requests_search_trgm_idx on records_requests using gin (search_text ${sql.id(schema)}.gin_trgm_ops)`.execute(
    db,
  )
}

/** The schema holding pg_trgm, installing it in public when it is available and absent; null when it cannot be had. */
async function trigramSchema(db: Kysely<unknown>): Promise<string | null> {
  const installed = async () =>
    (
      await sql<{ schema: string }>`
        select n.nspname as schema from pg_extension e join pg_namespace n on n.oid = e.extnamespace where e.extname = 'pg_trgm'
      `.execute(db)
    ).rows[0]?.schema ?? null
  const found = await installed()
  if (found !== null) return found
  const available = await sql`select 1 from pg_available_extensions where name = 'pg_trgm'`.execute(db)
  if (available.rows.length === 0) return null
  // Migrations run in one transaction: a refusal here (no privilege) must not abort the rest of it.
  await sql`savepoint pg_trgm_install`.execute(db)
  try {
    await sql`create extension if not exists pg_trgm with schema public`.execute(db)
    await sql`release savepoint pg_trgm_install`.execute(db)
  } catch {
    await sql`rollback to savepoint pg_trgm_install`.execute(db)
  }
  return installed()
}
