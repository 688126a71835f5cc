import type { Db } from '../../db/database.js'

/** The mail queue's states that are still to be sent (or being sent now). */
const WAITING = ['queued', 'retrying'] as const

/** What /metrics reads from the database at each scrape: counts only, never a row's content. SQL only. */
export function createMetricsRepository(db: Db) {
  const k = db.kysely
  return {
    /** Messages waiting (queued or to be retried), being sent, and the oldest waiting one's creation time. */
    async mailQueue(): Promise<{ waiting: number; sending: number; oldestWaitingAt: string | null }> {
      const rows = await k
        .selectFrom('mail_messages')
        .select((eb) => ['status', eb.fn.countAll<number>().as('n'), eb.fn.min('created_at').as('oldest')])
        .where('status', 'in', [...WAITING, 'sending'])
        .groupBy('status')
        .execute()
      const waiting = rows.filter((row) => (WAITING as readonly string[]).includes(row.status))
      const oldest = waiting
        .map((row) => row.oldest)
        .filter((at): at is string => typeof at === 'string')
        .sort()[0]
      return {
        waiting: waiting.reduce((sum, row) => sum + Number(row.n), 0),
        sending: Number(rows.find((row) => row.status === 'sending')?.n ?? 0),
        oldestWaitingAt: oldest ?? null,
      }
    },

    /** Messages written since `since` that the queue gave up on. */
    async failedSince(since: string): Promise<number> {
      const row = await k
        .selectFrom('mail_messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('status', '=', 'failed')
        .where('created_at', '>=', since)
        .executeTakeFirstOrThrow()
      return Number(row.n)
    },

    /** Leases not yet expired, by kind of job, across every instance. */
    leasesByKind: (now: string) =>
      k
        .selectFrom('job_leases')
        .select((eb) => ['kind', eb.fn.countAll<number>().as('n')])
        .where('expires_at', '>', now)
        .groupBy('kind')
        .execute(),

    /** Report export jobs by state. */
    exportJobsByState: () =>
      k
        .selectFrom('report_export_jobs')
        .select((eb) => ['state', eb.fn.countAll<number>().as('n')])
        .groupBy('state')
        .execute(),
  }
}
export type MetricsRepository = ReturnType<typeof createMetricsRepository>
