import type { Kysely } from 'kysely'

// Frozen in time: this file never imports application code.

/** The mail log becomes a durable queue (retries, restart-safe), and templates become editable. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('mail_messages').addColumn('body_html', 'text').execute()
  // The message as it must be sent (with its link), encrypted; cleared once the message is sent or given up.
  await db.schema.alterTable('mail_messages').addColumn('payload', 'text').execute()
  await db.schema.alterTable('mail_messages').addColumn('retry_until', 'text').execute()
  await db.schema.alterTable('mail_messages').addColumn('next_attempt_at', 'text').execute()
  await db.schema.alterTable('mail_messages').addColumn('locked_until', 'text').execute()
  await db.schema.alterTable('mail_messages').addColumn('smtp_response', 'text').execute()
  await db.schema.alterTable('mail_messages').addColumn('updated_at', 'text').execute()
  await db.schema.createIndex('mail_messages_due_idx').on('mail_messages').columns(['status', 'next_attempt_at']).execute()
  await db.schema.createIndex('mail_messages_recipient_idx').on('mail_messages').columns(['recipient', 'created_at']).execute()
  await db.schema.createIndex('mail_messages_kind_idx').on('mail_messages').columns(['kind', 'created_at']).execute()
  await db.schema.createIndex('mail_messages_status_idx').on('mail_messages').columns(['status', 'created_at']).execute()
  // The mail log's most common question: the failed (or waiting) messages of one kind.
  await db.schema.createIndex('mail_messages_kind_status_idx').on('mail_messages').columns(['kind', 'status', 'created_at']).execute()

  await db.schema
    .createTable('mail_templates')
    .addColumn('kind', 'text', (c) => c.primaryKey())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body_text', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer')
    .execute()
}
