import { sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestDatabase, testDialects } from '../../../test/test-database.js'
import type { Db } from '../../db/database.js'

// The queue's search is `search_text like '%words%'`; on PostgreSQL a trigram index finds the matching rows (migration 0028).
describe.skipIf(!testDialects().includes('postgres'))('the records search index on PostgreSQL', () => {
  let db: Db
  beforeEach(async () => {
    db = await createTestDatabase('postgres')
  })
  afterEach(async () => {
    await db.close()
  })

  it('serves the queue’s word search', async () => {
    const plan = await db.kysely.connection().execute(async (connection) => {
      // Without sequential or ordered index scans (the test's table is empty) the planner shows whether an index can
      // answer a `like '%…%'` at all.
      await sql`set enable_seqscan = off`.execute(connection)
      await sql`set enable_indexscan = off`.execute(connection)
      const { rows } = await sql<{ 'QUERY PLAN': string }>`
        explain select count(*) from records_requests where search_text like ${'%budget%'}
      `.execute(connection)
      await sql`reset enable_seqscan`.execute(connection)
      await sql`reset enable_indexscan`.execute(connection)
      return rows.map((row) => row['QUERY PLAN']).join('\n')
    })
    expect(plan).toContain('records_requests_search_trgm_idx')
  })
})
