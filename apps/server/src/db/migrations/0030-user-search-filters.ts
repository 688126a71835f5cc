import { type Kysely, PostgresAdapter, sql } from 'kysely'

// Frozen in time: this file never imports application code.

/**
 * A filtered user list (search words with a role, an organisation or a status) looked up every person whose words
 * start with the first one typed and dropped the others: 1,667 people for "garcia" among 20,000, to keep 417. Each
 * search word now carries its person's role, organisation and status, so the words' index itself holds the filter and
 * only the people who match are looked up. The application writes them with the words; these triggers keep them in
 * step with every change to a person, whoever makes it.
 */
const FILTERS = ['role_id', 'organization_id', 'is_active'] as const

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of FILTERS) {
    await db.schema
      .alterTable('user_search_terms')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
  }
  await sql`
    update user_search_terms set
      role_id = (select u.role_id from users u where u.user_id = user_search_terms.user_id),
      organization_id = (select u.organization_id from users u where u.user_id = user_search_terms.user_id),
      is_active = (select u.is_active from users u where u.user_id = user_search_terms.user_id)
  `.execute(db)
  await db.schema
    .createIndex('user_search_terms_filter_idx')
    .on('user_search_terms')
    .columns(['term', 'is_active', 'role_id', 'organization_id', 'user_id'])
    .execute()
  const change = sql`update user_search_terms set role_id = new.role_id, organization_id = new.organization_id, is_active = new.is_active where user_id = new.user_id`
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`
      create function users_search_filters() returns trigger language plpgsql as $$
      begin
        ${change};
        return null;
      end
      $$`.execute(db)
    await sql`
      create trigger users_search_filters after update of role_id, organization_id, is_active on users
      for each row execute function users_search_filters()`.execute(db)
  } else {
    await sql`
      create trigger users_search_filters after update of role_id, organization_id, is_active on users
      begin ${change}; end`.execute(db)
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`drop trigger users_search_filters on users`.execute(db)
    await sql`drop function users_search_filters()`.execute(db)
  } else {
    await sql`drop trigger users_search_filters`.execute(db)
  }
  await db.schema.dropIndex('user_search_terms_filter_idx').execute()
  for (const column of FILTERS) await db.schema.alterTable('user_search_terms').dropColumn(column).execute()
}
