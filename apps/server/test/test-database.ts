import { randomBytes } from 'node:crypto'
import pg from 'pg'
import { type Db, type Dialect, openDatabase } from '../src/db/database.js'
import { migrateToLatest } from '../src/db/migrate.js'

/** SQLite always; PostgreSQL too when TEST_DATABASE_URL names a server (CI sets it). */
export function testDialects(): Dialect[] {
  return process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite']
}

/** The PostgreSQL server of TEST_DATABASE_URL, for tests that need a connection or a schema of their own; undefined when unset. */
export function postgresServerUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL || undefined
}

/**
 * A fresh, migrated database: an in-memory SQLite database, or a PostgreSQL schema of its own
 * (dropped on close) so test files run in parallel without meeting.
 */
export async function createTestDatabase(dialect: Dialect, options: { sqliteFile?: string } = {}): Promise<Db> {
  if (dialect === 'sqlite') {
    const db = openDatabase({ kind: 'sqlite', file: options.sqliteFile ?? ':memory:' })
    await migrateToLatest(db)
    return db
  }
  const url = process.env.TEST_DATABASE_URL
  if (!url) throw new Error('TEST_DATABASE_URL is not set')
  const schema = `test_${randomBytes(6).toString('hex')}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`create schema ${schema}`)
  await admin.end()
  const db = openDatabase({ kind: 'postgres', url }, { searchPath: schema })
  await migrateToLatest(db)
  return {
    ...db,
    async close() {
      await db.close()
      const cleanup = new pg.Client({ connectionString: url })
      await cleanup.connect()
      await cleanup.query(`drop schema ${schema} cascade`)
      await cleanup.end()
    },
  }
}

/** A second connection pool to the same test database (another instance of the platform on one PostgreSQL schema). */
export function openSecondInstance(db: Db): Db {
  const url = process.env.TEST_DATABASE_URL
  if (db.dialect !== 'postgres' || !url) throw new Error('a second instance needs PostgreSQL (TEST_DATABASE_URL)')
  return openDatabase({ kind: 'postgres', url }, { searchPath: db.schema! })
}

/** The environment of a child process (a command-line script) with these variables set. */
export function childEnvironment(overrides: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, ...overrides }
}
