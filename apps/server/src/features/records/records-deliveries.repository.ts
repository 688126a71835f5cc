import type { Db, DbTransaction, WrittenAlong } from '../../db/database.js'
import { stepTransaction } from '../../db/step-transaction.js'
import type { DeliveryRow, MailRow } from './records-deliveries.js'

type Reader = Db['kysely'] | DbTransaction

/** How issued letters reached their requesters: the e-mail in the mail log, or the post once marked mailed. SQL only. */
export function createRecordsDeliveriesRepository(db: Db) {
  const k = db.kysely

  const deliveries = (on: Reader = k) =>
    on
      .selectFrom('records_deliveries as d')
      .leftJoin('mail_messages as m', 'm.message_id', 'd.mail_message_id')
      .leftJoin('users as u', 'u.user_id', 'd.mailed_by')
      .select([
        'd.delivery_id',
        'd.request_id',
        'd.letter_id',
        'd.channel',
        'd.recipient',
        'd.mail_message_id',
        'd.created_at',
        'd.mailed_on',
        'd.mailed_by',
        'd.mailed_at',
        'u.full_name as mailed_by_name',
        'm.status as mail_status',
        'm.attempts as mail_attempts',
        'm.last_error as mail_last_error',
        'm.smtp_response as mail_smtp_response',
        'm.sent_at as mail_sent_at',
        'm.created_at as mail_created_at',
        'm.updated_at as mail_updated_at',
      ])

  type Flat = Awaited<ReturnType<ReturnType<typeof deliveries>['execute']>>[number]
  const shaped = (row: Flat): DeliveryRow => ({
    delivery_id: row.delivery_id,
    request_id: row.request_id,
    letter_id: row.letter_id,
    channel: row.channel,
    recipient: row.recipient,
    mail_message_id: row.mail_message_id,
    created_at: row.created_at,
    mailed_on: row.mailed_on,
    mailed_by: row.mailed_by,
    mailed_at: row.mailed_at,
    mailed_by_name: row.mailed_by_name,
    mail:
      row.mail_message_id !== null && row.mail_status !== null
        ? {
            message_id: row.mail_message_id,
            status: row.mail_status,
            attempts: Number(row.mail_attempts ?? 0),
            last_error: row.mail_last_error,
            smtp_response: row.mail_smtp_response,
            sent_at: row.mail_sent_at,
            created_at: row.mail_created_at ?? row.created_at,
            updated_at: row.mail_updated_at,
          }
        : null,
  })

  /** Letters that leave by post, with what their envelope and the To mail list show. */
  const mailings = () =>
    k
      .selectFrom('records_deliveries as d')
      .innerJoin('records_letters as l', 'l.letter_id', 'd.letter_id')
      .innerJoin('records_requests as r', 'r.request_id', 'd.request_id')
      .leftJoin('users as u', 'u.user_id', 'd.mailed_by')
      .select([
        'd.delivery_id',
        'd.request_id',
        'r.number',
        'd.letter_id',
        'l.kind',
        'l.issued_at',
        'r.requester_name',
        'd.recipient',
        'd.mailed_on',
        'u.full_name as mailed_by_name',
      ])
      .where('d.channel', '=', 'POST')

  return {
    /** The To mail list (oldest issued first) or what was mailed (latest first), at most `limit`. */
    mailings: (state: 'TO_MAIL' | 'MAILED', limit: number) =>
      state === 'TO_MAIL'
        ? mailings().where('d.mailed_on', 'is', null).orderBy('l.issued_at').orderBy('d.delivery_id').limit(limit).execute()
        : mailings()
            .where('d.mailed_on', 'is not', null)
            .orderBy('d.mailed_on', 'desc')
            .orderBy('d.delivery_id', 'desc')
            .limit(limit)
            .execute(),

    /** Posted letters by their delivery ids. */
    mailingsByIds: (ids: readonly number[]) =>
      ids.length === 0
        ? Promise.resolve([])
        : mailings()
            .where('d.delivery_id', 'in', [...ids])
            .orderBy('d.delivery_id')
            .execute(),

    /** Every delivery of a request's letters, oldest first. */
    ofRequest: async (requestId: number): Promise<DeliveryRow[]> =>
      (await deliveries().where('d.request_id', '=', requestId).orderBy('d.delivery_id').execute()).map(shaped),

    /** The delivery of one letter (each issued letter has one). */
    ofLetter: async (letterId: number, on?: Reader): Promise<DeliveryRow | undefined> => {
      const row = await deliveries(on).where('d.letter_id', '=', letterId).executeTakeFirst()
      return row && shaped(row)
    },

    /** Deliveries by their ids (the envelope page, the mailed mark). */
    byIds: async (ids: readonly number[]): Promise<DeliveryRow[]> =>
      ids.length === 0
        ? []
        : (
            await deliveries()
              .where('d.delivery_id', 'in', [...ids])
              .orderBy('d.delivery_id')
              .execute()
          ).map(shaped),

    /** The mail log rows of staff answers' e-mails, by message id. */
    mailRows: async (mailMessageIds: readonly number[]): Promise<MailRow[]> => {
      if (mailMessageIds.length === 0) return []
      const rows = await k
        .selectFrom('mail_messages')
        .select(['message_id', 'status', 'attempts', 'last_error', 'smtp_response', 'sent_at', 'created_at', 'updated_at'])
        .where('message_id', 'in', [...mailMessageIds])
        .execute()
      return rows.map((row) => ({ ...row, attempts: Number(row.attempts) }))
    },

    /** A new delivery, inside the transaction that issues its letter. */
    insert: async (
      trx: DbTransaction,
      row: { requestId: number; letterId: number; channel: 'EMAIL' | 'POST'; recipient: string; mailMessageId: number | null; at: string },
    ) => {
      const inserted = await trx
        .insertInto('records_deliveries')
        .values({
          request_id: row.requestId,
          letter_id: row.letterId,
          channel: row.channel,
          recipient: row.recipient,
          mail_message_id: row.mailMessageId,
          created_at: row.at,
        })
        .returning('delivery_id')
        .executeTakeFirstOrThrow()
      return inserted.delivery_id
    },

    /**
     * Sends a failed e-mail again: the delivery's row is claimed while it still points at the failed message (two
     * people sending it again at once send it once), then `send` queues the new message and the row points at it, with
     * what goes along (the audit row), in one transaction. False when it no longer pointed at the failed message.
     */
    resend: (
      deliveryId: number,
      failedMessageId: number,
      send: (trx: DbTransaction) => Promise<number>,
      along: WrittenAlong<number>,
    ): Promise<number | false> =>
      stepTransaction(db, async (trx) => {
        const claimed = await trx
          .updateTable('records_deliveries')
          .set({ mail_message_id: failedMessageId })
          .where('delivery_id', '=', deliveryId)
          .where('mail_message_id', '=', failedMessageId)
          .executeTakeFirst()
        if (Number(claimed.numUpdatedRows) !== 1) return false
        const messageId = await send(trx)
        await trx.updateTable('records_deliveries').set({ mail_message_id: messageId }).where('delivery_id', '=', deliveryId).execute()
        await along(trx, messageId)
        return messageId
      }),

    /** Marks a posted letter mailed, and what goes along, only once: false when someone marked it already. */
    markMailed: (deliveryId: number, mailedOn: string, by: number, at: string, along: WrittenAlong<boolean>): Promise<boolean> =>
      stepTransaction(db, async (trx) => {
        const result = await trx
          .updateTable('records_deliveries')
          .set({ mailed_on: mailedOn, mailed_by: by, mailed_at: at })
          .where('delivery_id', '=', deliveryId)
          .where('channel', '=', 'POST')
          .where('mailed_on', 'is', null)
          .executeTakeFirst()
        if (Number(result.numUpdatedRows) !== 1) return false
        await along(trx, true)
        return true
      }),
  }
}
export type RecordsDeliveriesRepository = ReturnType<typeof createRecordsDeliveriesRepository>
