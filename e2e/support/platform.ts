import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Writable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { expect, type Page } from '@playwright/test'
// The server's own TypeScript modules, imported directly: Playwright's loader maps these `.js`
// specifiers to the `.ts` files (and the contracts package's `.ts` exports), so the whole platform runs
// inside the test worker and the test holds its clock and database.
import { buildApp } from '../../apps/server/src/app.js'
import { subscriptionSchedulerOf } from '../../apps/server/src/features/reports/subscriptions/subscription-scheduler.js'
import { loadConfig } from '../../apps/server/src/config.js'
import { openDatabase } from '../../apps/server/src/db/database.js'
import { migrateToLatest } from '../../apps/server/src/db/migrate.js'
import { seedDatabase } from '../../apps/server/src/seed.js'
import type { Clock } from '../../apps/server/src/lib/clock.js'
import { createSmtpTransport } from '../../apps/server/src/lib/mail-transport.js'
import { type UserOverrides, createSessionFactory, insertUser } from '../../apps/server/test/factories.js'
import { type ReceivedMail, readSignInMail, startSmtpPeer } from '../../apps/server/test/smtp-peer.js'
import { openSignedIn } from './signed-in.js'

export const ADMIN_EMAIL = 'admin@example.org'
/** The built web app; E2E_WEB_DIST_DIR points elsewhere (a private build, safe from a rebuild running meanwhile). */
export const WEB_DIST_DIR = process.env.E2E_WEB_DIST_DIR || fileURLToPath(new URL('../../apps/web/dist', import.meta.url))

/** The wall clock plus an offset the test moves forward: the "injected clock" that lets a link expire. */
export function createAdjustableClock(): Clock & { advance(ms: number): void; reset(): void } {
  let offsetMs = 0
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance(ms: number) {
      offsetMs += ms
    },
    reset() {
      offsetMs = 0
    },
  }
}

/** A port nothing listens on now (to name an address before the server that will use it starts). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

let emailSequence = 0

/** An address no other test uses; `prefix` is its first letters (the masked 'p•••@…' shows the first one). */
export function uniqueEmail(prefix = 'person'): string {
  emailSequence += 1
  return `${prefix}.${process.pid}.${emailSequence}.${Math.random().toString(36).slice(2, 7)}@district.test`
}

export interface SignInMail {
  link: string
  token: string
  code: string
}

export interface PlatformOptions {
  /**
   * More environment for loadConfig, merged over the defaults (e.g. WEBLOGIC_DOMAINS_FILE and the password variables it
   * names). Never read from process.env: each spec file's platform gets exactly what it is given.
   */
  env?: Record<string, string>
  /**
   * The port to listen on, reserved beforehand with `freePort()` when something started before the platform must know
   * its address (an identity provider's redirect URIs). Without it, a free port is picked.
   */
  port?: number
}

/**
 * A whole platform on a free local port: a temporary SQLite file, migrated and seeded (first SUPER_ADMIN
 * admin@example.org), a real SMTP server receiving its mail, and an adjustable clock.
 */
export async function startPlatform(options: PlatformOptions = {}) {
  if (!existsSync(join(WEB_DIST_DIR, 'index.html'))) {
    throw new Error(`The web app is not built (${WEB_DIST_DIR} has no index.html). Run: npm run build -w apps/web`)
  }
  const dir = await mkdtemp(join(tmpdir(), 'platform-e2e-'))
  const smtp = await startSmtpPeer()
  const clock = createAdjustableClock()
  const logLines: string[] = []
  const logStream = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk))
      done()
    },
  })

  // The port must be known before the app is built: APP_URL (the e-mailed links) is the server's own address.
  for (let attempt = 1; ; attempt += 1) {
    const port = options.port ?? (await freePort())
    const url = `http://127.0.0.1:${port}`
    const config = loadConfig({
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: url,
      DATABASE_URL: `sqlite:${join(dir, `platform-${attempt}.db`)}`,
      SMTP_URL: smtp.url,
      ADMIN_EMAIL,
      RATE_LIMIT_PER_MINUTE: '100000',
      RATE_LIMIT_ANONYMOUS_PER_MINUTE: '100000',
      LOG_LEVEL: 'warn',
      WEB_DIST_DIR,
      ...options.env,
    })
    const db = openDatabase(config.database)
    await migrateToLatest(db)
    await seedDatabase(db, config.adminEmail, clock.now().toISOString())
    await db.settleStartup() // as main.ts does: the log checkpointed, the checkpoint worker allowed from here on
    const transport = createSmtpTransport(smtp.url, config.mail.from, { connectMs: 2000, socketMs: 5000 })
    const { app, mailQueue } = await buildApp({ config, db, transport, clock, logStream })
    try {
      await app.listen({ port, host: '127.0.0.1' })
    } catch (error) {
      await app.close()
      transport.close()
      await db.close()
      // Another process took the port between the probe and the listen: try another one.
      if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE' && attempt < 5 && options.port === undefined) continue
      await smtp.close()
      await rm(dir, { recursive: true, force: true })
      throw error
    }

    /** Mail to an address that arrived after `seen` messages were in the inbox. */
    async function mailAfter(email: string, seen: number, timeoutMs = 7_500): Promise<ReceivedMail> {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const found = smtp.inbox.slice(seen).find((mail) => mail.to.includes(email))
        if (found) return found
        if (Date.now() > deadline) throw new Error(`No e-mail to ${email} reached the SMTP peer within ${timeoutMs} ms`)
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    }

    /** On /login: asks for a link in this page (which marks this browser as the one that asked) and reads the e-mail. */
    async function requestSignIn(page: Page, email: string): Promise<SignInMail> {
      await page.goto('/login')
      await page.getByLabel('Email address').fill(email)
      const seen = smtp.inbox.length
      await page.getByRole('button', { name: 'Send sign-in link' }).click()
      await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible()
      await expect(page.getByTestId('sent-email')).toHaveText(email)
      return readSignInMail((await mailAfter(email, seen)).text)
    }

    /** The real flow: /login, type, send, the e-mail arrives, its link opened in the same page → /dashboard. */
    async function signInThroughEmail(page: Page, email: string): Promise<SignInMail> {
      const mail = await requestSignIn(page, email)
      await page.goto(mail.link)
      await expect(page).toHaveURL(/\/dashboard$/, { timeout: 10_000 })
      await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible()
      return mail
    }

    /** The quicker way in (no 2.5 s redirect): the code from the e-mail typed on 'Check Your Email'. */
    async function signInWithCode(page: Page, email: string): Promise<SignInMail> {
      const mail = await requestSignIn(page, email)
      await page.getByLabel('Verification code').fill(mail.code)
      await page.getByRole('button', { name: 'Verify code' }).click()
      await expect(page).toHaveURL(/\/dashboard$/)
      await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible()
      return mail
    }

    const createSession = createSessionFactory(db, config, clock)

    /**
     * Signs a person in without the e-mail (a session made as a completed sign-in makes it) and opens /dashboard in
     * this page. For tests about something other than signing in; those about it use the two ways above. Returns the
     * session token.
     */
    async function signIn(page: Page, email: string): Promise<string> {
      const token = await createSession(email)
      await openSignedIn(page, url, token)
      return token
    }

    /** The session token this page's browser stores. */
    async function storedToken(page: Page): Promise<string> {
      const token = await page.evaluate(() => localStorage.getItem('token'))
      if (!token) throw new Error('No token in localStorage: the page is not signed in')
      return token
    }

    return {
      url,
      port,
      db,
      smtp,
      clock,
      logLines,
      mailAfter,
      /** Sends the queued mail now (the platform's worker timer does it in production). */
      processMail: () => mailQueue.processDue(),
      /** Delivers the report subscriptions due now (the scheduler's timer looks every half minute in production). */
      tickSubscriptions: () => subscriptionSchedulerOf(app).tick(),
      requestSignIn,
      signInThroughEmail,
      signInWithCode,
      signIn,
      storedToken,
      /** Inserts a user in the seeded 'District Office' organisation (a fresh address unless given). */
      createUser: (overrides: UserOverrides = {}) => insertUser(db, { email: uniqueEmail(), ...overrides }),
      async close() {
        await app.close()
        transport.close()
        await db.close()
        await smtp.close()
        await rm(dir, { recursive: true, force: true })
      },
    }
  }
}
export type Platform = Awaited<ReturnType<typeof startPlatform>>
