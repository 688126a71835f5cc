import type { Db, DbTransaction, WrittenAlong } from '../../db/database.js'
import { stepTransaction } from '../../db/step-transaction.js'

const FROM = 'FROM_REQUESTER'
const TO = 'TO_REQUESTER'

/**
 * The requester's side of a request as staff see it: how to answer them, the messages both ways, the documents
 * released to them, the public summary and the duplicate flag. SQL only.
 */
export function createRecordsRequesterRepository(db: Db) {
  const k = db.kysely

  /** One write and its audit row in one transaction; `along` only when the write took (not false). */
  const write = <R>(run: (trx: DbTransaction) => Promise<R | false>, along: WrittenAlong<R>): Promise<R | false> =>
    stepTransaction(db, async (trx) => {
      const result = await run(trx)
      if (result !== false) await along(trx, result)
      return result
    })

  return {
    /** How to answer the request's requester (every request has one row, made at intake). */
    ofRequest: (requestId: number) => k.selectFrom('records_requesters').selectAll().where('request_id', '=', requestId).executeTakeFirst(),

    /** The earlier request this one resembles, unless someone said it is not a duplicate. */
    possibleDuplicate: (requestId: number) =>
      k
        .selectFrom('records_requesters as q')
        .innerJoin('records_requests as d', 'd.request_id', 'q.duplicate_of')
        .select(['d.request_id', 'd.number', 'd.received_on'])
        .where('q.request_id', '=', requestId)
        .where('q.duplicate_dismissed_at', 'is', null)
        .executeTakeFirst(),

    /** Both directions, oldest first, with the name of the staff member who wrote an answer. */
    messages: (requestId: number) =>
      k
        .selectFrom('records_messages as m')
        .leftJoin('users as u', 'u.user_id', 'm.author_id')
        .select(['m.message_id', 'm.direction', 'm.body', 'm.created_at', 'm.mail_message_id', 'u.full_name as author_name'])
        .where('m.request_id', '=', requestId)
        .orderBy('m.message_id')
        .execute(),

    /** The request's documents released to the requester, with who released them. */
    releases: (requestId: number) =>
      k
        .selectFrom('records_documents as d')
        .leftJoin('users as u', 'u.user_id', 'd.released_by')
        .select(['d.document_id', 'd.released_at', 'u.full_name as released_by_name'])
        .where('d.request_id', '=', requestId)
        .where('d.released_at', 'is not', null)
        .execute(),

    /** A document of the request with its file name (null when the request has no such document). */
    document: (requestId: number, documentId: number) =>
      k
        .selectFrom('records_documents as d')
        .innerJoin('finance_attachments as f', 'f.attachment_id', 'd.attachment_id')
        .select(['d.document_id', 'd.released_at', 'f.file_name'])
        .where('d.request_id', '=', requestId)
        .where('d.document_id', '=', documentId)
        .executeTakeFirst(),

    /**
     * A staff answer: the e-mail carrying it is queued first by `mailOf` (null: the requester has no address), in the
     * same transaction as the message that keeps its id, then the audit row.
     */
    answer: (
      input: { requestId: number; body: string; authorId: number; at: string },
      mailOf: (trx: DbTransaction) => Promise<number | null>,
      along: WrittenAlong<{ messageId: number; mailMessageId: number | null }>,
    ) =>
      write(async (trx) => {
        const mailMessageId = await mailOf(trx)
        const { message_id: messageId } = await trx
          .insertInto('records_messages')
          .values({
            request_id: input.requestId,
            direction: TO,
            body: input.body,
            author_id: input.authorId,
            created_at: input.at,
            mail_message_id: mailMessageId,
          })
          .returning('message_id')
          .executeTakeFirstOrThrow()
        return { messageId, mailMessageId }
      }, along),

    /**
     * Releases a document to the requester, only while the request is in `whileIn` with one of `outcomes` (checked
     * under the request's row lock, so a reopening cannot slip between the check and the release). 'moved' when the
     * request left those; false when the document was already released.
     */
    release: (
      input: { requestId: number; documentId: number; by: number; at: string },
      whileIn: { states: readonly string[]; outcomes: readonly string[] },
      along: WrittenAlong<true>,
    ) =>
      stepTransaction(db, async (trx) => {
        const locked = await trx
          .updateTable('records_requests')
          .set((eb) => ({ state: eb.ref('state') }))
          .where('request_id', '=', input.requestId)
          .where('state', 'in', [...whileIn.states])
          .where('outcome', 'in', [...whileIn.outcomes])
          .executeTakeFirst()
        if (Number(locked.numUpdatedRows) !== 1) return 'moved' as const
        const result = await trx
          .updateTable('records_documents')
          .set({ released_at: input.at, released_by: input.by })
          .where('document_id', '=', input.documentId)
          .where('request_id', '=', input.requestId)
          .where('released_at', 'is', null)
          .executeTakeFirst()
        if (Number(result.numUpdatedRows) !== 1) return false
        await along(trx, true)
        return true
      }),

    /** Takes a released document back from the requester's page; false when it was not released. */
    withdraw: (input: { requestId: number; documentId: number }, along: WrittenAlong<true>) =>
      write(async (trx) => {
        const result = await trx
          .updateTable('records_documents')
          .set({ released_at: null, released_by: null })
          .where('document_id', '=', input.documentId)
          .where('request_id', '=', input.requestId)
          .where('released_at', 'is not', null)
          .executeTakeFirst()
        return Number(result.numUpdatedRows) === 1 ? (true as const) : false
      }, along),

    setPublicSummary: (input: { requestId: number; summary: string; by: number; at: string }, along: WrittenAlong<true>) =>
      write(async (trx) => {
        await trx
          .updateTable('records_requests')
          .set({ public_summary: input.summary, public_summary_by: input.by, public_summary_at: input.at })
          .where('request_id', '=', input.requestId)
          .execute()
        return true as const
      }, along),

    /** Clears the duplicate flag; false when the request was not flagged (or someone cleared it first). */
    dismissDuplicate: (input: { requestId: number; by: number; at: string }, along: WrittenAlong<true>) =>
      write(async (trx) => {
        const result = await trx
          .updateTable('records_requesters')
          .set({ duplicate_dismissed_by: input.by, duplicate_dismissed_at: input.at })
          .where('request_id', '=', input.requestId)
          .where('duplicate_of', 'is not', null)
          .where('duplicate_dismissed_at', 'is', null)
          .executeTakeFirst()
        return Number(result.numUpdatedRows) === 1 ? (true as const) : false
      }, along),

    /**
     * Requests whose requester wrote after the last answer (My queue), with the time of the oldest unanswered message
     * and who is assigned to each (the point person and custodians).
     */
    async awaitingAnswer() {
      const rows = await k
        .selectFrom('records_messages as m')
        .innerJoin('records_requests as r', 'r.request_id', 'm.request_id')
        .select((eb) => ['r.request_id', 'r.number', 'r.point_person_id', eb.fn.countAll<number>().as('unanswered')])
        .where('m.direction', '=', FROM)
        .where(({ eb, fn, selectFrom }) =>
          eb(
            'm.message_id',
            '>',
            fn.coalesce(
              selectFrom('records_messages as a')
                .select((inner) => inner.fn.max('a.message_id').as('last'))
                .whereRef('a.request_id', '=', 'm.request_id')
                .where('a.direction', '=', TO),
              eb.lit(0),
            ),
          ),
        )
        .groupBy(['r.request_id', 'r.number', 'r.point_person_id'])
        .orderBy('r.request_id')
        .execute()
      if (rows.length === 0) return []
      const assigned = await k
        .selectFrom('records_assignments')
        .select(['request_id', 'user_id'])
        .where(
          'request_id',
          'in',
          rows.map((row) => row.request_id),
        )
        .execute()
      return rows.map((row) => ({
        ...row,
        unanswered: Number(row.unanswered),
        assignedIds: [...new Set(assigned.filter((a) => a.request_id === row.request_id).map((a) => a.user_id))],
      }))
    },

    /** Open requests flagged as possible duplicates that nobody has cleared (coordinators' My queue). */
    flaggedDuplicates: () =>
      k
        .selectFrom('records_requesters as q')
        .innerJoin('records_requests as r', 'r.request_id', 'q.request_id')
        .innerJoin('records_requests as d', 'd.request_id', 'q.duplicate_of')
        .select(['r.request_id', 'r.number', 'r.request_text', 'd.number as duplicate_number'])
        .where('q.duplicate_dismissed_at', 'is', null)
        .where('r.state', '!=', 'CLOSED')
        .orderBy('r.request_id')
        .execute(),
  }
}
export type RecordsRequesterRepository = ReturnType<typeof createRecordsRequesterRepository>
