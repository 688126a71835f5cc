import { sql } from 'kysely'
import type { Db, DbTransaction, WrittenAlong } from '../../../db/database.js'
import { stepTransaction } from '../../../db/step-transaction.js'

/** The columns of a request the public may be shown (never notes, staff, fees, time or the requester's contact). */
const PUBLIC_COLUMNS = [
  'r.request_id',
  'r.number',
  'r.state',
  'r.outcome',
  'r.received_on',
  'r.counted_from',
  'r.due_on',
  'r.request_text',
  'r.clarified_text',
  'r.extension_reason',
  'r.extension_days',
  'r.extended_due_on',
  'r.determined_on',
  'r.estimated_production_on',
  'r.closed_on',
  'r.public_summary',
] as const

/** Files the requester may download: released documents, read with their bytes from the attachments they are. */
const releasedFiles = (db: Db) =>
  db.kysely
    .selectFrom('records_documents as d')
    .innerJoin('finance_attachments as f', 'f.attachment_id', 'd.attachment_id')
    .where('d.released_at', 'is not', null)

/** What the public reaches: a request by its tracking link, what was issued and released on it, and the archive. SQL only. */
export function createRecordsPortalRepository(db: Db) {
  const k = db.kysely
  return {
    /** The request a tracking link's keyed hash opens, with how its requester is answered. */
    byTrackingHash: (hash: string) =>
      k
        .selectFrom('records_requesters as q')
        .innerJoin('records_requests as r', 'r.request_id', 'q.request_id')
        .select(PUBLIC_COLUMNS)
        .select(['q.preferred_format', 'q.email'])
        .where('q.tracking_hash', '=', hash)
        .executeTakeFirst(),

    /** A request by its number, with its requester's address (asking for a new link). */
    byNumber: (number: string) =>
      k
        .selectFrom('records_requesters as q')
        .innerJoin('records_requests as r', 'r.request_id', 'q.request_id')
        .select(PUBLIC_COLUMNS)
        .select(['q.preferred_format', 'q.email'])
        .where('r.number', '=', number)
        .executeTakeFirst(),

    /** The days of a request's clock as intake stored them, inside intake's transaction (for the acknowledgment). */
    clockIn: (trx: DbTransaction, requestId: number) =>
      trx
        .selectFrom('records_requests')
        .select(['received_on', 'counted_from', 'due_on'])
        .where('request_id', '=', requestId)
        .executeTakeFirstOrThrow(),

    /** The link's keyed hash, inside the step's transaction: the old one stops working at once. */
    setTracking: (trx: DbTransaction, requestId: number, hash: string, at: string) =>
      trx
        .updateTable('records_requesters')
        .set({ tracking_hash: hash, tracking_issued_at: at })
        .where('request_id', '=', requestId)
        .execute(),

    /** A link replaced, and what goes with it (the e-mail, the audit row), in one transaction. */
    replaceTracking: (requestId: number, hash: string, at: string, along: WrittenAlong) =>
      stepTransaction(db, async (trx) => {
        await trx
          .updateTable('records_requesters')
          .set({ tracking_hash: hash, tracking_issued_at: at })
          .where('request_id', '=', requestId)
          .execute()
        await along(trx)
      }),

    /** A message from the requester, and its audit row, in one transaction. */
    addRequesterMessage: (message: { requestId: number; body: string; at: string }, along: WrittenAlong<number>) =>
      stepTransaction(db, async (trx) => {
        const { message_id: id } = await trx
          .insertInto('records_messages')
          .values({
            request_id: message.requestId,
            direction: 'FROM_REQUESTER',
            body: message.body,
            author_id: null,
            created_at: message.at,
            mail_message_id: null,
          })
          .returning('message_id')
          .executeTakeFirstOrThrow()
        await along(trx, id)
        return id
      }),

    /** Both ways, oldest first; the author is never read. */
    messages: (requestId: number) =>
      k
        .selectFrom('records_messages')
        .select(['message_id', 'direction', 'body', 'created_at'])
        .where('request_id', '=', requestId)
        .orderBy('message_id')
        .execute(),

    /** Issued letters only, with their signatory (the one person of the staff the public sees named). */
    issuedLetters: (requestId: number) =>
      k
        .selectFrom('records_letters as l')
        .innerJoin('users as u', 'u.user_id', 'l.signed_by')
        .select(['l.letter_id', 'l.kind', 'l.issued_at', 'l.signatory_title', 'u.full_name as signatory_name'])
        .where('l.request_id', '=', requestId)
        .where('l.state', '=', 'ISSUED')
        .orderBy('l.letter_id')
        .execute(),

    /** An issued letter's PDF as it was sent; undefined for a draft or another request's letter. */
    issuedLetterPdf: (requestId: number, letterId: number) =>
      k
        .selectFrom('records_letters')
        .select(['kind', 'pdf'])
        .where('letter_id', '=', letterId)
        .where('request_id', '=', requestId)
        .where('state', '=', 'ISSUED')
        .executeTakeFirst(),

    /** Released documents of some requests (one request's tracking page, or an archive page). */
    releasedDocuments: (requestIds: number[]) =>
      requestIds.length === 0
        ? Promise.resolve([])
        : releasedFiles(db)
            .select(['d.document_id', 'd.request_id', 'f.file_name', 'f.size_bytes', 'd.page_count', 'd.released_at'])
            .where('d.request_id', 'in', requestIds)
            .orderBy('d.document_id')
            .execute(),

    /** A released document's file; undefined when it is not released or not of that request. */
    releasedFile: (requestId: number, documentId: number) =>
      releasedFiles(db)
        .select(['f.file_name', 'f.content_type', 'f.content'])
        .where('d.document_id', '=', documentId)
        .where('d.request_id', '=', requestId)
        .executeTakeFirst(),

    /** Whether the district publishes its archive, and its own introduction for the request page. */
    settings: async () =>
      (await k.selectFrom('records_settings').select(['public_archive', 'portal_intro']).executeTakeFirst()) ?? {
        public_archive: 0,
        portal_intro: null,
      },

    /** Closed requests with a public summary, newest closed first; searched by number or summary words. */
    async archive(search: string | undefined, limit: number, offset: number) {
      let query = k
        .selectFrom('records_requests as r')
        .where('r.state', '=', 'CLOSED')
        .where('r.public_summary', 'is not', null)
        .where('r.public_summary', '!=', '')
      if (search) {
        const words = `%${search.replace(/[%_\\]/g, '').toLowerCase()}%`
        query = query.where((eb) =>
          eb.or([eb(sql<string>`lower(r.number)`, 'like', words), eb(sql<string>`lower(r.public_summary)`, 'like', words)]),
        )
      }
      const rows = await query
        .select(PUBLIC_COLUMNS)
        .orderBy('r.closed_on', 'desc')
        .orderBy('r.request_id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute()
      const { total } = await query.select((eb) => eb.fn.countAll<number | string>().as('total')).executeTakeFirstOrThrow()
      return { rows, total: Number(total) }
    },

    /** One published request of the archive. */
    archived: (number: string) =>
      k
        .selectFrom('records_requests as r')
        .select(PUBLIC_COLUMNS)
        .where('r.number', '=', number)
        .where('r.state', '=', 'CLOSED')
        .where('r.public_summary', 'is not', null)
        .where('r.public_summary', '!=', '')
        .executeTakeFirst(),
  }
}
export type RecordsPortalRepository = ReturnType<typeof createRecordsPortalRepository>
export type PortalRequestRow = NonNullable<Awaited<ReturnType<RecordsPortalRepository['byTrackingHash']>>>
export type ArchivedRow = NonNullable<Awaited<ReturnType<RecordsPortalRepository['archived']>>>
