import type { MailListQuery, MailStatus } from '@platform/contracts/email'
import type { Insertable, Kysely } from 'kysely'
import { keysetPages, type NewestFirstCursor, olderThan } from '../../db/keyset-pages.js'
import type { Db } from '../../db/database.js'
import type { Database, MailMessagesTable } from '../../db/schema.js'

/** What the log is filtered by; from and to are instants here (the service turns the district's days into them). */
export type MailFilters = Pick<MailListQuery, 'recipient' | 'kind' | 'status' | 'from' | 'to'>

const LIST_COLUMNS = [
  'message_id',
  'created_at',
  'kind',
  'recipient',
  'subject',
  'status',
  'attempts',
  'last_error',
  'smtp_response',
  'sent_at',
  'next_attempt_at',
] as const

const WAITING: MailStatus[] = ['queued', 'retrying']
/** Beyond this many matches the log says "10,000 or more". */
export const COUNT_CAP = 10_000

/** The mail log and queue. Every change of status is one conditional UPDATE, so two workers never take the same message. */
export function createEmailRepository(db: Db) {
  const k = db.kysely

  function filtered(filters: MailFilters) {
    let query = k.selectFrom('mail_messages')
    if (filters.recipient)
      query = query
        .where('recipient', '>=', filters.recipient.toLowerCase())
        .where('recipient', '<', `${filters.recipient.toLowerCase()}\uffff`)
    if (filters.kind) query = query.where('kind', '=', filters.kind)
    if (filters.status) query = query.where('status', '=', filters.status)
    if (filters.from) query = query.where('created_at', '>=', filters.from)
    if (filters.to) query = query.where('created_at', '<=', filters.to)
    return query
  }

  return {
    /** `executor`: a transaction, when the message must be queued together with what it is about. */
    insert: (row: Insertable<MailMessagesTable>, executor: Kysely<Database> = k) =>
      executor.insertInto('mail_messages').values(row).returning('message_id').executeTakeFirstOrThrow(),

    /** Messages whose next try is due, oldest first. */
    dueIds: async (now: string, limit: number) =>
      (
        await k
          .selectFrom('mail_messages')
          .select('message_id')
          .where('status', 'in', WAITING)
          .where('next_attempt_at', '<=', now)
          .orderBy('next_attempt_at')
          .limit(limit)
          .execute()
      ).map((row) => row.message_id),

    /** Takes a waiting message for sending (in the transaction that takes its lease); false when another worker (or a cancel) got there first. */
    async claim(messageId: number, now: string, on: Kysely<Database>): Promise<boolean> {
      const result = await on
        .updateTable('mail_messages')
        .set({ status: 'sending', updated_at: now })
        .where('message_id', '=', messageId)
        .where('status', 'in', WAITING)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    findForSending: (messageId: number) =>
      k
        .selectFrom('mail_messages')
        .select(['message_id', 'kind', 'recipient', 'payload', 'attempts', 'retry_until'])
        .where('message_id', '=', messageId)
        .executeTakeFirst(),

    markDelivered: (messageId: number, status: 'sent' | 'outbox', response: string, now: string) =>
      k
        .updateTable('mail_messages')
        .set((eb) => ({
          status,
          smtp_response: response.slice(0, 1000),
          sent_at: now,
          payload: null,
          next_attempt_at: null,
          last_error: null,
          attempts: eb('attempts', '+', 1),
          updated_at: now,
        }))
        .where('message_id', '=', messageId)
        .execute(),

    markRetry: (messageId: number, error: string, nextAttemptAt: string, now: string) =>
      k
        .updateTable('mail_messages')
        .set((eb) => ({
          status: 'retrying',
          last_error: error.slice(0, 1000),
          next_attempt_at: nextAttemptAt,
          attempts: eb('attempts', '+', 1),
          updated_at: now,
        }))
        .where('message_id', '=', messageId)
        .execute(),

    markFailed: (messageId: number, error: string, now: string, countAttempt = true) =>
      k
        .updateTable('mail_messages')
        .set((eb) => ({
          status: 'failed',
          last_error: error.slice(0, 1000),
          payload: null,
          next_attempt_at: null,
          attempts: countAttempt ? eb('attempts', '+', 1) : eb.ref('attempts'),
          updated_at: now,
        }))
        .where('message_id', '=', messageId)
        .execute(),

    async cancel(messageId: number, now: string): Promise<boolean> {
      const result = await k
        .updateTable('mail_messages')
        .set({ status: 'cancelled', payload: null, next_attempt_at: null, updated_at: now })
        .where('message_id', '=', messageId)
        .where('status', 'in', WAITING)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    /**
     * A message whose sender stopped renewing its lease while handing it to the mail server. Whether it arrived is
     * unknown, so it is marked failed rather than sent again: nothing is ever sent twice.
     */
    async failAbandoned(on: Kysely<Database>, messageId: number, now: string, error: string): Promise<void> {
      await on
        .updateTable('mail_messages')
        .set({ status: 'failed', last_error: error, payload: null, updated_at: now })
        .where('message_id', '=', messageId)
        .where('status', '=', 'sending')
        .execute()
    },

    get: (messageId: number) =>
      k
        .selectFrom('mail_messages')
        .select([...LIST_COLUMNS, 'body_text', 'body_html'])
        .where('message_id', '=', messageId)
        .executeTakeFirst(),

    async list(filters: MailFilters, limit: number, offset: number) {
      const rows = await filtered(filters)
        .select(LIST_COLUMNS)
        .orderBy('created_at', 'desc')
        .orderBy('message_id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute()
      if (offset === 0 && rows.length < limit) return { rows, total: rows.length, totalCapped: false }
      // Counting a million rows to print "1,000,000" costs more than the page itself: counting stops past the cap.
      const counted = await k
        .selectFrom(
          filtered(filters)
            .select('message_id')
            .limit(COUNT_CAP + 1)
            .as('matching'),
        )
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
      const total = Number(counted.n)
      return { rows, total: Math.min(total, COUNT_CAP), totalCapped: total > COUNT_CAP }
    },

    /** Every matching message, newest first, read page by page. */
    async *stream(filters: MailFilters, pageSize = 1000) {
      const pages = keysetPages(
        (after: NewestFirstCursor | null, limit) => {
          let query = filtered(filters).select(LIST_COLUMNS)
          if (after) query = query.where((eb) => olderThan(eb, 'created_at', 'message_id', after))
          return query.orderBy('created_at', 'desc').orderBy('message_id', 'desc').limit(limit).execute()
        },
        (row) => ({ at: row.created_at, id: row.message_id }),
        pageSize,
      )
      for await (const rows of pages) yield* rows
    },

    /** How many messages of the period ended in each status. */
    async statusCountsSince(since: string): Promise<Record<string, number>> {
      const rows = await k
        .selectFrom('mail_messages')
        .select((eb) => ['status', eb.fn.countAll<number>().as('n')])
        .where('created_at', '>=', since)
        .groupBy('status')
        .execute()
      return Object.fromEntries(rows.map((row) => [row.status, Number(row.n)]))
    },

    recentFailures: (since: string, limit: number) =>
      k
        .selectFrom('mail_messages')
        .select(LIST_COLUMNS)
        .where('status', '=', 'failed')
        .where('created_at', '>=', since)
        .orderBy('created_at', 'desc')
        .limit(limit)
        .execute(),

    templates: () => k.selectFrom('mail_templates').select(['kind', 'subject', 'body_text', 'updated_at']).execute(),
    template: (kind: string, executor: Kysely<Database> = k) =>
      executor
        .selectFrom('mail_templates')
        .select(['kind', 'subject', 'body_text', 'updated_at'])
        .where('kind', '=', kind)
        .executeTakeFirst(),
    saveTemplate: (kind: string, subject: string, bodyText: string, now: string, by: number) =>
      k
        .insertInto('mail_templates')
        .values({ kind, subject, body_text: bodyText, updated_at: now, updated_by: by })
        .onConflict((oc) => oc.column('kind').doUpdateSet({ subject, body_text: bodyText, updated_at: now, updated_by: by }))
        .execute(),
    deleteTemplate: (kind: string) => k.deleteFrom('mail_templates').where('kind', '=', kind).execute(),
  }
}
export type EmailRepository = ReturnType<typeof createEmailRepository>
