import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import SqliteDatabase from 'better-sqlite3'
import { createEmailRepository } from '../apps/server/src/features/email/email.repository.js'
import { createEmailService } from '../apps/server/src/features/email/email.service.js'
import { openDatabase } from '../apps/server/src/db/database.js'
import { migrateToLatest } from '../apps/server/src/db/migrate.js'
import { systemClock } from '../apps/server/src/lib/clock.js'
import { createSmtpTransport } from '../apps/server/src/lib/mail-transport.js'
import { startSmtpPeer } from '../apps/server/test/smtp-peer.js'
import { load, verdict } from './lib/load.js'
import { signIn, startServer } from './lib/server.js'

const MESSAGES = 1_000
const LOG_ROWS = 1_000_000
const KINDS = ['sign_in', 'sign_in', 'sign_in', 'invitation', 'no_account', 'test']
const STATUSES = ['sent', 'sent', 'sent', 'sent', 'sent', 'sent', 'sent', 'sent', 'failed', 'retrying']

/** 1,000 queued messages handed to a real local SMTP server by the queue worker. */
async function queueThroughput(): Promise<{ seconds: number; delivered: number }> {
  const smtp = await startSmtpPeer()
  const dir = mkdtempSync(join(tmpdir(), 'platform-mail-bench-'))
  const db = openDatabase({ kind: 'sqlite', file: join(dir, 'mail.db') })
  await migrateToLatest(db)
  const transport = createSmtpTransport(smtp.url, 'Bench <bench@district.test>')
  const email = createEmailService({
    transport,
    emails: createEmailRepository(db),
    clock: systemClock,
    secret: 'a-benchmark-secret-that-is-long-enough-for-keys',
    settings: { districtName: 'Bench District', logoUrl: null, appUrl: 'http://localhost:3000', from: 'bench@district.test', retryMinutes: 60 },
  })
  for (let i = 0; i < MESSAGES; i++) {
    await email.enqueue({ kind: 'test', to: `person${i}@district.test`, values: { sent_at: new Date().toISOString() }, secrets: [] })
  }
  const started = performance.now()
  await email.processDue()
  const seconds = (performance.now() - started) / 1000
  transport.close()
  await db.close()
  await smtp.close()
  return { seconds, delivered: smtp.inbox.length }
}

/** Fills the mail log of a migrated SQLite file with a million realistic rows, directly and fast. */
function fillLog(file: string): void {
  const sqlite = new SqliteDatabase(file)
  const insert = sqlite.prepare(
    `insert into mail_messages (created_at, updated_at, kind, recipient, subject, body_text, status, attempts, last_error, sent_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  )
  const start = Date.parse('2026-01-01T00:00:00.000Z')
  const fill = sqlite.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const at = new Date(start + i * 25_000).toISOString()
      const status = STATUSES[i % STATUSES.length]!
      insert.run(at, at, KINDS[i % KINDS.length], `person${i % 20_000}@district.test`, 'Your sign-in link', 'Hello,\n[hidden]', status, 1, status === 'failed' ? '550 Mailbox unavailable' : null, status === 'sent' ? at : null)
    }
  })
  for (let i = 0; i < LOG_ROWS; i += 100_000) fill(i, i + 100_000)
  sqlite.close()
}

/** Issue 7: the queue's throughput, and a filtered page of a mail log of a million messages. */
export async function benchMail(): Promise<void> {
  const queue = await queueThroughput()
  const dir = mkdtempSync(join(tmpdir(), 'platform-mail-log-'))
  const file = join(dir, 'log.db')
  const first = await startServer({ DATABASE_URL: `sqlite:${file}` }) // creates and migrates the database
  await first.stop()
  fillLog(file)
  const server = await startServer({ DATABASE_URL: `sqlite:${file}` })
  try {
    const token = await signIn(server, 'admin@example.org')
    const auth = { authorization: `Bearer ${token}` }
    const byStatusUrl = `${server.url}/api/email/messages?status=failed&kind=sign_in&limit=50`
    const single = await load(byStatusUrl, auth, 1)
    const byStatus = await load(byStatusUrl, auth, 10)
    const byRecipient = await load(`${server.url}/api/email/messages?recipient=person1234%40district.test&limit=50`, auth, 10)
    console.log(`\nEmail Administration`)
    console.log(`  queue: ${queue.delivered} of ${MESSAGES} messages handed to a local SMTP server in ${queue.seconds.toFixed(2)} s (target < 10 s) ${verdict(queue.delivered === MESSAGES && queue.seconds < 10)}`)
    console.log(`  mail log of ${LOG_ROWS.toLocaleString('en-US')} messages, 10 connections:`)
    console.log(`    failed sign-in messages, page 1: ${byStatus.rps} req/s, p50 ${byStatus.p50} ms, p99 ${byStatus.p99} ms (target < 50 ms) ${verdict(byStatus.p99 < 50)}`)
    console.log(`    the same, one request at a time:  ${single.rps} req/s, p50 ${single.p50} ms, p99 ${single.p99} ms`)
    console.log(`    one recipient's messages:        ${byRecipient.rps} req/s, p50 ${byRecipient.p50} ms, p99 ${byRecipient.p99} ms (target < 50 ms) ${verdict(byRecipient.p99 < 50)}`)
  } finally {
    await server.stop()
  }
}
