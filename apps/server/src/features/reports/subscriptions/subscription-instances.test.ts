import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { type TwoInstances, startTwoInstances } from '../../../../test/two-instances.js'
import { testDialects } from '../../../../test/test-database.js'
import { seedProjects, until } from '../export-jobs/export-jobs-testing.js'
import { SUBSCRIPTION_LEASE, subscriptionSchedulerOf } from './subscription-scheduler.js'
import {
  createProjectsReport,
  deliveriesOf,
  FIRST_MONDAY_7AM,
  MONDAYS_AT_7,
  READER_APPS,
  runsOf,
  subscribe,
} from './subscriptions-testing.js'

describe.each(testDialects())('report subscriptions on two instances of one database (%s)', (dialect) => {
  let two: TwoInstances
  let admin: string
  let reportId: number
  beforeEach(async () => {
    two = await startTwoInstances({ dialect })
    admin = await two.signIn('admin@example.org')
    await seedProjects(two.a.db, two.clock.now().toISOString(), 30)
    reportId = await createProjectsReport(two.a.request, admin)
  })
  afterEach(() => two.close())

  const mailsTo = async (email: string) =>
    (
      await two.a.db.kysely
        .selectFrom('mail_messages')
        .select('message_id')
        .where('kind', '=', 'report_subscription')
        .where('recipient', '=', email)
        .execute()
    ).length

  it('both tick at the same moment: one run a time, one delivery and one e-mail to each recipient', async () => {
    const readers = [
      await two.createUser({ applications: READER_APPS }),
      await two.createUser({ applications: READER_APPS }),
      await two.createUser({ applications: READER_APPS }),
    ]
    const ids: number[] = []
    for (let i = 0; i < 3; i += 1) {
      const made = await subscribe(two.a.request, admin, {
        reportId,
        recipientIds: readers.map((reader) => reader.userId),
        format: i === 0 ? 'csv' : 'link',
        schedule: { frequency: 'daily', hour: 7 + i },
      })
      ids.push(made.id)
    }
    const schedulers = [subscriptionSchedulerOf(two.a.app), subscriptionSchedulerOf(two.b.app)]
    const days = 4
    for (let day = 0; day < days; day += 1) {
      // 10:00 AM in Los Angeles each day: every subscription is due.
      two.clock.set(new Date(Date.parse('2026-03-02T18:00:00.000Z') + day * 86_400_000))
      // On PostgreSQL both at once. Two SQLite connections in one thread cannot interleave transactions (the one that
      // waits for the file's lock blocks the thread the other needs to commit): there, one instance after the other.
      if (dialect === 'postgres') await Promise.all(schedulers.map((scheduler) => scheduler.tick()))
      else for (const scheduler of schedulers) await scheduler.tick()
    }
    for (const id of ids) {
      const runs = await runsOf(two.a.db, id)
      expect(runs).toHaveLength(days)
      expect(runs.every((run) => run.state === 'done')).toBe(true)
      const deliveries = await deliveriesOf(two.a.db, id)
      expect(deliveries).toHaveLength(days * readers.length)
      expect(deliveries.every((delivery) => delivery.outcome === 'sent' && delivery.message_id !== null)).toBe(true)
    }
    for (const reader of readers) expect(await mailsTo(reader.email)).toBe(days * ids.length)
  }, 60_000)

  it('a run whose instance stopped mid-way is finished by the other once its lease ran out, nobody sent it twice', async () => {
    const readers = []
    for (let i = 0; i < 5; i += 1) readers.push(await two.createUser({ applications: READER_APPS }))
    const made = await subscribe(two.a.request, admin, {
      reportId,
      recipientIds: readers.map((reader) => reader.userId),
      format: 'xlsx',
      schedule: MONDAYS_AT_7,
    })
    two.clock.set(new Date(FIRST_MONDAY_7AM))
    const onA = subscriptionSchedulerOf(two.a.app).tick()
    await until(
      () => deliveriesOf(two.a.db, made.id),
      (rows) => rows.length >= 1,
      20_000,
      5,
    )
    // Instance a stops while it delivers: it finishes the recipient in hand and lets the run go.
    await two.a.app.close()
    await onA
    const [run] = await runsOf(two.b.db, made.id)
    expect(run).toMatchObject({ state: 'running', attempt: 1 })
    const handledByA = (await deliveriesOf(two.b.db, made.id)).length
    expect(handledByA).toBeLessThan(readers.length)
    const lease = await two.b.db.kysely
      .selectFrom('job_leases')
      .select('owner')
      .where('kind', '=', SUBSCRIPTION_LEASE)
      .where('job_key', '=', String(run!.run_id))
      .executeTakeFirst()
    expect(lease).toBeDefined()

    // Its lease runs out; b's sweep puts the run back in the queue and b delivers to the rest.
    two.clock.advance(3 * 60_000)
    expect(await two.b.jobLeases.sweep()).toBeGreaterThanOrEqual(1)
    await subscriptionSchedulerOf(two.b.app).tick()
    await until(
      () => runsOf(two.b.db, made.id),
      (runs) => runs[0]!.state === 'done',
      20_000,
    )
    expect((await runsOf(two.b.db, made.id))[0]).toMatchObject({ attempt: 2 })
    const deliveries = await deliveriesOf(two.b.db, made.id)
    expect(deliveries.map((delivery) => delivery.user_id).sort()).toEqual(readers.map((reader) => reader.userId).sort())
    expect(deliveries.every((delivery) => delivery.outcome === 'sent' && delivery.sent_as === 'attachment')).toBe(true)
    for (const reader of readers) expect(await mailsTo(reader.email)).toBe(1)
  }, 60_000)
})
