import { type Kysely, sql } from 'kysely'

// Frozen in time: this file never imports application code.

/**
 * A DSA client id is one spelling: trimmed and in capitals (the tracker's own, 37-LFCS). Ids stored before in another
 * spelling are folded into it. Where one project was stored under two spellings, the copy scraped last is kept (the
 * earlier one, or the lower row on a tie, is removed), so the client's projects are counted once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    delete from dsa_projects where id in (
      select older.id from dsa_projects older
      join dsa_projects newer
        on upper(trim(newer.client_id)) = upper(trim(older.client_id))
        and newer.project_number = older.project_number
        and newer.id <> older.id
      where newer.scraped_at > older.scraped_at or (newer.scraped_at = older.scraped_at and newer.id > older.id)
    )`.execute(db)
  await sql`update dsa_projects set client_id = upper(trim(client_id)) where client_id <> upper(trim(client_id))`.execute(db)
  await sql`update dsa_scrape_runs set client_id = upper(trim(client_id)) where client_id <> upper(trim(client_id))`.execute(db)
}
