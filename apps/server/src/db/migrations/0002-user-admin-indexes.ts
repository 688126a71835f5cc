import type { Kysely } from 'kysely'

// Frozen in time: this file never imports application code.

/** Indexes for User Management's filters and the invitation status of each listed user. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('users_role_idx').on('users').columns(['role_id', 'full_name']).execute()
  await db.schema.createIndex('users_org_idx').on('users').columns(['organization_id', 'full_name']).execute()
  await db.schema
    .createIndex('login_challenges_user_kind_idx')
    .on('login_challenges')
    .columns(['user_id', 'kind', 'challenge_id'])
    .execute()
  await db.schema.createIndex('audit_log_actor_idx').on('audit_log').columns(['actor_user_id', 'occurred_at']).execute()
}
