import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createTestDatabase, testDialects } from '../../test/test-database.js'
import type { Db } from './database.js'
import type { TableWrite } from './table-writes.js'

describe.each(testDialects())('the table writes a statement reports (%s)', (dialect) => {
  let db: Db
  let seen: TableWrite[]
  let unsubscribe: () => void
  beforeEach(async () => {
    db = await createTestDatabase(dialect)
    seen = []
    unsubscribe = db.writes.subscribe((write) => seen.push(write))
  })
  afterEach(async () => {
    unsubscribe()
    await db.close()
  })

  it('reports an insert, the columns an update sets, and a delete', async () => {
    await db.kysely.insertInto('organizations').values({ org_name: 'North', org_code: 'NORTH' }).execute()
    await db.kysely.updateTable('organizations').set({ org_name: 'North Area' }).where('org_code', '=', 'NORTH').execute()
    await db.kysely.deleteFrom('organizations').where('org_code', '=', 'NORTH').execute()
    await db.kysely.selectFrom('organizations').selectAll().execute()
    expect(seen).toEqual([
      { table: 'organizations', kind: 'insert', columns: null },
      { table: 'organizations', kind: 'update', columns: ['org_name'] },
      { table: 'organizations', kind: 'delete', columns: null },
    ])
  })

  it.runIf(dialect === 'postgres')('reports the writes of a WITH clause as well as the statement’s own', async () => {
    await db.kysely
      .with('added', (w) => w.insertInto('organizations').values({ org_name: 'South', org_code: 'SOUTH' }).returning('org_id'))
      .updateTable('roles')
      .set({ role_name: 'Staff' })
      .where('role_code', '=', 'STAFF')
      .execute()
    expect(seen).toEqual([
      { table: 'organizations', kind: 'insert', columns: null },
      { table: 'roles', kind: 'update', columns: ['role_name'] },
    ])
  })
})
