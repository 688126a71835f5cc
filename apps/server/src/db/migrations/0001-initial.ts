import { type Kysely, PostgresAdapter, type CreateTableBuilder } from 'kysely'

// Frozen in time: this file never imports application code.

function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter
}

function withId<T extends string>(db: Kysely<unknown>, table: CreateTableBuilder<T>, column: string) {
  return isPostgres(db)
    ? table.addColumn(column, 'serial', (c) => c.primaryKey())
    : table.addColumn(column, 'integer', (c) => c.primaryKey().autoIncrement())
}

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable('organizations'), 'org_id')
    .addColumn('org_name', 'text', (c) => c.notNull())
    .addColumn('org_code', 'text', (c) => c.notNull().unique())
    .execute()

  await withId(db, db.schema.createTable('roles'), 'role_id')
    .addColumn('role_name', 'text', (c) => c.notNull())
    .addColumn('role_code', 'text', (c) => c.notNull().unique())
    .addColumn('role_level', 'integer', (c) => c.notNull())
    .execute()

  await withId(db, db.schema.createTable('applications'), 'app_id')
    .addColumn('app_name', 'text', (c) => c.notNull())
    .addColumn('app_code', 'text', (c) => c.notNull().unique())
    .addColumn('app_url', 'text', (c) => c.notNull())
    .addColumn('app_icon', 'text', (c) => c.notNull())
    .addColumn('app_description', 'text', (c) => c.notNull())
    .addColumn('display_order', 'integer', (c) => c.notNull())
    .addColumn('is_active', 'integer', (c) => c.notNull())
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('app_color', 'text', (c) => c.notNull())
    .addColumn('admin_only', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()

  await withId(db, db.schema.createTable('users'), 'user_id')
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('organization_id', 'integer', (c) => c.notNull().references('organizations.org_id'))
    .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.role_id'))
    .addColumn('is_active', 'integer', (c) => c.notNull())
    .addColumn('email_verified', 'integer', (c) => c.notNull())
    .addColumn('last_login', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('users_full_name_idx').on('users').column('full_name').execute()

  await db.schema
    .createTable('user_permissions')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('app_id', 'integer', (c) => c.notNull().references('applications.app_id').onDelete('cascade'))
    .addColumn('permission_level', 'text', (c) => c.notNull())
    .addColumn('granted_at', 'text', (c) => c.notNull())
    .addColumn('granted_by', 'integer')
    .addPrimaryKeyConstraint('user_permissions_pk', ['user_id', 'app_id'])
    .execute()
  await db.schema.createIndex('user_permissions_app_idx').on('user_permissions').column('app_id').execute()

  await withId(db, db.schema.createTable('login_challenges'), 'challenge_id')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('code_hash', 'text')
    .addColumn('code_attempts', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('consumed_at', 'text')
    .addColumn('revoked_at', 'text')
    .execute()
  await db.schema.createIndex('login_challenges_email_idx').on('login_challenges').columns(['email', 'created_at']).execute()

  await db.schema
    .createTable('sessions')
    .addColumn('session_id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_seen_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('revoked_reason', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .execute()
  await db.schema.createIndex('sessions_user_idx').on('sessions').column('user_id').execute()

  await db.schema
    .createTable('rate_limits')
    .addColumn('bucket_key', 'text', (c) => c.notNull())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('hits', 'integer', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('rate_limits_pk', ['bucket_key', 'window_start'])
    .execute()
  await db.schema.createIndex('rate_limits_expires_idx').on('rate_limits').column('expires_at').execute()

  await withId(db, db.schema.createTable('audit_log'), 'audit_id')
    .addColumn('occurred_at', 'text', (c) => c.notNull())
    .addColumn('actor_user_id', 'integer')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('target_type', 'text')
    .addColumn('target_id', 'text')
    .addColumn('email', 'text')
    .addColumn('ip', 'text')
    .addColumn('user_agent', 'text')
    .addColumn('details', 'text')
    .execute()
  await db.schema.createIndex('audit_log_occurred_idx').on('audit_log').columns(['occurred_at']).execute()
  await db.schema.createIndex('audit_log_action_idx').on('audit_log').columns(['action', 'occurred_at']).execute()

  await withId(db, db.schema.createTable('mail_messages'), 'message_id')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body_text', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('sent_at', 'text')
    .execute()
  await db.schema.createIndex('mail_messages_created_idx').on('mail_messages').column('created_at').execute()

  await db.schema
    .createTable('settings')
    .addColumn('setting_key', 'text', (c) => c.primaryKey())
    .addColumn('setting_value', 'text', (c) => c.notNull())
    .execute()
}
