import { type Kysely, PostgresAdapter } from 'kysely'

// Frozen in time: this file never imports application code.

/** Remembered devices (a browser's random id, stored as a keyed hash), sessions tied to them, and single sign-on states. */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  await db.schema
    .createTable('devices')
    .addColumn('device_id', postgres ? 'serial' : 'integer', (c) => (postgres ? c.primaryKey() : c.primaryKey().autoIncrement()))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id'))
    .addColumn('device_hash', 'text', (c) => c.notNull())
    .addColumn('browser', 'text', (c) => c.notNull())
    .addColumn('os', 'text', (c) => c.notNull())
    .addColumn('first_seen_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('last_ip', 'text')
    .execute()
  await db.schema.createIndex('devices_user_hash_idx').on('devices').columns(['user_id', 'device_hash']).unique().execute()

  await db.schema.alterTable('sessions').addColumn('device_id', 'integer').execute()

  // A single sign-on on its way to the identity provider and back: single use, short-lived, tied to the browser.
  await db.schema
    .createTable('sso_states')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('binding_hash', 'text', (c) => c.notNull())
    .addColumn('origin', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('consumed_at', 'text')
    .execute()
}
