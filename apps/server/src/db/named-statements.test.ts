import { sql } from 'kysely'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestDatabase, testDialects } from '../../test/test-database.js'
import type { Db, Executor } from './database.js'

describe.each(testDialects())('statements run prepared (%s)', (dialect) => {
  let db: Db
  beforeEach(async () => {
    db = await createTestDatabase(dialect)
    await db.kysely
      .insertInto('organizations')
      .values(['North', 'South', 'East', 'West'].map((name) => ({ org_name: `${name} Office`, org_code: name.toUpperCase() })))
      .execute()
  })
  afterEach(() => db.close())

  const officesFrom = (first: string, executor: Executor = db.kysely) =>
    executor.selectFrom('organizations').select(['org_code', 'org_name']).where('org_code', '>=', first).orderBy('org_code')

  it('answer as the same query run plainly, for each of its values, past the runs after which a plan is kept', async () => {
    for (const first of ['A', 'N', 'S', 'W', 'Z', 'E', 'A', 'N', 'S', 'W']) {
      expect(await db.executePrepared(officesFrom(first)), first).toEqual(await officesFrom(first).execute())
    }
  })

  it.runIf(dialect === 'postgres')('are parsed once per connection under a name, and no other statement is', async () => {
    await db.kysely.connection().execute(async (connection) => {
      for (const first of ['A', 'N', 'S']) await db.executePrepared(officesFrom(first), connection)
      await officesFrom('W', connection).execute() // the same text, marked above: it runs under the same name
      await connection.selectFrom('roles').select('role_code').execute()
      const prepared = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(connection)
      expect(prepared.rows.map((row) => row.statement)).toEqual([officesFrom('A').compile().sql])
    })
  })
})
