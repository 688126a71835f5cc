import { randomBytes } from 'node:crypto'
import { createReadStream, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gunzipSync } from 'node:zlib'
import type { InjectOptions } from 'fastify'
import pg from 'pg'
import { testAuditEnv } from '../../test/audit-keys.js'
import { TEST_ADMIN_EMAIL, TEST_APP_URL } from '../../test/build-test-app.js'
import { type SmtpPeer, readSignInMail } from '../../test/smtp-peer.js'
import { postgresServerUrl } from '../../test/test-database.js'
import { buildApp } from '../app.js'
import { loadConfig } from '../config.js'
import { type Dialect, openDatabase } from '../db/database.js'
import { migrateToLatest, withStartupLock } from '../db/migrate.js'
import { createSmtpTransport } from '../lib/mail-transport.js'
import { seedDatabase } from '../seed.js'
import { pgRestore } from './postgres-tools.js'

/*
 * For the tests of backups and upgrades: today's platform started as main.ts starts it on a database that already
 * holds data (a restored backup, an older platform's database), not on a fresh test database.
 */

/** The platform started on DATABASE_URL `databaseUrl`: migrated and seeded as at a start, mail delivered to `smtp`. */
export async function startPlatformOn(databaseUrl: string, smtp: SmtpPeer, env: Record<string, string> = {}) {
  const config = loadConfig({
    ...testAuditEnv(),
    APP_URL: TEST_APP_URL,
    ADMIN_EMAIL: TEST_ADMIN_EMAIL,
    LOG_LEVEL: 'silent',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    RATE_LIMIT_PER_MINUTE: '100000',
    RATE_LIMIT_ANONYMOUS_PER_MINUTE: '100000',
    SMTP_URL: smtp.url,
    DATABASE_URL: databaseUrl,
    ...env,
  })
  const db = openDatabase(config.database)
  await withStartupLock(db, async () => {
    await migrateToLatest(db)
    await seedDatabase(db, config.adminEmail, new Date().toISOString())
  })
  await db.settleStartup()
  const transport = createSmtpTransport(smtp.url, config.mail.from, { connectMs: 1500, socketMs: 1500 })
  const { app } = await buildApp({ config, db, transport })
  await app.ready()

  const request = (options: InjectOptions & { token?: string }) => {
    const { token, ...rest } = options
    return app.inject({ ...rest, headers: { ...(rest.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) } })
  }

  return {
    db,
    config,
    request,
    /** Signs a person in as they would: the link asked for, read from the e-mail the SMTP peer received, verified. */
    async signInByEmail(email: string): Promise<string> {
      const sent = await request({ method: 'POST', url: '/api/send-magic-link', payload: { email } })
      if (sent.statusCode !== 200) throw new Error(`send-magic-link answered ${sent.statusCode}: ${sent.body}`)
      const { token } = readSignInMail((await smtp.waitForMail(email)).text)
      const verified = await request({ method: 'POST', url: '/api/verify-magic-link', payload: { email, token } })
      if (verified.statusCode !== 200) throw new Error(`verify-magic-link answered ${verified.statusCode}: ${verified.body}`)
      return verified.json().token as string
    },
    async close() {
      await app.close()
      transport.close()
      await db.close()
    },
  }
}

/** A new, empty PostgreSQL database on TEST_DATABASE_URL's server (named as test databases are, so a later run drops a leftover). */
export async function createEmptyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const server = postgresServerUrl()
  if (!server) throw new Error('TEST_DATABASE_URL is not set')
  const name = `test_${Date.now().toString(36)}_${randomBytes(6).toString('hex')}`
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: server })
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
  }
  await admin(`create database ${name}`)
  const url = new URL(server)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) }
}

const FIXTURES = fileURLToPath(new URL('../../test/fixtures/upgrade/', import.meta.url))
/** The migration the fixture's databases had run when they were made (scripts/make-upgrade-fixture.sh). */
export const FIXTURE_LEVEL = '0041-dsa-client-ids'

/**
 * A database of its own as the platform at an earlier commit made and filled it (the upgrade fixture): records in
 * every application. SQLite: a file in `folder`; PostgreSQL: a new database the fixture's dump is restored into.
 */
export async function fixtureDatabase(dialect: Dialect, folder: string): Promise<{ url: string; drop(): Promise<void> }> {
  if (dialect === 'sqlite') {
    mkdirSync(folder, { recursive: true })
    const file = join(folder, 'platform.db')
    writeFileSync(file, gunzipSync(readFileSync(join(FIXTURES, `sqlite-${FIXTURE_LEVEL}.db.gz`))))
    return { url: `sqlite:${file}`, drop: async () => {} }
  }
  const target = await createEmptyPostgresDatabase()
  await pgRestore(target.url, createReadStream(join(FIXTURES, `postgres-${FIXTURE_LEVEL}.dump`)))
  return target
}
