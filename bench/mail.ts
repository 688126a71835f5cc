import { createEmailRepository } from '../apps/server/src/features/email/email.repository.js'
import { createEmailService } from '../apps/server/src/features/email/email.service.js'
import { openDatabase } from '../apps/server/src/db/database.js'
import { migrateToLatest } from '../apps/server/src/db/migrate.js'
import { systemClock } from '../apps/server/src/lib/clock.js'
import { createJobLeases } from '../apps/server/src/db/job-leases.js'
import { createSmtpTransport } from '../apps/server/src/lib/mail-transport.js'
import { startSmtpPeer } from '../apps/server/test/smtp-peer.js'
import type { BenchDatabase, FillColumn } from './lib/database.js'
import { load } from './lib/load.js'
import type { BenchContext } from './lib/scenario.js'
import { signIn, startServer } from './lib/server.js'

const MESSAGES = 1_000
const LOG_ROWS = 1_000_000
const KINDS = ['sign_in', 'sign_in', 'sign_in', 'invitation', 'no_account', 'test']
const STATUSES = ['sent', 'sent', 'sent', 'sent', 'sent', 'sent', 'sent', 'sent', 'failed', 'retrying']

/** 1,000 queued messages handed to a real local SMTP server by the queue worker. */
async function queueThroughput(database: BenchDatabase): Promise<{ seconds: number; delivered: number }> {
  const smtp = await startSmtpPeer()
  const db = openDatabase(
    database.dialect === 'sqlite'
      ? { kind: 'sqlite', file: database.url.slice('sqlite:'.length) }
      : { kind: 'postgres', url: database.url },
  )
  await migrateToLatest(db)
  const transport = createSmtpTransport(smtp.url, 'Bench <bench@district.test>')
  const email = createEmailService({
    transport,
    emails: createEmailRepository(db),
    leases: createJobLeases(db, { owner: 'bench', leaseMs: 60_000, clock: systemClock, onError: (error) => console.error(error) }),
    clock: systemClock,
    secret: 'a-benchmark-secret-that-is-long-enough-for-keys',
    settings: {
      districtName: 'Bench District',
      logoUrl: null,
      appUrl: 'http://localhost:3000',
      from: 'bench@district.test',
      retryMinutes: 60,
    },
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

const LOG_COLUMNS: FillColumn[] = [
  ...['created_at', 'updated_at', 'kind', 'recipient', 'subject', 'body_text', 'status'].map((name) => ({ name, pgType: 'text' as const })),
  { name: 'attempts', pgType: 'int' },
  { name: 'last_error', pgType: 'text' },
  { name: 'sent_at', pgType: 'text' },
]

function* logRows(): Generator<unknown[]> {
  const start = Date.parse('2026-01-01T00:00:00.000Z')
  for (let i = 0; i < LOG_ROWS; i++) {
    const at = new Date(start + i * 25_000).toISOString()
    const status = STATUSES[i % STATUSES.length]!
    yield [
      at,
      at,
      KINDS[i % KINDS.length],
      `person${i % 20_000}@district.test`,
      'Your sign-in link',
      'Hello,\n[hidden]',
      status,
      1,
      status === 'failed' ? '550 Mailbox unavailable' : null,
      status === 'sent' ? at : null,
    ]
  }
}

/** The queue's throughput, and a filtered page of a mail log of a million messages. */
export async function benchMail({ databases, runs, record }: BenchContext): Promise<void> {
  for (let run = 0; run < runs; run += 1) {
    const queue = await queueThroughput(await databases.fresh())
    if (queue.delivered !== MESSAGES) throw new Error(`The queue delivered ${queue.delivered} of ${MESSAGES} messages`)
    record(
      'queue',
      { label: `${MESSAGES} queued messages handed to a local SMTP server`, unit: 's', kind: 'time', target: { op: '<', value: 10 } },
      queue.seconds,
    )
  }
  const database = await databases.fresh()
  const first = await startServer({ DATABASE_URL: database.url }) // creates and migrates the database
  await first.stop()
  await database.fill('mail_messages', LOG_COLUMNS, logRows())
  await database.analyze()
  const server = await startServer({ DATABASE_URL: database.url })
  try {
    const token = await signIn(server, 'admin@example.org')
    const auth = { authorization: `Bearer ${token}` }
    const byStatusUrl = `${server.url}/api/email/messages?status=failed&kind=sign_in&limit=50`
    for (let run = 0; run < runs; run += 1) {
      const single = await load(byStatusUrl, auth, 1)
      const byStatus = await load(byStatusUrl, auth, 10)
      const byRecipient = await load(`${server.url}/api/email/messages?recipient=person1234%40district.test&limit=50`, auth, 10)
      record(
        'log-failed-p99',
        {
          label: 'mail log of 1M messages: failed sign-in messages, 10 connections, p99',
          unit: 'ms',
          kind: 'time',
          target: { op: '<', value: 50 },
        },
        byStatus.p99,
      )
      record(
        'log-failed-single-p99',
        { label: 'the same, one request at a time, p99', unit: 'ms', kind: 'time', target: { op: '<', value: 50 } },
        single.p99,
      )
      record(
        'log-recipient-p99',
        { label: "one recipient's messages, 10 connections, p99", unit: 'ms', kind: 'time', target: { op: '<', value: 50 } },
        byRecipient.p99,
      )
    }
  } finally {
    await server.stop()
  }
}
