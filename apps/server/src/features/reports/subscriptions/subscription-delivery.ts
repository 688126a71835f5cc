import { Writable } from 'node:stream'
import { finished } from 'node:stream/promises'
import { formatInstant } from '@platform/contracts/district-time'
import { localDate } from '@platform/contracts/finance-fiscal-year'
import { SUBSCRIPTION_FILE_DAYS, type SubscriptionFormat, scheduleInWords } from '@platform/contracts/report-subscriptions'
import type { Transaction } from 'kysely'
import type { Db } from '../../../db/database.js'
import type { Database } from '../../../db/schema.js'
import { DAY_MS, type Clock } from '../../../lib/clock.js'
import { AppError } from '../../../lib/errors.js'
import type { MailAttachment } from '../../../lib/mail-transport.js'
import { type AuthUser, authUserOf } from '../../../plugins/access.js'
import type { MailToSend } from '../../email/email.service.js'
import { EXPORT_CONTENT_TYPES, exportFileName } from '../export-jobs/export-file-name.js'
import { CHUNK_BYTES } from '../export-jobs/export-file-store.js'
import type { ExportJobsRepository } from '../export-jobs/export-jobs.repository.js'
import { csvLines } from '../exports/csv-export.js'
import { tooManyRowsFor } from '../exports/export-limits.js'
import type { ExportThreads } from '../exports/export-thread.js'
import { reportRows } from '../exports/report-rows.js'
import type { ReportsService } from '../reports.service.js'
import { scheduleOf } from './subscription-schedule.js'
import type { Person } from './subscriptions.service.js'
import type { SubscriptionRow, SubscriptionsRepository } from './subscriptions.repository.js'
import { unsubscribeToken, unsubscribeUrl } from './unsubscribe-token.js'

const FAILED_UNEXPECTEDLY = 'The report could not be run or written. An administrator can find why in the server log.'

/** One recipient's share of a run. */
export interface DeliveryTask {
  runId: number
  subscription: SubscriptionRow
  userId: number
  unsubscribed: boolean
}

type Outcome =
  | { outcome: 'unsubscribed' }
  | { outcome: 'failed'; detail: string }
  | { outcome: 'notice'; reason: string; to: string }
  | { outcome: 'sent'; to: string; rows: number; file: { name: string; bytes: Buffer } | null }

/**
 * Delivers one recipient's copy of a scheduled report: run as that person, with their rights and site scope now.
 * Someone who may no longer see the data is sent a notice that carries nothing of the report. The delivery's row and
 * its e-mail are written in one transaction, and the row is unique for the run and the person, so whichever instance
 * or try gets there first delivers it and nobody is sent the same report twice.
 */
export function createSubscriptionDelivery(deps: {
  db: Db
  subscriptions: SubscriptionsRepository
  exportJobs: Pick<ExportJobsRepository, 'insertReady'>
  reports: Pick<ReportsService, 'rerunExport'>
  exportThreads: ExportThreads
  findPerson: (userId: number) => Promise<Person | undefined>
  holdsReportsStudio: (user: AuthUser) => Promise<boolean>
  enqueue: (mail: MailToSend, trx: Transaction<Database>) => Promise<number>
  clock: Clock
  inTransaction: <T>(work: (trx: Transaction<Database>) => Promise<T>) => Promise<T>
  secret: string
  appUrl: string
  timeZone: string
  attachmentLimitBytes: number
  onError: (error: unknown, what: string) => void
}) {
  const { subscriptions, clock } = deps

  /** The recipient as the platform knows them now, or why they may not receive the report. */
  async function recipientNow(userId: number): Promise<{ user: AuthUser } | { reason: string; to: string | null }> {
    const person = await deps.findPerson(userId)
    if (!person) return { reason: 'your account no longer exists.', to: null }
    if (!person.is_active) return { reason: 'your account is no longer active.', to: person.email }
    const user = authUserOf(person, 'report-subscription', null)
    if (!(await deps.holdsReportsStudio(user))) return { reason: 'you no longer have access to Reports Studio.', to: person.email }
    return { user }
  }

  async function fileOf(format: Exclude<SubscriptionFormat, 'link'>, prepared: Awaited<ReturnType<ReportsService['rerunExport']>>) {
    const { header } = prepared
    const source = await prepared.rowSource()
    const parts: Buffer[] = []
    if (format === 'csv') {
      for await (const piece of csvLines(reportRows(deps.db, source), header.columns, { timeZone: header.timeZone }))
        parts.push(Buffer.from(piece, 'utf8'))
    } else {
      const refusal = tooManyRowsFor(format, header.page.total)
      if (refusal) throw refusal
      const sink = new Writable({
        write(chunk: Buffer | Uint8Array, _encoding, done) {
          parts.push(Buffer.from(chunk))
          done()
        },
      })
      await deps.exportThreads.write({ format, header }, source, sink)
      if (!sink.writableFinished) await finished(sink)
    }
    return {
      name: exportFileName(prepared.name, format, localDate(new Date(header.generatedAt), header.timeZone)),
      bytes: Buffer.concat(parts),
    }
  }

  async function outcomeFor(task: DeliveryTask): Promise<Outcome> {
    if (task.unsubscribed) return { outcome: 'unsubscribed' }
    const found = await recipientNow(task.userId)
    if ('reason' in found) {
      if (found.to === null) return { outcome: 'failed', detail: `Not sent: ${found.reason}` }
      return { outcome: 'notice', reason: found.reason, to: found.to }
    }
    const { subscription } = task
    try {
      const prepared = await deps.reports.rerunExport(found.user, {
        reportId: subscription.report_id,
        parameters: JSON.parse(subscription.parameters) as Record<string, unknown>,
      })
      const rows = prepared.header.page.total
      const format = subscription.format as SubscriptionFormat
      return { outcome: 'sent', to: found.user.email, rows, file: format === 'link' ? null : await fileOf(format, prepared) }
    } catch (error) {
      if (error instanceof AppError && error.statusCode === 403)
        return { outcome: 'notice', reason: 'you may no longer view the data this report reads.', to: found.user.email }
      if (error instanceof AppError) return { outcome: 'failed', detail: error.message }
      deps.onError(error, `delivering subscription ${subscription.subscription_id} to person ${task.userId}`)
      return { outcome: 'failed', detail: FAILED_UNEXPECTEDLY }
    }
  }

  const subscribedBy = (subscription: SubscriptionRow) => subscription.creator_name ?? 'an administrator'

  /** The e-mail of a delivery; for a file too large to attach, the file to keep in the recipient's exports. */
  function mailOf(
    task: DeliveryTask,
    outcome: Extract<Outcome, { outcome: 'sent' | 'notice' }>,
  ): {
    mail: MailToSend
    sentAs: 'attachment' | 'link' | 'file-link' | null
    stored: { name: string; bytes: Buffer; expiresAt: string } | null
  } {
    const { subscription } = task
    const unsubscribe = unsubscribeUrl(deps.appUrl, unsubscribeToken(deps.secret, subscription.subscription_id, task.userId))
    const common = {
      report: subscription.report_name,
      unsubscribe_url: unsubscribe,
      schedule: scheduleInWords(scheduleOf(subscription)),
      subscribed_by: subscribedBy(subscription),
    }
    const secrets = [unsubscribe]
    if (outcome.outcome === 'notice')
      return {
        mail: { kind: 'report_subscription_notice', to: outcome.to, values: { ...common, reason: outcome.reason }, secrets },
        sentAs: null,
        stored: null,
      }
    const values = { ...common, rows: outcome.rows.toLocaleString('en-US') }
    const report = (delivery: string, attachments?: MailAttachment[]): MailToSend => ({
      kind: 'report_subscription',
      to: outcome.to,
      values: { ...values, delivery },
      secrets,
      ...(attachments ? { attachments } : {}),
    })
    if (!outcome.file) {
      const link = `${deps.appUrl}/reports-studio?report=${subscription.report_id}&subscription=${subscription.subscription_id}`
      return { mail: report(`Open it in Reports Studio: ${link}`), sentAs: 'link', stored: null }
    }
    const { name, bytes } = outcome.file
    const contentType = EXPORT_CONTENT_TYPES[subscription.format as keyof typeof EXPORT_CONTENT_TYPES]
    if (bytes.byteLength <= deps.attachmentLimitBytes) {
      // The queue keeps messages as JSON: the file travels as base64 and the mail library decodes it back.
      const attachment: MailAttachment = { filename: name, content: bytes.toString('base64'), contentType, encoding: 'base64' }
      return { mail: report(`The report is attached as ${name}.`, [attachment]), sentAs: 'attachment', stored: null }
    }
    const expiresAt = new Date(clock.now().getTime() + SUBSCRIPTION_FILE_DAYS * DAY_MS).toISOString()
    const megabytes = (bytes.byteLength / 1024 / 1024).toFixed(1)
    const delivery =
      `The file ${name} (${megabytes} MB) is too large to attach. Download it from the Exports list in Reports Studio ` +
      `until ${formatInstant(expiresAt, deps.timeZone)}: ${deps.appUrl}/reports-studio#exports`
    return { mail: report(delivery), sentAs: 'file-link', stored: { name, bytes, expiresAt } }
  }

  /** Keeps a file too large to attach as a ready export of the recipient's, in the delivery's transaction. */
  function storeFile(
    trx: Transaction<Database>,
    task: DeliveryTask,
    rows: number,
    stored: { name: string; bytes: Buffer; expiresAt: string },
  ) {
    const { subscription } = task
    return deps.exportJobs.insertReady(
      trx,
      {
        owner_id: task.userId,
        report_name: subscription.report_name,
        format: subscription.format,
        request: JSON.stringify({
          reportId: subscription.report_id,
          parameters: JSON.parse(subscription.parameters) as unknown,
          subscriptionId: subscription.subscription_id,
        }),
        rows_total: rows,
        created_at: clock.now().toISOString(),
        expires_at: stored.expiresAt,
        file_name: stored.name,
        content_type: EXPORT_CONTENT_TYPES[subscription.format as keyof typeof EXPORT_CONTENT_TYPES],
      },
      stored.bytes,
      CHUNK_BYTES,
    )
  }

  return {
    /** Delivers one recipient's copy, unless the run already has their delivery. */
    async deliver(task: DeliveryTask): Promise<void> {
      const outcome = await outcomeFor(task)
      const row = { run_id: task.runId, user_id: task.userId, created_at: clock.now().toISOString() }
      await deps.inTransaction(async (trx) => {
        if (outcome.outcome === 'unsubscribed' || outcome.outcome === 'failed') {
          await subscriptions.insertDelivery(trx, {
            ...row,
            outcome: outcome.outcome,
            sent_as: null,
            rows: null,
            size_bytes: null,
            detail: outcome.outcome === 'failed' ? outcome.detail : null,
          })
          return
        }
        const planned = mailOf(task, outcome)
        const sent = outcome.outcome === 'sent' ? outcome : null
        const deliveryId = await subscriptions.insertDelivery(trx, {
          ...row,
          outcome: outcome.outcome,
          sent_as: planned.sentAs,
          rows: sent?.rows ?? null,
          size_bytes: sent?.file?.bytes.byteLength ?? null,
          detail: outcome.outcome === 'notice' ? `Not sent: ${outcome.reason}` : null,
        })
        // Another instance or an earlier try delivered it already: nothing more is written or sent.
        if (deliveryId === null) return
        const exportJobId = planned.stored && sent ? await storeFile(trx, task, sent.rows, planned.stored) : null
        const messageId = await deps.enqueue(planned.mail, trx)
        await subscriptions.linkDelivery(trx, deliveryId, { message_id: messageId, export_job_id: exportJobId })
      })
    },
  }
}
export type SubscriptionDelivery = ReturnType<typeof createSubscriptionDelivery>
