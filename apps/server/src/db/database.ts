import { mkdirSync } from 'node:fs'
import { dirname } from 'node:path'
import SqliteDatabase from 'better-sqlite3'
import { addSqliteFunctions } from './sqlite-functions.js'
import { Kysely, PostgresDialect, SqliteDialect, type Transaction, sql } from 'kysely'
import pg from 'pg'
import Cursor from 'pg-cursor'
import type { Config } from '../config.js'
import type { Database } from './schema.js'
import { type TableWrites, createTableWrites } from './table-writes.js'
import { SAFETY_AUTOCHECKPOINT_PAGES, createWalCheckpoints } from './wal-checkpoints.js'

export type Dialect = 'sqlite' | 'postgres'
/** A transaction in progress: what a step hands to the writes that must commit or roll back with it. */
export type DbTransaction = Transaction<Database>
/**
 * Written inside another write's transaction, once that write has succeeded (its audit row): both commit or neither.
 * Repositories take it as their last argument and call it with the transaction and what they wrote; what it answers
 * is the caller's own business (the entry it wrote, say), not the repository's.
 */
export type WrittenAlong<R = void> = (trx: DbTransaction, written: R) => Promise<unknown>

/** What a repository's query runs on: the database itself, or the transaction a service opened. */
export type Executor = Kysely<Database> | Transaction<Database>
export interface Db {
  kysely: Kysely<Database>
  dialect: Dialect
  /** The PostgreSQL schema in use when it is not the default. */
  schema: string | null
  /** The SQLite file (':memory:' for an in-memory database); null on PostgreSQL. */
  file: string | null
  /** The PostgreSQL connection string (what a dedicated connection, such as a LISTEN, opens); null on SQLite. */
  url: string | null
  /** Every write this process makes through `kysely` (what in-process caches invalidate on). */
  writes: TableWrites
  /**
   * After the start-up work (migrations, seed): SQLite copies its log into the file on this thread, before serving,
   * and only from then on may its checkpoint worker start (decision 025), so the hundreds of statements of a first
   * start leave no worker running into the first calls. Until then the main connection's own safety limit holds.
   * Nothing on PostgreSQL.
   */
  settleStartup(): Promise<void>
  /** This process's PostgreSQL pool: connections open, idle, and queries waiting for one; null on SQLite. */
  poolStats(): { total: number; idle: number; waiting: number } | null
  close(): Promise<void>
}

// PostgreSQL returns int8 (count(*), sums) as strings by default; our counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (value: string) => Number(value))

export interface OpenOptions {
  /** The PostgreSQL schema to use instead of the default. */
  searchPath?: string
  /** SQLite: an in-memory database opened from this image of a database (`serialize()`, or a database file's bytes). */
  sqliteImage?: Buffer
  /** Names this process's PostgreSQL connections (`application_name`), so an administrator can tell instances apart. */
  applicationName?: string
  /** Told about a connection that failed outside any call (the server ended it, the network dropped it). */
  onConnectionError?: (error: Error) => void
  /**
   * A reader beside the server's own connections (an export thread): SQLite opens the file read-only and leaves
   * its log to the server's checkpoints; PostgreSQL keeps a few connections whose transactions are read-only.
   */
  readOnly?: boolean
}

/** Where another thread finds the server's database, to open a read-only connection of its own (openReader). */
export interface ReaderAddress {
  dialect: Dialect
  /** The SQLite file; null on PostgreSQL. */
  file: string | null
  /** The PostgreSQL connection string; null on SQLite. */
  url: string | null
  /** The PostgreSQL schema in use when it is not the default. */
  schema: string | null
  /** Names the reader's PostgreSQL connections. */
  applicationName: string
}

/** Where another thread can read this database; null for an in-memory SQLite database, which no other thread can open. */
export function readerAddressOf(db: Db, applicationName: string): ReaderAddress | null {
  if (db.dialect === 'sqlite' && (db.file === null || db.file === ':memory:')) return null
  return { dialect: db.dialect, file: db.file, url: db.url, schema: db.schema, applicationName }
}

/** A read-only connection of this thread's own to the database at `address`. */
export function openReader(address: ReaderAddress): Db {
  const { dialect, file, url, schema, applicationName } = address
  return openDatabase(dialect === 'sqlite' ? { kind: 'sqlite', file: file! } : { kind: 'postgres', url: url! }, {
    readOnly: true,
    applicationName,
    ...(schema ? { searchPath: schema } : {}),
  })
}

/** Opens the configured database: the only place that picks a dialect. */
export function openDatabase(database: Config['database'], options: OpenOptions = {}): Db {
  const writes = createTableWrites()
  if (database.kind === 'sqlite' && options.readOnly) return openSqliteReader(database.file, writes)
  if (database.kind === 'sqlite') {
    if (database.file !== ':memory:') mkdirSync(dirname(database.file), { recursive: true })
    const sqlite = new SqliteDatabase(options.sqliteImage ?? database.file)
    addSqliteFunctions(sqlite)
    sqlite.pragma('journal_mode = WAL')
    sqlite.pragma('synchronous = NORMAL')
    sqlite.pragma('foreign_keys = ON')
    sqlite.pragma('busy_timeout = 5000')
    // A page cache a little above SQLite's default: the screens' reads fit in it, while every long read (an export, the
    // statistics) passes through it once and would keep a larger cache filled for nothing. The operating system caches
    // the file as well.
    sqlite.pragma('cache_size = -4096')
    sqlite.pragma('temp_store = memory')
    // The log is copied back into the file by a worker thread, not inside a commit on the event loop (decision 025).
    const checkpoints = database.file === ':memory:' ? null : createWalCheckpoints(database.file)
    if (checkpoints) sqlite.pragma(`wal_autocheckpoint = ${SAFETY_AUTOCHECKPOINT_PAGES}`)
    const kysely = new Kysely<Database>({
      dialect: new SqliteDialect({ database: withStatementCache(sqlite, () => checkpoints?.wrote()) }),
      plugins: [writes.plugin],
    })
    const close = async () => {
      await checkpoints?.close()
      await kysely.destroy()
    }
    const settleStartup = async () => {
      if (!checkpoints) return
      await checkpoints.settle()
      sqlite.pragma('wal_checkpoint(TRUNCATE)')
    }
    return { kysely, dialect: 'sqlite', schema: null, file: database.file, url: null, writes, settleStartup, poolStats: () => null, close }
  }
  const pool = new pg.Pool({
    connectionString: database.url,
    max: options.readOnly ? READER_CONNECTIONS : 10,
    // A database that does not answer fails the call (503) instead of holding it forever.
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    keepAlive: true,
    ...(options.applicationName ? { application_name: options.applicationName.slice(0, 63) } : {}),
    // No just-in-time compilation (decision 022): for a query whose estimated cost passes jit_above_cost, compiling
    // takes longer than the whole query it was meant to speed up on these screens.
    options: [
      '-c jit=off',
      ...(options.readOnly ? ['-c default_transaction_read_only=on'] : []),
      ...(options.searchPath ? [`-c search_path=${options.searchPath}`] : []),
    ].join(' '),
  })
  // A connection the server ends (failover, pooler, firewall, pg_terminate_backend) emits 'error'; unheard, that event
  // ends the process. Heard, the call using it fails, the pool drops it and opens a new one for the next call.
  // Each client's own listener hears it whether the connection was idle or in use; the pool repeats idle clients'
  // errors, which are already reported.
  pool.on('connect', (client) => {
    client.on('error', (error: Error) => options.onConnectionError?.(error))
  })
  pool.on('error', () => {})
  // pg-cursor: what Kysely's stream() reads a long result through, a chunk at a time (cursor-chunks.ts).
  const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool, cursor: Cursor }), plugins: [writes.plugin] })
  return {
    kysely,
    dialect: 'postgres',
    schema: options.searchPath ?? null,
    file: null,
    url: database.url,
    writes,
    settleStartup: async () => {},
    poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    close: () => kysely.destroy(),
  }
}

/** A reader's connections: an export thread reads one report at a time, so a few are enough. */
const READER_CONNECTIONS = 4

/** A read-only connection to an SQLite file the server keeps (its log, its checkpoints and its pragmas are the server's). */
function openSqliteReader(file: string, writes: TableWrites): Db {
  const sqlite = new SqliteDatabase(file, { readonly: true, fileMustExist: true })
  addSqliteFunctions(sqlite)
  sqlite.pragma('busy_timeout = 5000')
  // A long read passes through the cache once: a small one is enough.
  sqlite.pragma('cache_size = -1024')
  const kysely = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite, () => {}) }),
    plugins: [writes.plugin],
  })
  return {
    kysely,
    dialect: 'sqlite',
    schema: null,
    file,
    url: null,
    writes,
    settleStartup: async () => {},
    poolStats: () => null,
    close: () => kysely.destroy(),
  }
}

const STATEMENT_CACHE_SIZE = 1000
const CONNECT_TIMEOUT_MS = 5000

// SQLSTATE classes and codes that mean the connection, not the statement, failed.
const LOST_CONNECTION_CODES = new Set(['57P01', '57P02', '57P03', '53300'])
const LOST_CONNECTION_MESSAGES =
  /^(Connection terminated|Client has encountered a connection error|timeout exceeded when trying to connect|Client was closed and is not queryable)/
const NETWORK_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
])

/** True when an error means the database could not be reached or dropped the connection: worth a retry, not a bug. */
export function isConnectionLost(error: unknown): boolean {
  if (!(error instanceof Error)) return false
  const code = (error as { code?: unknown }).code
  if (typeof code === 'string' && (LOST_CONNECTION_CODES.has(code) || code.startsWith('08') || NETWORK_ERRORS.has(code))) return true
  return LOST_CONNECTION_MESSAGES.test(error.message)
}

/**
 * Kysely prepares every query afresh; on SQLite preparing costs as much as running a small query, so prepared
 * statements are kept by their SQL text. A statement still busy (an unfinished iteration) is never handed out twice.
 */
function withStatementCache(sqlite: SqliteDatabase.Database, mayWrite: () => void) {
  const statements = new Map<string, SqliteDatabase.Statement>()
  return {
    close: () => sqlite.close(),
    prepare(sqlText: string) {
      // Anything but a plain select may write (insert, update, a with-clause, commit, DDL): cheap to over-count.
      if (!sqlText.startsWith('select')) mayWrite()
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
