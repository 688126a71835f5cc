import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import SqliteDatabase from 'better-sqlite3'
import pg from 'pg'

export type BenchDialect = 'sqlite' | 'postgres'

/**
 * A column of a bulk fill: its name and, for PostgreSQL's unnest, its array element type (the migration's type on
 * PostgreSQL: money is bigint there; times and flags are text and 0/1 integers on both databases).
 */
export interface FillColumn {
  name: string
  pgType: 'text' | 'int' | 'bigint' | 'float8'
}

/** One scenario's own empty database: what the server is started on, and a fast way to fill it around the API. */
export interface BenchDatabase {
  dialect: BenchDialect
  /** The server's DATABASE_URL. */
  url: string
  /** Writes many rows into a table the started server has migrated, in large batches. */
  fill(table: string, columns: FillColumn[], rows: Iterable<unknown[]>): Promise<void>
  /** Brings the planner's statistics up to date after a fill (as autovacuum would on a live server). */
  analyze(): Promise<void>
  /**
   * One statement with `?` placeholders (numbered for PostgreSQL here), for the few rows a fill reads back or sets up
   * around it: ids, people, a cycle. Answers the rows it returns (none for a write without `returning`).
   */
  query<T = Record<string, unknown>>(text: string, params?: unknown[]): Promise<T[]>
  /**
   * After rows were written with explicit ids, moves the table's id sequence past them (PostgreSQL), so the server's own
   * inserts do not collide. SQLite's autoincrement already follows the largest id written.
   */
  followIds(table: string, idColumn: string): Promise<void>
}

const PG_BATCH = 20_000
const SQLITE_BATCH = 100_000

// The server in a benchmark connects as the local PostgreSQL superuser (trust authentication on 127.0.0.1).
export const BENCH_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres'

/** Hands out fresh databases of one dialect and removes them all at the end. */
export function createBenchDatabases(dialect: BenchDialect, adminUrl = BENCH_POSTGRES_URL) {
  const created: string[] = []
  let sequence = 0

  async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
    const client = new pg.Client({ connectionString: adminUrl })
    await client.connect()
    try {
      return await work(client)
    } finally {
      await client.end()
    }
  }

  return {
    async fresh(): Promise<BenchDatabase> {
      if (dialect === 'sqlite') {
        const file = join(mkdtempSync(join(tmpdir(), 'platform-bench-')), 'bench.db')
        return {
          dialect,
          url: `sqlite:${file}`,
          async fill(table, columns, rows) {
            const sqlite = new SqliteDatabase(file)
            try {
              const insert = sqlite.prepare(
                `insert into ${table} (${columns.map((c) => c.name).join(', ')}) values (${columns.map(() => '?').join(', ')})`,
              )
              const write = sqlite.transaction((batch: unknown[][]) => {
                for (const row of batch) insert.run(...row)
              })
              for (const batch of batches(rows, SQLITE_BATCH)) write(batch)
            } finally {
              sqlite.close()
            }
          },
          async analyze() {
            const sqlite = new SqliteDatabase(file)
            sqlite.exec('analyze')
            sqlite.close()
          },
          async query<T>(text: string, params: unknown[] = []) {
            const sqlite = new SqliteDatabase(file)
            try {
              const statement = sqlite.prepare(text)
              if (statement.reader) return statement.all(...params) as T[]
              statement.run(...params)
              return []
            } finally {
              sqlite.close()
            }
          },
          async followIds() {
            // An autoincrement column's next id is past the largest ever written, explicit or not.
          },
        }
      }
      sequence += 1
      const name = `platform_bench_${process.pid}_${sequence}`
      await admin((client) => client.query(`create database ${name}`))
      created.push(name)
      const url = new URL(adminUrl)
      url.pathname = `/${name}`
      const connectionString = url.toString()
      const withClient = async <T>(work: (client: pg.Client) => Promise<T>) => {
        const client = new pg.Client({ connectionString })
        await client.connect()
        try {
          return await work(client)
        } finally {
          await client.end()
        }
      }
      return {
        dialect,
        url: connectionString,
        fill: (table, columns, rows) =>
          withClient(async (client) => {
            // One parameter per column (an array of a batch's values), however many rows: unnest turns them back into rows.
            const text = `insert into ${table} (${columns.map((c) => c.name).join(', ')}) select * from unnest(${columns.map((c, i) => `$${i + 1}::${c.pgType}[]`).join(', ')})`
            for (const batch of batches(rows, PG_BATCH))
              await client.query(
                text,
                columns.map((_, i) => batch.map((row) => row[i])),
              )
          }),
        analyze: () => withClient((client) => client.query('vacuum analyze').then(() => undefined)),
        query: <T>(text: string, params: unknown[] = []) =>
          withClient(async (client) => {
            let index = 0
            return (
              await client.query(
                text.replace(/\?/g, () => `$${++index}`),
                params,
              )
            ).rows as T[]
          }),
        followIds: (table, idColumn) =>
          withClient(async (client) => {
            await client.query(
              `select setval(pg_get_serial_sequence('${table}', '${idColumn}'), coalesce((select max(${idColumn}) from ${table}), 0) + 1, false)`,
            )
          }),
      }
    },

    /** Drops every PostgreSQL database handed out (SQLite files are left in the temporary folder). */
    async dropAll() {
      if (created.length === 0 || process.env.BENCH_KEEP_DATABASES === '1') return
      await admin(async (client) => {
        for (const name of created.splice(0)) await client.query(`drop database if exists ${name} with (force)`)
      })
    },
  }
}
export type BenchDatabases = ReturnType<typeof createBenchDatabases>

function* batches<T>(rows: Iterable<T>, size: number): Generator<T[]> {
  let batch: T[] = []
  for (const row of rows) {
    batch.push(row)
    if (batch.length === size) {
      yield batch
      batch = []
    }
  }
  if (batch.length > 0) yield batch
}
