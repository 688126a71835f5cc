import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { InjectOptions } from 'fastify'
import { buildApp } from '../src/app.js'
import { loadConfig } from '../src/config.js'
import { type Db, type Dialect, openDatabase } from '../src/db/database.js'
import { seedDatabase } from '../src/seed.js'
import { createManualClock } from '../src/lib/clock.js'
import { createOutboxTransport } from '../src/lib/mail-transport.js'
import { TEST_ADMIN_EMAIL, TEST_APP_URL } from './build-test-app.js'
import { type UserOverrides, createSessionFactory, insertUser } from './factories.js'
import { readSignInMail } from './smtp-peer.js'
import { createTestDatabase, openSecondInstance } from './test-database.js'
import { testAuditEnv } from './audit-keys.js'

export interface TwoInstancesOptions {
  dialect: Dialect
  env?: Record<string, string>
}

/**
 * Two platform instances in this process on one database, as two servers behind a load balancer: each has its own
 * connection pool (or SQLite connection to the same file) and its own memory (rate limiter allowances, caches), and
 * both share one clock the test moves. Mail goes to one outbox both print into.
 */
export async function startTwoInstances({ dialect, env = {} }: TwoInstancesOptions) {
  const clock = createManualClock(new Date('2026-03-02T08:00:00.000Z'))
  const config = loadConfig({
    // Instances sharing a database share the audit keys too, as the README asks.
    ...testAuditEnv(),
    APP_URL: TEST_APP_URL,
    ADMIN_EMAIL: TEST_ADMIN_EMAIL,
    LOG_LEVEL: 'silent',
    // Instances sharing a database share one secret, as the README asks.
    AUTH_SECRET: 'two-instances-test-secret-0123456789abcdef',
    RATE_LIMIT_PER_MINUTE: '100000',
    RATE_LIMIT_ANONYMOUS_PER_MINUTE: '100000',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    ...env,
  })

  let sqliteDir: string | null = null
  let first: Db
  let second: Db
  if (dialect === 'sqlite') {
    sqliteDir = mkdtempSync(join(tmpdir(), 'two-instances-'))
    const file = join(sqliteDir, 'platform.db')
    first = await createTestDatabase('sqlite', { sqliteFile: file })
    second = openDatabase({ kind: 'sqlite', file })
  } else {
    first = await createTestDatabase('postgres')
    second = openSecondInstance(first)
  }
  await seedDatabase(first, config.adminEmail, clock.now().toISOString())

  const outbox: string[] = []
  async function startInstance(db: Db) {
    const built = await buildApp({ config, db, transport: createOutboxTransport((text) => outbox.push(text)), clock })
    await built.app.ready()
    return {
      ...built,
      db,
      request(options: InjectOptions & { token?: string }) {
        const { token, ...rest } = options
        return built.app.inject({ ...rest, headers: { ...(rest.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) } })
      },
    }
  }
  const a = await startInstance(first)
  const b = await startInstance(second)

  /** The newest sign-in e-mail to an address, whichever instance sent it. */
  function lastSignInMail(email: string) {
    const printed = [...outbox].reverse().find((text) => text.includes(`To: ${email}\n`) && /\/auth\/verify\?/.test(text))
    if (!printed) throw new Error(`No sign-in e-mail to ${email} in the outbox`)
    return readSignInMail(printed)
  }

  return {
    a,
    b,
    clock,
    config,
    outbox,
    lastSignInMail,
    createUser: (overrides: UserOverrides = {}) => insertUser(first, overrides),
    /** A session for a person, made as a completed sign-in makes it, without the e-mail (createSessionFactory). */
    signIn: createSessionFactory(first, config, clock),
    /** Signs a person in through the e-mailed link: asked on one instance, opened on the other. */
    async signInByEmail(email: string): Promise<string> {
      const sent = await a.request({ method: 'POST', url: '/api/send-magic-link', payload: { email } })
      if (sent.statusCode !== 200) throw new Error(`send-magic-link answered ${sent.statusCode}: ${sent.body}`)
      const verified = await b.request({
        method: 'POST',
        url: '/api/verify-magic-link',
        payload: { email, token: lastSignInMail(email).token },
      })
      if (verified.statusCode !== 200) throw new Error(`verify-magic-link answered ${verified.statusCode}: ${verified.body}`)
      return verified.json().token as string
    },
    async close() {
      await a.app.close()
      await b.app.close()
      await second.close()
      await first.close()
      if (sqliteDir) rmSync(sqliteDir, { recursive: true, force: true })
    },
  }
}

export type TwoInstances = Awaited<ReturnType<typeof startTwoInstances>>

/**
 * How many times a race test sends its two calls at once. On PostgreSQL the two instances' transactions run side by
 * side and their timing differs from try to try: a hundred tries meet the interleavings. On SQLite one writer holds the
 * file at a time and both instances share this process's thread, so the orders a try can meet are few and soon repeat.
 */
export function raceTries(dialect: Dialect): number {
  return dialect === 'postgres' ? 100 : 20
}
