import { type CreateTableBuilder, type Kysely, PostgresAdapter, sql } from 'kysely'

// Frozen in time: this file never imports application code.

function withId<T extends string>(postgres: boolean, table: CreateTableBuilder<T>, column: string) {
  return postgres
    ? table.addColumn(column, 'serial', (c) => c.primaryKey())
    : table.addColumn(column, 'integer', (c) => c.primaryKey().autoIncrement())
}

/** A contact that is one e-mail address and nothing else is answered by e-mail; anything else by post. */
function requesterOf(contact: string) {
  const trimmed = contact.trim()
  const email = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(trimmed) ? trimmed.normalize('NFKC').toLowerCase() : null
  const key =
    email ??
    trimmed
      .normalize('NFKC')
      .toLowerCase()
      .replace(/[\s,.;]+/g, ' ')
      .trim()
  return { email, postal_address: email ? null : trimmed, preferred_format: null, contact_key: key, via_portal: 0 }
}

/**
 * SQLite keeps NOT NULL in the table's definition: the table is made again without it, in the documented order
 * (foreign keys off, new table, copy, drop, rename, indexes again, foreign keys checked and on). SQLite runs
 * migrations outside a transaction, which is what lets the foreign keys be switched off here.
 */
async function sqliteCreatedByNullable(db: Kysely<unknown>): Promise<void> {
  const { rows } = await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'records_requests'`.execute(db)
  const definition = rows[0]!.sql
  const relaxed = definition.replace(/("created_by" integer) not null/i, '$1')
  if (relaxed === definition) throw new Error('records_requests.created_by was not found as a NOT NULL column')
  const { rows: indexes } = await sql<{ sql: string }>`
    select sql from sqlite_master where type = 'index' and tbl_name = 'records_requests' and sql is not null`.execute(db)
  await sql`pragma foreign_keys = off`.execute(db)
  try {
    await sql`begin immediate`.execute(db)
    try {
      await sql.raw(relaxed.replace(/^create table "?records_requests"?/i, 'create table "records_requests_relaxed"')).execute(db)
      await sql`insert into records_requests_relaxed select * from records_requests`.execute(db)
      await sql`drop table records_requests`.execute(db)
      await sql`alter table records_requests_relaxed rename to records_requests`.execute(db)
      for (const index of indexes) await sql.raw(index.sql).execute(db)
      const { rows: broken } = await sql`pragma foreign_key_check`.execute(db)
      if (broken.length > 0) throw new Error('Remaking records_requests broke a foreign key')
      await sql`commit`.execute(db)
    } catch (error) {
      await sql`rollback`.execute(db)
      throw error
    }
  } finally {
    await sql`pragma foreign_keys = on`.execute(db)
  }
}

/**
 * Public Information reaches the public: requests the public files itself (recorded by no one on the staff), the
 * requester's address and private tracking link, messages both ways, letters delivered by e-mail or post, documents
 * released to the requester, a public summary for the archive, and the possible duplicate a request resembles.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  if (postgres) await sql`alter table records_requests alter column created_by drop not null`.execute(db)
  else await sqliteCreatedByNullable(db)

  // What the public archive shows of a closed request instead of its text, written by staff.
  await db.schema.alterTable('records_requests').addColumn('public_summary', 'text').execute()
  await db.schema
    .alterTable('records_requests')
    .addColumn('public_summary_by', 'integer', (c) => c.references('users.user_id'))
    .execute()
  await db.schema.alterTable('records_requests').addColumn('public_summary_at', 'text').execute()

  // One row a request: how to answer the requester, their tracking link (as a keyed hash), and the duplicate flag.
  await db.schema
    .createTable('records_requesters')
    .addColumn('request_id', 'integer', (c) => c.primaryKey().references('records_requests.request_id'))
    .addColumn('email', 'text')
    .addColumn('postal_address', 'text')
    .addColumn('preferred_format', 'text')
    // The lower-case address (or postal address) the duplicate check compares.
    .addColumn('contact_key', 'text', (c) => c.notNull())
    .addColumn('tracking_hash', 'text', (c) => c.unique())
    .addColumn('tracking_issued_at', 'text')
    .addColumn('via_portal', 'integer', (c) => c.notNull())
    .addColumn('duplicate_of', 'integer', (c) => c.references('records_requests.request_id'))
    .addColumn('duplicate_dismissed_by', 'integer', (c) => c.references('users.user_id'))
    .addColumn('duplicate_dismissed_at', 'text')
    .execute()
  await db.schema.createIndex('records_requesters_contact_idx').on('records_requesters').columns(['contact_key', 'request_id']).execute()
  // Each request gets its requester row, keyed as the intake keys a contact (the rule is copied here, frozen in time).
  let after = 0
  for (;;) {
    const { rows } = await sql<{ request_id: number; requester_contact: string }>`
      select request_id, requester_contact from records_requests where request_id > ${after} order by request_id limit 500`.execute(db)
    if (rows.length === 0) break
    await db
      .insertInto('records_requesters' as never)
      .values(rows.map((row) => ({ request_id: row.request_id, ...requesterOf(row.requester_contact) })) as never)
      .execute()
    after = rows.at(-1)!.request_id
  }

  await withId(postgres, db.schema.createTable('records_messages'), 'message_id')
    .addColumn('request_id', 'integer', (c) => c.notNull().references('records_requests.request_id'))
    // FROM_REQUESTER (through the tracking page) or TO_REQUESTER (a staff answer, e-mailed).
    .addColumn('direction', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('author_id', 'integer', (c) => c.references('users.user_id'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('mail_message_id', 'integer')
    .execute()
  await db.schema.createIndex('records_messages_request_idx').on('records_messages').columns(['request_id', 'message_id']).execute()

  // How each issued letter reached the requester: an e-mail in the mail log, or the post once marked mailed.
  await withId(postgres, db.schema.createTable('records_deliveries'), 'delivery_id')
    .addColumn('request_id', 'integer', (c) => c.notNull().references('records_requests.request_id'))
    .addColumn('letter_id', 'integer', (c) => c.notNull().unique().references('records_letters.letter_id'))
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('mail_message_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('mailed_on', 'text')
    .addColumn('mailed_by', 'integer', (c) => c.references('users.user_id'))
    .addColumn('mailed_at', 'text')
    .execute()
  await db.schema.createIndex('records_deliveries_request_idx').on('records_deliveries').columns(['request_id']).execute()
  await db.schema.createIndex('records_deliveries_to_mail_idx').on('records_deliveries').columns(['channel', 'mailed_on']).execute()

  // A document reaches the requester (and the archive) only once released.
  await db.schema.alterTable('records_documents').addColumn('released_at', 'text').execute()
  await db.schema
    .alterTable('records_documents')
    .addColumn('released_by', 'integer', (c) => c.references('users.user_id'))
    .execute()

  await db.schema
    .alterTable('records_settings')
    .addColumn('public_archive', 'integer', (c) => c.notNull().defaultTo(0))
    .execute()
  await db.schema.alterTable('records_settings').addColumn('portal_intro', 'text').execute()
}
