import { nextDeliveryAt } from '@platform/contracts/report-subscriptions'
import type { FastifyInstance } from 'fastify'
import type { Transaction } from 'kysely'
import type { JobLeases, Lease } from '../../../db/job-leases.js'
import type { Database } from '../../../db/schema.js'
import { DAY_MS, type Clock } from '../../../lib/clock.js'
import type { SubscriptionDelivery } from './subscription-delivery.js'
import { latestDueSlot, scheduleOf } from './subscription-schedule.js'
import type { SubscriptionsRepository } from './subscriptions.repository.js'

/** The kind of lease an instance holds while it delivers a run. */
export const SUBSCRIPTION_LEASE = 'report_subscription'
/** How often an instance looks for subscriptions due: deliveries are at whole hours, so within half a minute of them. */
const TICK_MS = 30_000
const DUE_BATCH = 100
/** A run's history is kept this long. */
const RUNS_KEPT_MS = 400 * DAY_MS

/**
 * Scheduled delivery of report subscriptions across instances. A due subscription makes one run for its time: its next
 * time is moved on by a compare-and-set in the transaction that inserts the run (unique for its time), so whichever
 * instance gets there first makes it. A run is then delivered under a job lease by one instance, recipient by
 * recipient; if that instance stops, the lease runs out, a sweep puts the run back in the queue, and another instance
 * delivers to the recipients not yet handled.
 */
export function createSubscriptionScheduler(deps: {
  subscriptions: SubscriptionsRepository
  delivery: Pick<SubscriptionDelivery, 'deliver'>
  leases: JobLeases
  clock: Clock
  inTransaction: <T>(work: (trx: Transaction<Database>) => Promise<T>) => Promise<T>
  timeZone: string
  onError: (error: unknown, what: string) => void
}) {
  const { subscriptions, leases, clock } = deps
  let closed = false
  let timer: NodeJS.Timeout | null = null
  let ticking: Promise<void> | null = null

  leases.onExpired(SUBSCRIPTION_LEASE, async (trx, key) => {
    // Looked for once the sweep's transaction has committed; the next tick finds it otherwise.
    if (await subscriptions.requeue(trx, Number(key))) setTimeout(() => void tick(), 100).unref()
  })

  const now = () => clock.now()

  /** Makes the run of each subscription due; the latest time missed only, when the platform was down for several. */
  async function scheduleDue(): Promise<void> {
    const at = now()
    for (const due of await subscriptions.due(at.toISOString(), DUE_BATCH)) {
      const schedule = scheduleOf(due)
      const read = due.next_run_at!
      const slot = latestDueSlot(schedule, new Date(read), at, deps.timeZone)
      const next = nextDeliveryAt(schedule, at, deps.timeZone)
      await deps.inTransaction(async (trx) => {
        // No row moved: another instance took this time.
        if (!(await subscriptions.advance(trx, due.subscription_id, read, next.toISOString()))) return
        await subscriptions.insertRun(trx, due.subscription_id, slot.toISOString(), at.toISOString())
      })
    }
  }

  /** Takes the oldest queued run, if any, in the transaction that writes its lease. */
  function claim() {
    return leases.start(SUBSCRIPTION_LEASE, async (trx) => {
      const next = await subscriptions.oldestQueued(trx)
      if (!next) return null
      const attempt = next.attempt + 1
      if (!(await subscriptions.startRun(trx, next.run_id, attempt, now().toISOString()))) return null
      return { key: next.run_id, value: { runId: next.run_id, attempt } }
    })
  }

  /** Delivers a run to each recipient it has not handled; stops (leaving the rest to a sweep) if the lease is lost. */
  async function deliverRun(runId: number, attempt: number, lease: Lease): Promise<void> {
    const run = await subscriptions.run(runId)
    const subscription = run ? await subscriptions.get(run.subscription_id) : undefined
    // A subscription paused after its run was made delivers nothing more; a deleted one took its runs with it.
    if (subscription && subscription.paused === 0) {
      const delivered = await subscriptions.deliveredTo(runId)
      for (const recipient of await subscriptions.recipientsOf([subscription.subscription_id])) {
        if (lease.lost.aborted || closed) return lease.abandon()
        if (delivered.has(recipient.user_id)) continue
        await deps.delivery.deliver({ runId, subscription, userId: recipient.user_id, unsubscribed: recipient.unsubscribed_at !== null })
      }
    }
    await lease.finish(() =>
      deps.inTransaction(async (trx) => {
        const at = now().toISOString()
        if (run && (await subscriptions.finishRun(trx, runId, attempt, at)) && subscription)
          await subscriptions.ranAt(trx, subscription.subscription_id, at)
      }),
    )
  }

  async function deliverQueued(): Promise<void> {
    while (!closed) {
      const claimed = await claim()
      if (!claimed) return
      const { runId, attempt } = claimed.value
      try {
        await deliverRun(runId, attempt, claimed.lease)
      } catch (error) {
        // The lease runs out and a sweep gives the run back to the queue; those delivered stay delivered.
        claimed.lease.abandon()
        deps.onError(error, `delivering report subscription run ${runId}`)
      }
    }
  }

  /** Makes the runs due now and delivers every queued one (one tick at a time in a process). */
  function tick(): Promise<void> {
    if (closed) return Promise.resolve()
    ticking ??= (async () => {
      try {
        await scheduleDue()
        await deliverQueued()
      } finally {
        ticking = null
      }
    })()
    return ticking
  }

  return {
    tick,

    /** Looks for deliveries due every TICK_MS from now on. */
    start(): void {
      if (timer || closed) return
      timer = setInterval(() => void tick().catch((error: unknown) => deps.onError(error, 'delivering report subscriptions')), TICK_MS)
      timer.unref()
    },

    /** Stops looking, and stops a run after the recipient being delivered now; its lease runs out for another instance. */
    async close(): Promise<void> {
      closed = true
      if (timer) clearInterval(timer)
      timer = null
      await ticking?.catch(() => undefined)
    },

    /** Removes the history of runs past what is kept. */
    sweepOldRuns: () => subscriptions.deleteRunsBefore(new Date(now().getTime() - RUNS_KEPT_MS).toISOString()),
  }
}
export type SubscriptionScheduler = ReturnType<typeof createSubscriptionScheduler>

const schedulers = new WeakMap<FastifyInstance, SubscriptionScheduler>()

/** Keeps an app's scheduler where its tests (and an operator's script) reach it, as they reach its mail queue. */
export function keepSchedulerOf(app: FastifyInstance, scheduler: SubscriptionScheduler): void {
  schedulers.set(app, scheduler)
}

/** The scheduler of a built app. */
export function subscriptionSchedulerOf(app: FastifyInstance): SubscriptionScheduler {
  const scheduler = schedulers.get(app)
  if (!scheduler) throw new Error('This app has no report subscription scheduler.')
  return scheduler
}
