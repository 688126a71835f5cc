import { type Kysely, sql } from 'kysely'

// Frozen in time: this file never imports application code.

/**
 * Background work gets an owner: one lease row per job in progress (a scrape run, a message being handed to the mail
 * server), held by the instance doing it and renewed while it works. Any instance acts on a lease that has expired.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('job_leases')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('job_key', 'text', (c) => c.notNull())
    .addColumn('owner', 'text', (c) => c.notNull())
    .addColumn('acquired_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('job_leases_pk', ['kind', 'job_key'])
    .execute()
  await db.schema.createIndex('job_leases_expiry_idx').on('job_leases').columns(['kind', 'expires_at']).execute()

  // Work left in progress by a version without leases has no owner that could renew it: it gets a lease that has
  // already ended (when its old lock ended, or when it started), so the first sweep settles it as a restart did.
  await sql`insert into job_leases (kind, job_key, owner, acquired_at, expires_at)
    select 'dsa_scrape', cast(id as text), 'before-leases', started_at, started_at from dsa_scrape_runs where status = 'RUNNING'`.execute(
    db,
  )
  await sql`insert into job_leases (kind, job_key, owner, acquired_at, expires_at)
    select 'mail_send', cast(message_id as text), 'before-leases', created_at, coalesce(locked_until, created_at) from mail_messages where status = 'sending'`.execute(
    db,
  )
  // The lease replaces the message's own lock.
  await db.schema.alterTable('mail_messages').dropColumn('locked_until').execute()
}
