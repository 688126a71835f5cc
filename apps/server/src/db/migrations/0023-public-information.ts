import { type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely'

// Frozen in time: this file never imports application code.

function withId<T extends string>(postgres: boolean, table: CreateTableBuilder<T>, column: string) {
  return postgres
    ? table.addColumn(column, 'serial', (c) => c.primaryKey())
    : table.addColumn(column, 'integer', (c) => c.primaryKey().autoIncrement())
}

/** Public Information: records requests with their clock, work, documents and exemptions, letters, fees; holidays. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  const money = postgres ? 'bigint' : 'integer'
  const bytes = postgres ? sql`bytea` : 'blob'

  // One counter per calendar year, moved in the same transaction as the request it numbers: gapless, never reused.
  await db.schema
    .createTable('records_counters')
    .addColumn('year', 'integer', (c) => c.primaryKey())
    .addColumn('last_sequence', 'integer', (c) => c.notNull())
    .execute()

  await withId(postgres, db.schema.createTable('records_requests'), 'request_id')
    .addColumn('number', 'text', (c) => c.notNull().unique())
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('sequence', 'integer', (c) => c.notNull())
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addColumn('received_on', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('requester_name', 'text', (c) => c.notNull())
    .addColumn('requester_contact', 'text', (c) => c.notNull())
    // The text as received: written once, never updated.
    .addColumn('request_text', 'text', (c) => c.notNull())
    .addColumn('clarified_text', 'text')
    // Lower-case number, requester and texts, for the queue's search.
    .addColumn('search_text', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text')
    .addColumn('counted_from', 'text', (c) => c.notNull())
    .addColumn('after_hours', 'integer', (c) => c.notNull())
    .addColumn('day_ten', 'text', (c) => c.notNull())
    .addColumn('determination_due_on', 'text', (c) => c.notNull())
    // The date that binds now (the extended one once extended): what the queue sorts by.
    .addColumn('due_on', 'text', (c) => c.notNull())
    .addColumn('clock_explanation', 'text', (c) => c.notNull())
    .addColumn('extension_reason', 'text')
    .addColumn('extension_days', 'integer')
    .addColumn('extended_due_on', 'text')
    .addColumn('extension_explanation', 'text')
    .addColumn('extended_by', 'integer', (c) => c.references('users.user_id'))
    .addColumn('extended_at', 'text')
    .addColumn('determined_on', 'text')
    .addColumn('determined_at', 'text')
    .addColumn('determined_by', 'integer', (c) => c.references('users.user_id'))
    .addColumn('determined_on_time', 'integer')
    .addColumn('estimated_production_on', 'text')
    // { responsible: [{name, title}], exemptionIds: [] } of the current determination.
    .addColumn('determination_json', 'text')
    .addColumn('point_person_id', 'integer', (c) => c.references('users.user_id'))
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.user_id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('produced_at', 'text')
    .addColumn('closed_at', 'text')
    .addColumn('closed_on', 'text')
    .addColumn('reopened_at', 'text')
    .addUniqueConstraint('records_requests_year_sequence_uq', ['year', 'sequence'])
    .execute()
  await db.schema.createIndex('records_requests_due_idx').on('records_requests').columns(['due_on', 'request_id']).execute()
  await db.schema.createIndex('records_requests_state_due_idx').on('records_requests').columns(['state', 'due_on', 'request_id']).execute()
  await db.schema.createIndex('records_requests_point_idx').on('records_requests').columns(['point_person_id']).execute()
  await db.schema.createIndex('records_requests_received_idx').on('records_requests').columns(['received_on']).execute()

  await withId(postgres, db.schema.createTable('records_assignments'), 'assignment_id')
    .addColumn('request_id', 'integer', (c) => c.notNull().references('records_requests.request_id'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('assigned_by', 'integer', (c) => c.notNull().references('users.user_id'))
    .addColumn('assigned_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('records_assignments_request_idx').on('records_assignments').columns(['request_id']).execute()
  await db.schema.createIndex('records_assignments_user_idx').on('records_assignments').columns(['user_id', 'request_id']).execute()

  await withId(postgres, db.schema.createTable('records_tasks'), 'task_id')
    .addColumn('request_id', 'integer', (c) => c.notNull().references('records_requests.request_id'))
    .addColumn('assignee_id', 'integer', (c) => c.notNull().references('users.user_id'))
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('result', 'text')
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.user_id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('done_at', 'text')
    .execute()
  await db.schema.createIndex('records_tasks_request_idx').on('records_tasks').columns(['request_id']).execute()
  await db.schema.createIndex('records_tasks_assignee_idx').on('records_tasks').columns(['assignee_id', 'state']).execute()

  // The exemption library COUNSEL keeps; an exemption is retired (inactive), never deleted, once cited.
  await withId(postgres, db.schema.createTable('records_exemptions'), 'exemption_id')
    .addColumn('citation', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('active', 'integer', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.references('users.user_id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()

  // A released or withheld record: the file is a finance attachment; its page count bounds the exemptions.
  await withId(postgres, db.schema.createTable('records_documents'), 'document_id')
    .addColumn('request_id', 'integer', (c) => c.notNull().references('records_requests.request_id'))
    .addColumn('attachment_id', 'integer', (c) => c.notNull().unique().references('finance_attachments.attachment_id'))
    .addColumn('page_count', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('records_documents_request_idx').on('records_documents').columns(['request_id']).execute()

  await withId(postgres, db.schema.createTable('records_document_exemptions'), 'mark_id')
    .addColumn('document_id', 'integer', (c) => c.notNull().references('records_documents.document_id'))
    .addColumn('request_id', 'integer', (c) => c.notNull().references('records_requests.request_id'))
    .addColumn('from_page', 'integer', (c) => c.notNull())
    .addColumn('to_page', 'integer', (c) => c.notNull())
    .addColumn('exemption_id', 'integer', (c) => c.notNull().references('records_exemptions.exemption_id'))
    .addColumn('note', 'text')
    .addColumn('marked_by', 'integer', (c) => c.notNull().references('users.user_id'))
    .addColumn('marked_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('records_document_exemptions_request_idx').on('records_document_exemptions').columns(['request_id']).execute()

  await withId(postgres, db.schema.createTable('records_letters'), 'letter_id')
    .addColumn('request_id', 'integer', (c) => c.notNull().references('records_requests.request_id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_by', 'integer', (c) => c.notNull().references('users.user_id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('signed_by', 'integer', (c) => c.references('users.user_id'))
    .addColumn('signatory_title', 'text')
    .addColumn('issued_at', 'text')
    // The issued letter as sent, kept as it was.
    .addColumn('pdf', bytes)
    .execute()
  await db.schema.createIndex('records_letters_request_idx').on('records_letters').columns(['request_id']).execute()
  await db.schema
    .createTable('records_letter_drafters')
    .addColumn('letter_id', 'integer', (c) => c.notNull().references('records_letters.letter_id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id'))
    .addColumn('drafted_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('records_letter_drafters_pk', ['letter_id', 'user_id'])
    .execute()

  await withId(postgres, db.schema.createTable('records_fees'), 'fee_id')
    .addColumn('request_id', 'integer', (c) => c.notNull().references('records_requests.request_id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('electronic_basis', 'text')
    .addColumn('description', 'text', (c) => c.notNull())
    .addColumn('quantity', 'integer', (c) => c.notNull())
    .addColumn('unit_cents', money, (c) => c.notNull())
    .addColumn('amount_cents', money, (c) => c.notNull())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('recorded_by', 'integer', (c) => c.notNull().references('users.user_id'))
    .addColumn('recorded_at', 'text', (c) => c.notNull())
    .addColumn('settled_by', 'integer', (c) => c.references('users.user_id'))
    .addColumn('settled_at', 'text')
    .execute()
  await db.schema.createIndex('records_fees_request_idx').on('records_fees').columns(['request_id']).execute()

  await withId(postgres, db.schema.createTable('records_time_entries'), 'entry_id')
    .addColumn('request_id', 'integer', (c) => c.notNull().references('records_requests.request_id'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id'))
    .addColumn('minutes', 'integer', (c) => c.notNull())
    .addColumn('activity', 'text', (c) => c.notNull())
    .addColumn('worked_on', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('records_time_entries_request_idx').on('records_time_entries').columns(['request_id']).execute()

  await withId(postgres, db.schema.createTable('records_notes'), 'note_id')
    .addColumn('request_id', 'integer', (c) => c.notNull().references('records_requests.request_id'))
    .addColumn('author_id', 'integer', (c) => c.notNull().references('users.user_id'))
    .addColumn('note_text', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('records_notes_request_idx').on('records_notes').columns(['request_id']).execute()

  // Payment Receipts and Accruals records a request names; the label is kept as it read when linked.
  await withId(postgres, db.schema.createTable('records_links'), 'link_id')
    .addColumn('request_id', 'integer', (c) => c.notNull().references('records_requests.request_id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('record_id', 'integer', (c) => c.notNull())
    .addColumn('label', 'text', (c) => c.notNull())
    .addColumn('detail', 'text')
    .addColumn('href', 'text', (c) => c.notNull())
    .addColumn('linked_by', 'integer', (c) => c.notNull().references('users.user_id'))
    .addColumn('linked_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('records_links_uq', ['request_id', 'kind', 'record_id'])
    .execute()

  await db.schema
    .createTable('records_holidays')
    .addColumn('holiday_date', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.user_id'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()

  // One row: the after-hours rule (off by default) and the business hours it uses.
  await db.schema
    .createTable('records_settings')
    .addColumn('settings_id', 'integer', (c) => c.primaryKey())
    .addColumn('after_hours_rule', 'integer', (c) => c.notNull())
    .addColumn('business_hours_start', 'text', (c) => c.notNull())
    .addColumn('business_hours_end', 'text', (c) => c.notNull())
    .execute()
  await db
    .insertInto('records_settings' as never)
    .values({ settings_id: 1, after_hours_rule: 0, business_hours_start: '08:00', business_hours_end: '17:00' } as never)
    .execute()

  // At most one alert of each kind per request and due date, whichever instance notices first.
  await db.schema
    .createTable('records_alert_notices')
    .addColumn('request_id', 'integer', (c) => c.notNull().references('records_requests.request_id'))
    .addColumn('alert', 'text', (c) => c.notNull())
    .addColumn('due_on', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('records_alert_notices_pk', ['request_id', 'alert', 'due_on'])
    .execute()
}
