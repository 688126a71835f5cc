import type { Db, Executor } from '../../../db/database.js'

/** Runs shown in a subscription's history. */
const RUNS_SHOWN = 50

export type SubscriptionRow = Awaited<ReturnType<ReturnType<typeof createSubscriptionsRepository>['get']>> & {}
export type RecipientRow = Awaited<ReturnType<ReturnType<typeof createSubscriptionsRepository>['recipientsOf']>>[number]

/** What a subscription is saved with (the schedule in its columns, the parameters as JSON). */
export interface SubscriptionValues {
  parameters: string
  format: string
  frequency: string
  hour: number
  weekdays: string | null
  month_day: number | null
}

/** Report subscriptions, their recipients, runs and deliveries: SQL only, the rules are in the service and scheduler. */
export function createSubscriptionsRepository(db: Db) {
  const k = db.kysely
  const withNames = (executor: Executor = k) =>
    executor
      .selectFrom('report_subscriptions as s')
      .innerJoin('reports as r', 'r.report_id', 's.report_id')
      .leftJoin('users as creator', 'creator.user_id', 's.created_by')
      .leftJoin('users as pauser', 'pauser.user_id', 's.paused_by')
      .select([
        's.subscription_id',
        's.report_id',
        's.created_by',
        's.created_at',
        's.updated_at',
        's.version',
        's.parameters',
        's.format',
        's.frequency',
        's.hour',
        's.weekdays',
        's.month_day',
        's.paused',
        's.paused_at',
        's.next_run_at',
        's.last_run_at',
        'r.report_name',
        'r.created_by as report_owner',
        'creator.full_name as creator_name',
        'pauser.full_name as paused_by_name',
      ])

  return {
    get: (subscriptionId: number, executor: Executor = k) =>
      withNames(executor).where('s.subscription_id', '=', subscriptionId).executeTakeFirst(),

    /** Subscriptions of one report (or all), oldest first; who may see each is the service's rule. */
    list: (reportId: number | undefined) => {
      let query = withNames().orderBy('s.subscription_id')
      if (reportId !== undefined) query = query.where('s.report_id', '=', reportId)
      return query.execute()
    },

    recipientsOf: (subscriptionIds: number[], executor: Executor = k) =>
      subscriptionIds.length === 0
        ? Promise.resolve([])
        : executor
            .selectFrom('report_subscription_recipients as rr')
            .innerJoin('users as u', 'u.user_id', 'rr.user_id')
            .select(['rr.subscription_id', 'rr.user_id', 'rr.unsubscribed_at', 'u.full_name', 'u.email'])
            .where('rr.subscription_id', 'in', subscriptionIds)
            .orderBy('u.full_name')
            .orderBy('rr.user_id')
            .execute(),

    async insert(
      executor: Executor,
      values: SubscriptionValues & { report_id: number; created_by: number; next_run_at: string },
      recipientIds: number[],
      at: string,
    ): Promise<number> {
      const { subscription_id: id } = await executor
        .insertInto('report_subscriptions')
        .values({ ...values, created_at: at, updated_at: at })
        .returning('subscription_id')
        .executeTakeFirstOrThrow()
      await executor
        .insertInto('report_subscription_recipients')
        .values(recipientIds.map((userId) => ({ subscription_id: id, user_id: userId, added_at: at })))
        .execute()
      return id
    },

    /** Saves a change made to `version`; false when someone else changed it first. */
    async update(
      executor: Executor,
      subscriptionId: number,
      version: number,
      values: SubscriptionValues & { next_run_at: string | null },
      at: string,
    ): Promise<boolean> {
      const result = await executor
        .updateTable('report_subscriptions')
        .set({ ...values, version: version + 1, updated_at: at })
        .where('subscription_id', '=', subscriptionId)
        .where('version', '=', version)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    /** The recipients become `recipientIds`: those kept keep their unsubscription, those removed go, new ones are added. */
    async setRecipients(executor: Executor, subscriptionId: number, recipientIds: number[], at: string): Promise<void> {
      await executor
        .deleteFrom('report_subscription_recipients')
        .where('subscription_id', '=', subscriptionId)
        .where('user_id', 'not in', recipientIds)
        .execute()
      await executor
        .insertInto('report_subscription_recipients')
        .values(recipientIds.map((userId) => ({ subscription_id: subscriptionId, user_id: userId, added_at: at })))
        .onConflict((conflict) => conflict.columns(['subscription_id', 'user_id']).doNothing())
        .execute()
    },

    async setPaused(
      executor: Executor,
      subscriptionId: number,
      values: { paused: number; paused_by: number | null; paused_at: string | null; next_run_at: string | null },
      at: string,
    ): Promise<void> {
      await executor
        .updateTable('report_subscriptions')
        .set((eb) => ({ ...values, version: eb('version', '+', 1), updated_at: at }))
        .where('subscription_id', '=', subscriptionId)
        .execute()
    },

    async delete(executor: Executor, subscriptionId: number): Promise<void> {
      const runs = executor.selectFrom('report_subscription_runs').select('run_id').where('subscription_id', '=', subscriptionId)
      await executor.deleteFrom('report_subscription_deliveries').where('run_id', 'in', runs).execute()
      await executor.deleteFrom('report_subscription_runs').where('subscription_id', '=', subscriptionId).execute()
      await executor.deleteFrom('report_subscription_recipients').where('subscription_id', '=', subscriptionId).execute()
      await executor.deleteFrom('report_subscriptions').where('subscription_id', '=', subscriptionId).execute()
    },

    /** Marks one person unsubscribed; false when they are not (or no longer) a recipient. */
    async unsubscribe(executor: Executor, subscriptionId: number, userId: number, at: string): Promise<boolean> {
      const result = await executor
        .updateTable('report_subscription_recipients')
        .set((eb) => ({ unsubscribed_at: eb.fn.coalesce('unsubscribed_at', eb.val(at)) }))
        .where('subscription_id', '=', subscriptionId)
        .where('user_id', '=', userId)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    /** The newest runs of a subscription with their deliveries and the recipients' names. */
    async runs(subscriptionId: number) {
      const runs = await k
        .selectFrom('report_subscription_runs')
        .select(['run_id', 'scheduled_for', 'started_at', 'finished_at', 'state'])
        .where('subscription_id', '=', subscriptionId)
        .orderBy('scheduled_for', 'desc')
        .limit(RUNS_SHOWN)
        .execute()
      const deliveries =
        runs.length === 0
          ? []
          : await k
              .selectFrom('report_subscription_deliveries as d')
              .innerJoin('users as u', 'u.user_id', 'd.user_id')
              .select([
                'd.run_id',
                'd.user_id',
                'u.full_name',
                'd.outcome',
                'd.sent_as',
                'd.rows',
                'd.size_bytes',
                'd.detail',
                'd.created_at',
              ])
              .where(
                'd.run_id',
                'in',
                runs.map((run) => run.run_id),
              )
              .orderBy('d.delivery_id')
              .execute()
      return { runs, deliveries }
    },

    // The scheduler's side.

    /** Subscriptions whose next delivery is due. */
    due: (now: string, limit: number) =>
      k
        .selectFrom('report_subscriptions')
        .select(['subscription_id', 'next_run_at', 'frequency', 'hour', 'weekdays', 'month_day'])
        .where('paused', '=', 0)
        .where('next_run_at', '<=', now)
        .orderBy('next_run_at')
        .limit(limit)
        .execute(),

    /** Moves the next delivery on, only if it is still the one read (else another instance took this one). */
    async advance(executor: Executor, subscriptionId: number, read: string, next: string): Promise<boolean> {
      const result = await executor
        .updateTable('report_subscriptions')
        .set({ next_run_at: next })
        .where('subscription_id', '=', subscriptionId)
        .where('next_run_at', '=', read)
        .where('paused', '=', 0)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    async insertRun(executor: Executor, subscriptionId: number, scheduledFor: string, at: string): Promise<void> {
      await executor
        .insertInto('report_subscription_runs')
        .values({ subscription_id: subscriptionId, scheduled_for: scheduledFor, state: 'queued', created_at: at })
        .onConflict((conflict) => conflict.columns(['subscription_id', 'scheduled_for']).doNothing())
        .execute()
    },

    oldestQueued: (executor: Executor) =>
      executor
        .selectFrom('report_subscription_runs')
        .select(['run_id', 'attempt'])
        .where('state', '=', 'queued')
        .orderBy('run_id')
        .limit(1)
        .executeTakeFirst(),

    /** Starts a try of a queued run; false when another instance started it first. */
    async startRun(executor: Executor, runId: number, attempt: number, at: string): Promise<boolean> {
      const result = await executor
        .updateTable('report_subscription_runs')
        .set({ state: 'running', attempt, started_at: at })
        .where('run_id', '=', runId)
        .where('state', '=', 'queued')
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    run: (runId: number) =>
      k
        .selectFrom('report_subscription_runs')
        .select(['run_id', 'subscription_id', 'scheduled_for', 'state', 'attempt'])
        .where('run_id', '=', runId)
        .executeTakeFirst(),

    /** The recipients a run has already handled (by this try or an earlier one). */
    deliveredTo: async (runId: number) =>
      new Set(
        (await k.selectFrom('report_subscription_deliveries').select('user_id').where('run_id', '=', runId).execute()).map(
          (row) => row.user_id,
        ),
      ),

    /** Records one recipient's delivery; null when the run already has one for them (the unique key decides). */
    async insertDelivery(
      executor: Executor,
      values: {
        run_id: number
        user_id: number
        outcome: string
        sent_as: string | null
        rows: number | null
        size_bytes: number | null
        detail: string | null
        created_at: string
      },
    ): Promise<number | null> {
      const inserted = await executor
        .insertInto('report_subscription_deliveries')
        .values(values)
        .onConflict((conflict) => conflict.columns(['run_id', 'user_id']).doNothing())
        .returning('delivery_id')
        .executeTakeFirst()
      return inserted?.delivery_id ?? null
    },

    async linkDelivery(executor: Executor, deliveryId: number, links: { message_id: number; export_job_id: number | null }): Promise<void> {
      await executor.updateTable('report_subscription_deliveries').set(links).where('delivery_id', '=', deliveryId).execute()
    },

    /** Ends a try of a run; false when the try is no longer the run's (its lease ran out and it was queued again). */
    async finishRun(executor: Executor, runId: number, attempt: number, at: string): Promise<boolean> {
      const result = await executor
        .updateTable('report_subscription_runs')
        .set({ state: 'done', finished_at: at })
        .where('run_id', '=', runId)
        .where('attempt', '=', attempt)
        .where('state', '=', 'running')
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    async ranAt(executor: Executor, subscriptionId: number, at: string): Promise<void> {
      await executor.updateTable('report_subscriptions').set({ last_run_at: at }).where('subscription_id', '=', subscriptionId).execute()
    },

    /** A running run whose instance stopped: back in the queue; the recipients it handled stay handled. */
    async requeue(executor: Executor, runId: number): Promise<boolean> {
      const result = await executor
        .updateTable('report_subscription_runs')
        .set({ state: 'queued', started_at: null })
        .where('run_id', '=', runId)
        .where('state', '=', 'running')
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    hasQueued: async () =>
      (await k.selectFrom('report_subscription_runs').select('run_id').where('state', '=', 'queued').limit(1).executeTakeFirst()) !==
      undefined,

    /** Removes finished runs (and their deliveries) that ended before `before`. */
    async deleteRunsBefore(before: string): Promise<void> {
      const old = k.selectFrom('report_subscription_runs').select('run_id').where('state', '=', 'done').where('finished_at', '<', before)
      await k.deleteFrom('report_subscription_deliveries').where('run_id', 'in', old).execute()
      await k.deleteFrom('report_subscription_runs').where('state', '=', 'done').where('finished_at', '<', before).execute()
    },
  }
}
export type SubscriptionsRepository = ReturnType<typeof createSubscriptionsRepository>
