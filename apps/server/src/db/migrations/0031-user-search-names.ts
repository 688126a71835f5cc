import { type Kysely, sql } from 'kysely'

// Frozen in time: this file never imports application code.

/**
 * A searched user list in name order looked up every person the words found to sort them (417 people for "garcia"
 * among the 20,000 of the benchmark, to show 50): on PostgreSQL most of the call's time. Each search word now carries
 * its person's name too, and the words' index holds it after the filters, so the page's people are chosen from the
 * index alone and only they are looked up. The application writes the name with the words, and writes the words
 * again whenever the name changes (the words come from it).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('user_search_terms')
    .addColumn('full_name', 'text', (c) => c.notNull().defaultTo(''))
    .execute()
  await sql`update user_search_terms set full_name = (select u.full_name from users u where u.user_id = user_search_terms.user_id)`.execute(
    db,
  )
  await db.schema.dropIndex('user_search_terms_filter_idx').execute()
  await db.schema
    .createIndex('user_search_terms_filter_idx')
    .on('user_search_terms')
    .columns(['term', 'is_active', 'role_id', 'organization_id', 'full_name', 'user_id'])
    .execute()
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('user_search_terms_filter_idx').execute()
  await db.schema
    .createIndex('user_search_terms_filter_idx')
    .on('user_search_terms')
    .columns(['term', 'is_active', 'role_id', 'organization_id', 'user_id'])
    .execute()
  await db.schema.alterTable('user_search_terms').dropColumn('full_name').execute()
}
