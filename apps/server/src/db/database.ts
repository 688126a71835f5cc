import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import SqliteDatabase from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely'
import pg from 'pg'
import type { Config } from '../config.js'
import type { Database } from './schema.js'

export type Dialect = 'sqlite' | 'postgres'
export interface Db {
  kysely: Kysely<Database>
  dialect: Dialect
  /** The PostgreSQL schema in use when it is not the default (each test file has its own). */
  schema: string | null
  /** The SQLite file (':memory:' for an in-memory database); null on PostgreSQL. */
  file: string | null
  close(): Promise<void>
}

// PostgreSQL returns int8 (count(*), sums) as strings by default; our counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value))

/** Opens the configured database: the only place that picks a dialect. */
export function openDatabase(database: Config['database'], options: { searchPath?: string } = {}): Db {
  if (database.kind === 'sqlite') {
    if (database.file !== ':memory:') mkdirSync(dirname(database.file), { recursive: true })
    const sqlite = new SqliteDatabase(database.file)
    sqlite.pragma('journal_mode = WAL')
    sqlite.pragma('synchronous = NORMAL')
    sqlite.pragma('foreign_keys = ON')
    sqlite.pragma('busy_timeout = 5000')
    // SQLite's default page cache is 2 MB; with tens of thousands of users every list read went back to the file. 16 MB
    // holds those lists; more only grows the process (the operating system caches the file as well).
    sqlite.pragma('cache_size = -16384')
    sqlite.pragma('temp_store = memory')
    const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) })
    return { kysely, dialect: 'sqlite', schema: null, file: database.file, close: () => kysely.destroy() }
  }
  const pool = new pg.Pool({
    connectionString: database.url,
    max: 10,
    ...(options.searchPath ? { options: `-c search_path=${options.searchPath}` } : {}),
  })
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  return { kysely, dialect: 'postgres', schema: options.searchPath ?? null, file: null, close: () => kysely.destroy() }
}

const STATEMENT_CACHE_SIZE = 1000

/**
 * Kysely prepares every query afresh; on SQLite preparing costs as much as running a small query, so prepared
 * statements are kept by their SQL text. A statement still busy (an unfinished iteration) is never handed out twice.
 */
function withStatementCache(sqlite: SqliteDatabase.Database) {
  const statements = new Map<string, SqliteDatabase.Statement>()
  return {
    close: () => sqlite.close(),
    prepare(sqlText: string) {
      const cached = statements.get(sqlText)
      if (cached && !cached.busy) return cached
      const statement = sqlite.prepare(sqlText)
      if (!cached) {
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear()
        statements.set(sqlText, statement)
      }
      return statement
    },
  }
}

/** True when the database answers a trivial query. */
export async function isDatabaseReachable(db: Db): Promise<boolean> {
  try {
    await sql`select 1`.execute(db.kysely)
    return true
  } catch {
    return false
  }
}
