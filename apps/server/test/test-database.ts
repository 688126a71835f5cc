import { createHash, randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'kysely'
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
 * A fresh, migrated database of its own: in memory on SQLite (or the given file, when it does not exist yet), a
 * database of its own on PostgreSQL (dropped on close), so test files run in parallel without meeting.
 *
 * Migrating is the costly part of a test's start, so it is done once per test process and copied: SQLite opens each
 * database from the image of one migrated database, PostgreSQL copies each from a migrated template database.
 */
export async function createTestDatabase(dialect: Dialect, options: { sqliteFile?: string } = {}): Promise<Db> {
  if (dialect === 'sqlite') {
    const file = options.sqliteFile
    if (file === undefined) return openDatabase({ kind: 'sqlite', file: ':memory:' }, { sqliteImage: await migratedSqliteImage() })
    // An existing file is a platform's database being opened again (a restart): it keeps what it holds.
    if (!existsSync(file)) {
      mkdirSync(dirname(file), { recursive: true })
      writeFileSync(file, await migratedSqliteImage())
    }
    const db = openDatabase({ kind: 'sqlite', file })
    await migrateToLatest(db)
    return db
  }
  const serverUrl = postgresServerUrl()
  if (!serverUrl) throw new Error('TEST_DATABASE_URL is not set')
  const name = await takePostgresDatabase(serverUrl)
  const db = openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, name) })
  return {
    ...db,
    async close() {
      await db.close()
      // Dropped while the next test runs, as its own database was made while this one ran: both are the server's disk
      // work, which the tests' own work need not wait for. One the process leaves behind is dropped by a later run.
      void dropDatabase(serverUrl, name).catch(() => {})
    },
  }
}

let spareDatabase: Promise<string> | null = null

/** A new database copied from the template: the one made ahead for this test, while another is made for the next. */
async function takePostgresDatabase(serverUrl: string): Promise<string> {
  const template = await migratedPostgresTemplate(serverUrl)
  const copy = () => {
    const name = newTestDatabaseName()
    return withAdmin(serverUrl, (admin) => admin.query(`create database ${name} template ${template}`)).then(() => name)
  }
  const taken = spareDatabase ?? copy()
  spareDatabase = copy()
  // Its failure, if any, is the next test's to report.
  spareDatabase.catch(() => {})
  return taken
}

function dropDatabase(serverUrl: string, name: string): Promise<unknown> {
  return withAdmin(serverUrl, (admin) => admin.query(`drop database if exists ${name} with (force)`))
}

/** A second connection pool to the same test database (another instance of the platform on one PostgreSQL database). */
export function openSecondInstance(db: Db): Db {
  if (db.dialect !== 'postgres' || !db.url) throw new Error('a second instance needs PostgreSQL (TEST_DATABASE_URL)')
  return openDatabase({ kind: 'postgres', url: db.url }, db.schema ? { searchPath: db.schema } : {})
}

/** The environment of a child process (a command-line script) with these variables set. */
export function childEnvironment(overrides: Record<string, string>): NodeJS.ProcessEnv {
  return { ...process.env, ...overrides }
}

let sqliteImage: Promise<Buffer> | null = null

/** The bytes of a migrated SQLite database, made once per test process. */
function migratedSqliteImage(): Promise<Buffer> {
  sqliteImage ??= (async () => {
    const db = openDatabase({ kind: 'sqlite', file: ':memory:' })
    const folder = mkdtempSync(join(tmpdir(), 'test-image-'))
    try {
      await migrateToLatest(db)
      const file = join(folder, 'migrated.db')
      await sql`vacuum into ${file}`.execute(db.kysely)
      return readFileSync(file)
    } finally {
      await db.close()
      rmSync(folder, { recursive: true, force: true })
    }
  })()
  return sqliteImage
}

// Test databases are named test_<creation time>_<random>, so a later run can tell which an interrupted run left behind.
const TEST_DATABASE_PREFIX = 'test_'
const TEMPLATE_PREFIX = 'test_template_'
const STALE_AFTER_MS = 60 * 60 * 1000
// Any number: every test process building or cleaning up templates takes this advisory lock first.
const TEMPLATE_LOCK_KEY = 7_351_204_881

let postgresTemplate: Promise<string> | null = null

/**
 * The name of a PostgreSQL database migrated to the latest migration, made by the first test process that needs it
 * and kept for later runs: its name carries a hash of the migrations, so a changed migration makes a new one.
 */
function migratedPostgresTemplate(serverUrl: string): Promise<string> {
  postgresTemplate ??= withAdmin(serverUrl, async (admin) => {
    const name = `${TEMPLATE_PREFIX}${migrationsHash()}`
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK_KEY])
    try {
      await dropStaleDatabases(admin, name)
      const found = await admin.query('select 1 from pg_database where datname = $1', [name])
      if (found.rowCount === 0) {
        // Built under another name and renamed once migrated, so a template that exists is always complete.
        const building = `${name}_building`
        await admin.query(`drop database if exists ${building} with (force)`)
        await admin.query(`create database ${building}`)
        const db = openDatabase({ kind: 'postgres', url: databaseUrl(serverUrl, building) })
        try {
          await migrateToLatest(db)
        } finally {
          await db.close()
        }
        await admin.query(`alter database ${building} rename to ${name}`)
      }
      // When it was last used, for the clean-up of templates no run uses any more.
      await admin.query(`comment on database ${name} is '${new Date().toISOString()}'`)
      return name
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK_KEY])
    }
  })
  return postgresTemplate
}

/** Drops what earlier runs left: test databases over an hour old, half-built templates, templates unused for an hour. */
async function dropStaleDatabases(admin: pg.Client, currentTemplate: string): Promise<void> {
  const { rows } = await admin.query<{ name: string; comment: string | null }>(
    `select datname as name, shobj_description(oid, 'pg_database') as comment from pg_database where datname like 'test\\_%'`,
  )
  const limit = Date.now() - STALE_AFTER_MS
  for (const { name, comment } of rows) {
    // A template's comment is when a run last used it (none: never finished).
    const stale = name.startsWith(TEMPLATE_PREFIX)
      ? name.endsWith('_building') || (name !== currentTemplate && !(Date.parse(comment ?? '') > limit))
      : isOlderThan(createdAtOf(name), limit)
    if (stale) await admin.query(`drop database if exists ${name} with (force)`)
  }
}

function newTestDatabaseName(): string {
  return `${TEST_DATABASE_PREFIX}${Date.now().toString(36)}_${randomBytes(6).toString('hex')}`
}

function isOlderThan(at: number | null, limit: number): boolean {
  return at !== null && at < limit
}

/** When a test database was made, from its name; null for a name this file did not make. */
function createdAtOf(name: string): number | null {
  const match = /^test_([0-9a-z]+)_[0-9a-f]{12}$/.exec(name)
  return match ? parseInt(match[1]!, 36) : null
}

const MIGRATIONS_DIR = fileURLToPath(new URL('../src/db/migrations/', import.meta.url))
const MIGRATION_LIST = fileURLToPath(new URL('../src/db/migrate.ts', import.meta.url))

/** A short hash of every migration's source and of the list that runs them. */
function migrationsHash(): string {
  const hash = createHash('sha256')
  for (const file of readdirSync(MIGRATIONS_DIR).sort()) {
    const path = join(MIGRATIONS_DIR, file)
    if (!statSync(path).isFile()) continue
    hash.update(file).update(readFileSync(path))
  }
  hash.update(readFileSync(MIGRATION_LIST))
  return hash.digest('hex').slice(0, 16)
}

function databaseUrl(serverUrl: string, database: string): string {
  const url = new URL(serverUrl)
  url.pathname = `/${database}`
  return url.toString()
}

async function withAdmin<T>(serverUrl: string, work: (admin: pg.Client) => Promise<T>): Promise<T> {
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  try {
    return await work(admin)
  } finally {
    await admin.end()
  }
}
