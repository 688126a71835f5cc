import { isAdminRole } from '@platform/contracts/auth'
import {
  MAX_RECIPIENT_CANDIDATES,
  type RecipientCandidate,
  type Subscription,
  type SubscriptionInput,
  type SubscriptionRun,
  type SubscriptionUpdate,
  nextDeliveryAt,
  scheduleInWords,
} from '@platform/contracts/report-subscriptions'
import type { Transaction } from 'kysely'
import type { Database } from '../../../db/schema.js'
import type { ClientInfo } from '../../../lib/client-info.js'
import type { Clock } from '../../../lib/clock.js'
import { AppError } from '../../../lib/errors.js'
import { type AuthUser, type PersonRow, authUserOf } from '../../../plugins/access.js'
import type { AuditService } from '../../audit/audit.service.js'
import type { Catalogue } from '../catalogue/catalogue.js'
import type { ReportsService } from '../reports.service.js'
import { scheduleOf, valuesOf } from './subscription-schedule.js'
import type { RecipientRow, SubscriptionRow, SubscriptionsRepository } from './subscriptions.repository.js'
import { readUnsubscribeToken } from './unsubscribe-token.js'

/** A person as the platform knows them now. */
export type Person = PersonRow & { is_active: number }

const BAD_LINK = 'This unsubscribe link is not one the platform sent, or it was changed. Open it again from the e-mail.'

/**
 * Report subscriptions' rules. Anyone who may run a report subscribes people who may view it; the subscription's
 * creator, the report's owner and administrators change, pause and delete it; its recipients see it too.
 */
export function createSubscriptionsService(deps: {
  subscriptions: SubscriptionsRepository
  reports: Pick<ReportsService, 'checkRunnable' | 'readableDataset'>
  catalogue: Pick<Catalogue, 'readable'>
  findPeople: (userIds: number[]) => Promise<Person[]>
  /** Active people whose name or address matches the words, in name order, at most `limit`. */
  searchActivePeople: (search: string | undefined, limit: number) => Promise<number[]>
  holdsReportsStudio: (user: AuthUser) => Promise<boolean>
  audit: AuditService
  clock: Clock
  inTransaction: <T>(work: (trx: Transaction<Database>) => Promise<T>) => Promise<T>
  secret: string
  timeZone: string
}) {
  const { subscriptions, clock, inTransaction } = deps
  const now = () => clock.now()

  const mayManage = (user: AuthUser, row: SubscriptionRow) =>
    isAdminRole(user.roleCode) || row.created_by === user.id || row.report_owner === user.id
  const maySee = (user: AuthUser, row: SubscriptionRow, recipients: RecipientRow[]) =>
    mayManage(user, row) || recipients.some((recipient) => recipient.user_id === user.id)

  /** A recipient who does not manage it sees themselves among its recipients, not who else receives it. */
  function view(user: AuthUser, row: SubscriptionRow, recipients: RecipientRow[]): Subscription {
    const schedule = scheduleOf(row)
    const canManage = mayManage(user, row)
    const shown = canManage ? recipients : recipients.filter((recipient) => recipient.user_id === user.id)
    return {
      id: row.subscription_id,
      reportId: row.report_id,
      reportName: row.report_name,
      createdBy: { userId: row.created_by, fullName: row.creator_name },
      createdAt: row.created_at,
      parameters: JSON.parse(row.parameters) as Record<string, unknown>,
      format: row.format as Subscription['format'],
      schedule,
      scheduleText: scheduleInWords(schedule),
      recipients: shown.map((recipient) => ({
        userId: recipient.user_id,
        fullName: recipient.full_name,
        email: recipient.email,
        unsubscribedAt: recipient.unsubscribed_at,
      })),
      paused: row.paused === 1,
      pausedBy: row.paused === 1 ? row.paused_by_name : null,
      pausedAt: row.paused === 1 ? row.paused_at : null,
      nextRunAt: row.next_run_at,
      lastRunAt: row.last_run_at,
      version: row.version,
      canManage,
    }
  }

  /** The subscription if the person may see it; anyone else is told there is none, as if it did not exist. */
  async function visible(user: AuthUser, subscriptionId: number) {
    const row = await subscriptions.get(subscriptionId)
    const recipients = row ? await subscriptions.recipientsOf([subscriptionId]) : []
    if (!row || !maySee(user, row, recipients))
      throw new AppError('not_found', `There is no report subscription with id ${subscriptionId}. It may have been deleted.`, {
        code: 'subscription_not_found',
      })
    return { row, recipients }
  }

  async function managed(user: AuthUser, subscriptionId: number, doing: string) {
    const found = await visible(user, subscriptionId)
    if (!mayManage(user, found.row))
      throw new AppError(
        'forbidden',
        `Only the person who set up this subscription, the report's owner and administrators can ${doing} it.`,
        { code: 'subscription_not_manageable' },
      )
    return found
  }

  /** Whether a person holds Reports Studio and may read the dataset now. */
  async function mayView(person: Person, dataset: string): Promise<boolean> {
    const asThem = authUserOf(person, 'report-subscription', null)
    if (!(await deps.holdsReportsStudio(asThem))) return false
    return deps.catalogue.readable(asThem, dataset).then(
      () => true,
      (error: unknown) => {
        if (error instanceof AppError && error.statusCode === 403) return false
        throw error
      },
    )
  }

  /** Every recipient must be an active person who holds Reports Studio and may read the report's dataset. */
  async function checkRecipients(recipientIds: number[], dataset: string): Promise<number[]> {
    const ids = [...new Set(recipientIds)]
    const people = new Map((await deps.findPeople(ids)).map((person) => [person.user_id, person]))
    for (const id of ids) {
      const person = people.get(id)
      if (!person)
        throw new AppError('unprocessable', `There is no person with id ${id} to receive this report.`, { code: 'unknown_recipient' })
      if (!person.is_active)
        throw new AppError('unprocessable', `${person.full_name}'s account is not active, so they cannot receive this report.`, {
          code: 'recipient_not_allowed',
        })
      if (!(await mayView(person, dataset)))
        throw new AppError('unprocessable', `${person.full_name} may not view this report, so they cannot receive it.`, {
          code: 'recipient_not_allowed',
        })
    }
    return ids
  }

  const record = (action: string, user: AuthUser | null, client: ClientInfo, subscriptionId: number, details: Record<string, unknown>) =>
    deps.audit.record({
      action,
      outcome: 'success',
      actorUserId: user?.id ?? null,
      targetType: 'report_subscription',
      targetId: subscriptionId,
      ip: client.ip,
      userAgent: client.userAgent,
      details,
    })

  const conflict = (row: SubscriptionRow, version: number) =>
    new AppError(
      'conflict',
      `This subscription was changed again (version ${row.version}) after you opened version ${version}. Reload it to see those changes, then make yours.`,
      { code: 'subscription_changed' },
    )

  return {
    /** Those the person set up, those they receive, and every one of a report they own (all for administrators). */
    async list(user: AuthUser, reportId: number | undefined): Promise<Subscription[]> {
      const rows = await subscriptions.list(reportId)
      const recipients = await subscriptions.recipientsOf(rows.map((row) => row.subscription_id))
      return rows.flatMap((row) => {
        const own = recipients.filter((recipient) => recipient.subscription_id === row.subscription_id)
        return maySee(user, row, own) ? [view(user, row, own)] : []
      })
    },

    /**
     * The people a report may be sent to, for the recipients' search: active, holding Reports Studio and able to read
     * its dataset now, matching what was typed. Asked only by someone who may run the report.
     */
    async candidates(user: AuthUser, reportId: number, search: string | undefined): Promise<RecipientCandidate[]> {
      const dataset = await deps.reports.readableDataset(user, reportId)
      // Some of those found may not view the report: a few times more are looked at than are offered.
      const ids = await deps.searchActivePeople(search, MAX_RECIPIENT_CANDIDATES * 3)
      const offered: RecipientCandidate[] = []
      for (const person of await deps.findPeople(ids)) {
        if (offered.length === MAX_RECIPIENT_CANDIDATES) break
        if (await mayView(person, dataset)) offered.push({ userId: person.user_id, fullName: person.full_name, email: person.email })
      }
      return offered.sort((a, b) => a.fullName.localeCompare(b.fullName))
    },

    async get(user: AuthUser, subscriptionId: number): Promise<Subscription> {
      const { row, recipients } = await visible(user, subscriptionId)
      return view(user, row, recipients)
    },

    async create(user: AuthUser, input: SubscriptionInput, client: ClientInfo): Promise<Subscription> {
      const { dataset } = await deps.reports.checkRunnable(user, input.reportId, input.parameters)
      const recipientIds = await checkRecipients(input.recipientIds, dataset)
      const at = now()
      const nextRunAt = nextDeliveryAt(input.schedule, at, deps.timeZone).toISOString()
      const id = await inTransaction((trx) =>
        subscriptions.insert(
          trx,
          { ...valuesOf(input), report_id: input.reportId, created_by: user.id, next_run_at: nextRunAt },
          recipientIds,
          at.toISOString(),
        ),
      )
      await record('report_subscription.created', user, client, id, {
        reportId: input.reportId,
        format: input.format,
        schedule: scheduleInWords(input.schedule),
        recipientIds,
      })
      return this.get(user, id)
    },

    async update(user: AuthUser, subscriptionId: number, input: SubscriptionUpdate, client: ClientInfo): Promise<Subscription> {
      const { row } = await managed(user, subscriptionId, 'change')
      if (row.version !== input.version) throw conflict(row, input.version)
      const { dataset } = await deps.reports.checkRunnable(user, row.report_id, input.parameters)
      const recipientIds = await checkRecipients(input.recipientIds, dataset)
      const at = now()
      const nextRunAt = row.paused === 1 ? null : nextDeliveryAt(input.schedule, at, deps.timeZone).toISOString()
      const saved = await inTransaction(async (trx) => {
        if (
          !(await subscriptions.update(trx, subscriptionId, row.version, { ...valuesOf(input), next_run_at: nextRunAt }, at.toISOString()))
        )
          return false
        await subscriptions.setRecipients(trx, subscriptionId, recipientIds, at.toISOString())
        return true
      })
      if (!saved) throw conflict((await subscriptions.get(subscriptionId)) ?? row, input.version)
      await record('report_subscription.updated', user, client, subscriptionId, {
        version: row.version + 1,
        format: input.format,
        schedule: scheduleInWords(input.schedule),
        recipientIds,
      })
      return this.get(user, subscriptionId)
    },

    /** Pausing stops deliveries until it is resumed; resuming delivers from the next time of the schedule on. */
    async pause(user: AuthUser, subscriptionId: number, paused: boolean, client: ClientInfo): Promise<Subscription> {
      const { row } = await managed(user, subscriptionId, paused ? 'pause' : 'resume')
      if ((row.paused === 1) !== paused) {
        const at = now()
        await inTransaction((trx) =>
          subscriptions.setPaused(
            trx,
            subscriptionId,
            paused
              ? { paused: 1, paused_by: user.id, paused_at: at.toISOString(), next_run_at: null }
              : {
                  paused: 0,
                  paused_by: null,
                  paused_at: null,
                  next_run_at: nextDeliveryAt(scheduleOf(row), at, deps.timeZone).toISOString(),
                },
            at.toISOString(),
          ),
        )
        await record(paused ? 'report_subscription.paused' : 'report_subscription.resumed', user, client, subscriptionId, {})
      }
      return this.get(user, subscriptionId)
    },

    async delete(user: AuthUser, subscriptionId: number, client: ClientInfo) {
      const { row } = await managed(user, subscriptionId, 'delete')
      await inTransaction((trx) => subscriptions.delete(trx, subscriptionId))
      await record('report_subscription.deleted', user, client, subscriptionId, { reportId: row.report_id })
      return { success: true as const, message: `The subscription to '${row.report_name}' was deleted; nobody receives it any more.` }
    },

    /**
     * Its runs, newest first, with each recipient's delivery. Those who manage it see every delivery; a recipient sees
     * the runs with their own delivery only (who else receives a report is not theirs to read).
     */
    async runs(user: AuthUser, subscriptionId: number): Promise<SubscriptionRun[]> {
      const { row } = await visible(user, subscriptionId)
      const everyone = mayManage(user, row)
      const { runs, deliveries } = await subscriptions.runs(subscriptionId)
      return runs.map((run) => ({
        id: run.run_id,
        scheduledFor: run.scheduled_for,
        startedAt: run.started_at,
        finishedAt: run.finished_at,
        state: run.state as SubscriptionRun['state'],
        deliveries: deliveries
          .filter((delivery) => delivery.run_id === run.run_id && (everyone || delivery.user_id === user.id))
          .map((delivery) => ({
            userId: delivery.user_id,
            fullName: delivery.full_name,
            outcome: delivery.outcome as SubscriptionRun['deliveries'][number]['outcome'],
            sentAs: delivery.sent_as as SubscriptionRun['deliveries'][number]['sentAs'],
            rows: delivery.rows,
            sizeBytes: delivery.size_bytes,
            detail: delivery.detail,
            at: delivery.created_at,
          })),
      }))
    },

    /** The unsubscribe link of an e-mail: the person named by its token receives nothing more of this subscription. */
    async unsubscribe(token: string, client: ClientInfo) {
      const named = readUnsubscribeToken(deps.secret, token)
      if (!named) throw new AppError('bad_request', BAD_LINK, { code: 'unsubscribe_link_invalid' })
      const row = await subscriptions.get(named.subscriptionId)
      const done = row
        ? await inTransaction((trx) => subscriptions.unsubscribe(trx, named.subscriptionId, named.userId, now().toISOString()))
        : false
      if (!row || !done)
        throw new AppError('not_found', 'This subscription was deleted, or you were taken off it: you will not receive it.', {
          code: 'subscription_not_found',
        })
      await deps.audit.record({
        action: 'report_subscription.unsubscribed',
        outcome: 'success',
        actorUserId: named.userId,
        targetType: 'report_subscription',
        targetId: named.subscriptionId,
        ip: client.ip,
        userAgent: client.userAgent,
        details: { via: 'e-mail link' },
      })
      return { reportName: row.report_name, message: `You will no longer receive '${row.report_name}' by e-mail.` }
    },
  }
}
export type SubscriptionsService = ReturnType<typeof createSubscriptionsService>
