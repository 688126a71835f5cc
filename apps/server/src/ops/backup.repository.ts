import { sql } from 'kysely'
import type { Dialect, Executor } from '../db/database.js'

/** The tables of the database in use (on PostgreSQL, of the schema in use), by name. */
export async function tableNames(db: Executor, dialect: Dialect): Promise<string[]> {
  const { rows } =
    dialect === 'sqlite'
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite\\_%' escape '\\'`.execute(
          db,
        )
      : await sql<{ name: string }>`
          select table_name as name from information_schema.tables
          where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(db)
  return rows.map((row) => row.name).sort()
}

/** Rows per table, every table counted in the same transaction when `db` is one. */
export async function rowCounts(db: Executor, dialect: Dialect): Promise<Record<string, number>> {
  const counts: Record<string, number> = {}
  for (const name of await tableNames(db, dialect)) {
    const { rows } = await sql<{ rows: number | string }>`select count(*) as rows from ${sql.table(name)}`.execute(db)
    counts[name] = Number(rows[0]!.rows)
  }
  return counts
}

/** The last migration run, or null before the first (or in a database the platform never migrated). */
export async function migrationLevel(db: Executor, dialect: Dialect): Promise<string | null> {
  if (!(await tableNames(db, dialect)).includes('kysely_migration')) return null
  const { rows } = await sql<{ name: string }>`select name from kysely_migration order by name desc limit 1`.execute(db)
  return rows[0]?.name ?? null
}

/** PostgreSQL: names this transaction's snapshot, so pg_dump reads exactly what it sees (it must be repeatable read). */
export async function exportSnapshot(trx: Executor): Promise<string> {
  const { rows } = await sql<{ snapshot: string }>`select pg_export_snapshot() as snapshot`.execute(trx)
  return rows[0]!.snapshot
}
