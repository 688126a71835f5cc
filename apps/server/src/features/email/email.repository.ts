import type { Insertable } from 'kysely'
import type { Db } from '../../db/database.js'
import type { MailMessagesTable } from '../../db/schema.js'

export function createEmailRepository(db: Db) {
  return {
    insert: (row: Insertable<MailMessagesTable>) => db.kysely.insertInto('mail_messages').values(row).execute(),
    listRecent: (limit: number) =>
      db.kysely
        .selectFrom('mail_messages')
        .select(['message_id', 'created_at', 'kind', 'recipient', 'subject', 'body_text', 'status', 'attempts', 'last_error', 'sent_at'])
        .orderBy('message_id', 'desc')
        .limit(limit)
        .execute(),
  }
}
export type EmailRepository = ReturnType<typeof createEmailRepository>
