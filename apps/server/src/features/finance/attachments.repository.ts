import type { Insertable } from 'kysely'
import type { Db, WrittenAlong } from '../../db/database.js'
import type { FinanceAttachmentsTable } from '../../db/schema.js'

const LISTED = [
  'a.attachment_id',
  'a.app_code',
  'a.record_type',
  'a.record_id',
  'a.file_name',
  'a.file_type',
  'a.content_type',
  'a.size_bytes',
  'a.sha256',
  'a.uploaded_by',
  'u.full_name as uploaded_by_name',
  'a.uploaded_at',
] as const

/** Files kept with the record they belong to. SQL only. */
export function createAttachmentsRepository(db: Db) {
  const k = db.kysely
  const listed = () => k.selectFrom('finance_attachments as a').leftJoin('users as u', 'u.user_id', 'a.uploaded_by').select(LISTED)
  return {
    insert: (row: Insertable<FinanceAttachmentsTable>, along: WrittenAlong<number>) =>
      k.transaction().execute(async (trx) => {
        const { attachment_id: id } = await trx
          .insertInto('finance_attachments')
          .values(row)
          .returning('attachment_id')
          .executeTakeFirstOrThrow()
        await along(trx, id)
        return id
      }),
    listFor: (appCode: string, recordType: string, recordId: string) =>
      listed()
        .where('a.app_code', '=', appCode)
        .where('a.record_type', '=', recordType)
        .where('a.record_id', '=', recordId)
        .orderBy('a.attachment_id')
        .execute(),
    findById: (attachmentId: number) => listed().where('a.attachment_id', '=', attachmentId).executeTakeFirst(),
    content: async (attachmentId: number) =>
      (await k.selectFrom('finance_attachments').select('content').where('attachment_id', '=', attachmentId).executeTakeFirst())?.content ??
      null,
  }
}
export type AttachmentsRepository = ReturnType<typeof createAttachmentsRepository>
export type AttachmentRow = NonNullable<Awaited<ReturnType<AttachmentsRepository['findById']>>>
