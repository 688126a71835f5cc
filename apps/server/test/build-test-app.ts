import { Writable } from 'node:stream'
import type { InjectOptions } from 'fastify'
import { buildApp } from '../src/app.js'
import { loadConfig } from '../src/config.js'
import type { Dialect } from '../src/db/database.js'
import { seedDatabase } from '../src/seed.js'
import { createManualClock } from '../src/lib/clock.js'
import { createOutboxTransport, createSmtpTransport } from '../src/lib/mail-transport.js'
import { type UserOverrides, createSessionFactory, insertUser } from './factories.js'
import { type SmtpPeer, readSignInMail } from './smtp-peer.js'
import { createTestDatabase } from './test-database.js'
import { testAuditEnv } from './audit-keys.js'

export const TEST_APP_URL = 'http://platform.test'
export const TEST_ADMIN_EMAIL = 'admin@example.org'

export interface TestAppOptions {
  dialect: Dialect
  /** Deliver through this real SMTP server instead of the outbox. */
  smtp?: SmtpPeer
  env?: Record<string, string>
  /** An SQLite file instead of an in-memory database (what a worker thread can open too). */
  sqliteFile?: string
}

/** A migrated, seeded platform on a fresh database, driven through Fastify's inject, with a clock the test moves. */
export async function buildTestApp({ dialect, smtp, env = {}, sqliteFile }: TestAppOptions) {
  const clock = createManualClock(new Date('2026-03-02T08:00:00.000Z'))
  const config = loadConfig({
    ...testAuditEnv(),
    APP_URL: TEST_APP_URL,
    ADMIN_EMAIL: TEST_ADMIN_EMAIL,
    LOG_LEVEL: 'info',
    RATE_LIMIT_PER_MINUTE: '100000',
    RATE_LIMIT_ANONYMOUS_PER_MINUTE: '100000',
    WEB_DIST_DIR: '/nonexistent-web-dist',
    ...(smtp ? { SMTP_URL: smtp.url } : {}),
    ...env,
  })
  const db = await createTestDatabase(dialect, sqliteFile ? { sqliteFile } : {})
  await seedDatabase(db, config.adminEmail, clock.now().toISOString())

  const outbox: string[] = []
  const transport = smtp
    ? createSmtpTransport(smtp.url, config.mail.from, { connectMs: 1500, socketMs: 1500 })
    : createOutboxTransport((text) => outbox.push(text))
  const logLines: string[] = []
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk))
      done()
    },
  })
  const { app, routes, mailQueue, finance, maintenance } = await buildApp({ config, db, transport, clock, logStream })
  await app.ready()

  async function request(options: InjectOptions & { token?: string }) {
    const { token, ...rest } = options
    return app.inject({ ...rest, headers: { ...(rest.headers ?? {}), ...(token ? { authorization: `Bearer ${token}` } : {}) } })
  }

  /** The newest sign-in e-mail to an address, from the SMTP peer or the outbox. */
  async function lastSignInMail(email: string) {
    if (smtp) return readSignInMail((await smtp.waitForMail(email)).text)
    const printed = [...outbox].reverse().find((text) => text.includes(`To: ${email}\n`) && /\/auth\/verify(-clerk)?\?/.test(text))
    if (!printed) throw new Error(`No sign-in e-mail to ${email} in the outbox`)
    return readSignInMail(printed)
  }

  /** Signs a person in through the real e-mailed-link flow and returns the session token (the sign-in tests). */
  async function signInByEmail(email: string): Promise<string> {
    const sent = await request({ method: 'POST', url: '/api/send-magic-link', payload: { email } })
    if (sent.statusCode !== 200) throw new Error(`send-magic-link answered ${sent.statusCode}: ${sent.body}`)
    const { token } = await lastSignInMail(email)
    const verified = await request({ method: 'POST', url: '/api/verify-magic-link', payload: { email, token } })
    if (verified.statusCode !== 200) throw new Error(`verify-magic-link answered ${verified.statusCode}: ${verified.body}`)
    return verified.json().token as string
  }

  return {
    app,
    db,
    clock,
    config,
    routes,
    mailQueue,
    /** The periodic housekeeping main.ts runs on a timer (expired windows, the deposit clock's e-mails). */
    maintenance,
    /** The finance foundation's service, as the fiscal applications call it. */
    finance,
    outbox,
    logLines,
    request,
    lastSignInMail,
    /** A session for a person, made as a completed sign-in makes it, without the e-mail (createSessionFactory). */
    signIn: createSessionFactory(db, config, clock),
    signInByEmail,
    createUser: (overrides: UserOverrides = {}) => insertUser(db, overrides),
    async close() {
      await app.close()
      transport.close()
      await db.close()
    },
  }
}
export type TestApp = Awaited<ReturnType<typeof buildTestApp>>
