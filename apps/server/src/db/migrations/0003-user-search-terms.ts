import { type Kysely, PostgresAdapter, sql } from 'kysely'

// Frozen in time: this file never imports application code (the word splitting below is repeated on purpose).

function words(text: string): string[] {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
}

/**
 * The words of each user's name and address, indexed, so User Management finds people by the start of any word
 * with an index range scan instead of reading every row. Byte order ("C" collation) makes prefix ranges exact.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = db.getExecutor().adapter instanceof PostgresAdapter
  await db.schema
    .createTable('user_search_terms')
    .addColumn('term', 'text', (c) => (postgres ? c.notNull().modifyEnd(sql`collate "C"`) : c.notNull()))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.user_id').onDelete('cascade'))
    .addPrimaryKeyConstraint('user_search_terms_pk', ['term', 'user_id'])
    .execute()
  await db.schema.createIndex('user_search_terms_user_idx').on('user_search_terms').column('user_id').execute()

  const users = await sql<{ user_id: number; full_name: string; email: string }>`select user_id, full_name, email from users`.execute(db)
  for (const user of users.rows) {
    const terms = [...new Set([...words(user.full_name), ...words(user.email)])]
    for (const term of terms) await sql`insert into user_search_terms (term, user_id) values (${term}, ${user.user_id})`.execute(db)
  }
}
