import { buildApp } from './app.js'
import { ConfigError, loadConfig } from './config.js'
import { openDatabase } from './db/database.js'
import { migrateToLatest, withStartupLock } from './db/migrate.js'
import { seedDatabase } from './seed.js'
import { startDemoTracker } from './features/dsa/demo-tracker/demo-tracker.js'
import { systemClock } from './lib/clock.js'
import { createOutboxTransport, createSmtpTransport } from './lib/mail-transport.js'

const MAINTENANCE_INTERVAL_MS = 10 * 60_000

async function main(): Promise<void> {
  const config = loadConfig()
  // Until the app's logger exists, a lost connection is written to stderr; afterwards to the log.
  let connectionLost = (error: Error): unknown => process.stderr.write(`database connection lost: ${error.message}\n`)
  const db = openDatabase(config.database, {
    applicationName: `platform-${config.instanceId}`,
    onConnectionError: (error) => connectionLost(error),
  })
  const { createdAdmin } = await withStartupLock(db, async () => {
    await migrateToLatest(db)
    return seedDatabase(db, config.adminEmail, systemClock.now().toISOString())
  })
  await db.settleStartup()
  const transport = config.mail.smtpUrl
    ? createSmtpTransport(config.mail.smtpUrl, config.mail.from, undefined, new URL(config.appUrl).hostname)
    : createOutboxTransport()
  // The demo tracker stands in for the real DSA site (DSA_DEMO_TRACKER=true): the tracker works without the internet.
  const demoTracker = config.dsa.demoTracker ? await startDemoTracker() : null
  const { app, maintenance, mailQueue, jobLeases, drain } = await buildApp({
    config,
    db,
    transport,
    ...(demoTracker ? { dsaTrackerUrl: demoTracker.url } : {}),
  })
  connectionLost = (error) => app.log.warn({ err: error }, 'a database connection was lost; the pool opens a new one for the next call')

  const timer = setInterval(
    () => void maintenance().catch((err: unknown) => app.log.warn({ err }, 'maintenance failed')),
    MAINTENANCE_INTERVAL_MS,
  )
  timer.unref()
  // Work whose owner stopped renewing its lease (this process before a crash, or another instance) is settled now and
  // by a sweep every half lease; live work of other instances is never touched.
  const reportSettled = (jobs: number) =>
    app.log.warn({ jobs }, 'background jobs of a stopped instance were settled (scrape runs failed, messages marked to resend)')
  const settled = await jobLeases.sweep()
  if (settled > 0) reportSettled(settled)
  jobLeases.startSweeping(reportSettled)
  const mailTimer = setInterval(
    () => void mailQueue.processDue().catch((err: unknown) => app.log.error({ err }, 'mail queue run failed')),
    config.mail.queuePollSeconds * 1000,
  )
  mailTimer.unref()

  let closing = false
  const shutdown = async (signal: string) => {
    if (closing) return
    closing = true
    // Not ready any more, still serving: a load balancer checking /api/ready moves new calls to other instances
    // before this one stops accepting connections (which would fail calls already on their way to it).
    drain()
    if (config.shutdownDrainMs > 0) {
      app.log.info({ signal, drainSeconds: config.shutdownDrainMs / 1000 }, 'shutting down: draining')
      await new Promise((resolve) => setTimeout(resolve, config.shutdownDrainMs))
    }
    app.log.info({ signal }, 'shutting down: finishing requests in flight')
    clearInterval(timer)
    clearInterval(mailTimer)
    await app.close() // stops accepting connections and waits for requests in flight
    await demoTracker?.close()
    transport.close()
    await db.close()
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))

  await app.listen({ port: config.port, host: config.host })
  const where = config.database.kind === 'sqlite' ? `SQLite file ${config.database.file}` : 'PostgreSQL'
  const mail = transport.mode === 'outbox' ? 'outbox mode: e-mails are printed here, nothing is sent' : 'SMTP'
  process.stdout.write(
    [
      '',
      `District Staff Platform is running at ${config.appUrl} (Node.js ${process.version})`,
      `  database: ${where}; mail: ${mail}`,
      `  To sign in as the first administrator, open ${config.appUrl}/login and enter ${config.adminEmail}`,
      transport.mode === 'outbox'
        ? '  The sign-in link and code will appear in this console.'
        : '  The sign-in link and code will arrive by e-mail.',
      demoTracker
        ? `  DSA Project Tracker: reading the built-in demo tracker at ${demoTracker.url} (DSA_DEMO_TRACKER=true)`
        : `  DSA Project Tracker: reading ${config.dsa.baseUrl}`,
      createdAdmin ? `  (First start: the administrator ${config.adminEmail} was created; set ADMIN_EMAIL to choose another.)` : '',
      '',
    ].join('\n') + '\n',
  )
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    process.stderr.write(`${error.message}\nSee the configuration table in README.md.\n`)
  } else {
    process.stderr.write(`The platform could not start: ${error instanceof Error ? error.message : String(error)}\n`)
  }
  process.exit(1)
})
