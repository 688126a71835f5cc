import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { type Kysely, sql } from 'kysely'
import { afterEach, describe, expect, it } from 'vitest'
import { type Db, openDatabase } from '../../db/database.js'
import { migrateTo, migrateToLatest } from '../../db/migrate.js'
import { postgresServerUrl, testDialects } from '../../../test/test-database.js'

const AT = '2026-03-02T17:00:00.000Z'

/** A database as the platform left it before the portal (migrations up to 0041), on its own file or schema. */
async function databaseBeforePortal(dialect: 'sqlite' | 'postgres'): Promise<{ db: Db; drop: () => Promise<void> }> {
  if (dialect === 'sqlite') {
    const folder = mkdtempSync(join(tmpdir(), 'portal-migration-'))
    const db = openDatabase({ kind: 'sqlite', file: join(folder, 'platform.db') })
    await migrateTo(db, '0041-dsa-client-ids')
    return { db, drop: async () => rmSync(folder, { recursive: true, force: true }) }
  }
  const url = postgresServerUrl()!
  const schema = `portal_migration_${randomBytes(6).toString('hex')}`
  const admin = openDatabase({ kind: 'postgres', url })
  await sql`create schema ${sql.id(schema)}`.execute(admin.kysely)
  const db = openDatabase({ kind: 'postgres', url }, { searchPath: schema })
  await migrateTo(db, '0041-dsa-client-ids')
  return {
    db,
    drop: async () => {
      await sql`drop schema ${sql.id(schema)} cascade`.execute(admin.kysely)
      await admin.close()
    },
  }
}

async function someone(k: Kysely<never>): Promise<number> {
  const org = await sql<{ id: number }>`select org_id as id from organizations order by org_id limit 1`.execute(k)
  const orgId =
    org.rows[0]?.id ??
    (
      await sql<{
        id: number
      }>`insert into organizations (org_name, org_code) values ('District office', 'DO') returning org_id as id`.execute(k)
    ).rows[0]!.id
  const role = await sql<{ id: number }>`select role_id as id from roles order by role_id limit 1`.execute(k)
  const roleId =
    role.rows[0]?.id ??
    (
      await sql<{
        id: number
      }>`insert into roles (role_name, role_code, role_level) values ('Staff', 'STAFF', 1) returning role_id as id`.execute(k)
    ).rows[0]!.id
  const { rows } = await sql<{ id: number }>`
    insert into users (email, full_name, organization_id, role_id, is_active, email_verified, created_at, updated_at)
    values ('clerk@district.org', 'Records Clerk', ${orgId}, ${roleId}, 1, 1, ${AT}, ${AT}) returning user_id as id`.execute(k)
  return rows[0]!.id
}

async function requestBefore(k: Kysely<never>, sequence: number, contact: string, by: number): Promise<number> {
  const { rows } = await sql<{ id: number }>`
    insert into records_requests (number, year, sequence, received_at, received_on, channel, requester_name, requester_contact,
      request_text, search_text, state, counted_from, after_hours, day_ten, determination_due_on, due_on, clock_explanation,
      created_by, created_at)
    values (${`PRR-2026-000${sequence}`}, 2026, ${sequence}, ${AT}, '2026-03-02', 'EMAIL', 'Pat Doe', ${contact},
      'Board minutes of 2025', 'x', 'RECEIVED', '2026-03-03', 0, '2026-03-12', '2026-03-12', '2026-03-12', 'Ten days',
      ${by}, ${AT})
    returning request_id as id`.execute(k)
  return rows[0]!.id
}

/**
 * Migration 0042 lets a request be recorded by nobody on the staff (the public's own). On SQLite that remakes the
 * requests table: every request, every row that points at one, every index and every foreign key must come through.
 */
describe.each(testDialects())('Public Information: migration 0042 keeps what was recorded before the portal (%s)', (dialect) => {
  let dropDatabase: (() => Promise<void>) | null = null
  let opened: Db | null = null
  afterEach(async () => {
    await opened?.close()
    await dropDatabase?.()
    opened = null
    dropDatabase = null
  })

  it('keeps requests and what points at them, gives each a requester, and lets the public file one', async () => {
    const { db, drop } = await databaseBeforePortal(dialect)
    opened = db
    dropDatabase = drop
    const k = db.kysely as unknown as Kysely<never>
    const clerk = await someone(k)
    const byEmail = await requestBefore(k, 1, '  Pat.Doe@Example.org ', clerk)
    const byPost = await requestBefore(k, 2, '12 Main St, Fresno CA 93701', clerk)
    await sql`insert into records_notes (request_id, author_id, note_text, created_at) values (${byEmail}, ${clerk}, 'Called back', ${AT})`.execute(
      k,
    )

    await migrateToLatest(db)

    const requests = await db.kysely
      .selectFrom('records_requests')
      .select(['request_id', 'number', 'created_by'])
      .orderBy('request_id')
      .execute()
    expect(requests).toEqual([
      { request_id: byEmail, number: 'PRR-2026-0001', created_by: clerk },
      { request_id: byPost, number: 'PRR-2026-0002', created_by: clerk },
    ])
    const requesters = await db.kysely
      .selectFrom('records_requesters')
      .select(['request_id', 'email', 'postal_address', 'contact_key', 'via_portal', 'tracking_hash'])
      .orderBy('request_id')
      .execute()
    expect(requesters).toEqual([
      {
        request_id: byEmail,
        email: 'pat.doe@example.org',
        postal_address: null,
        contact_key: 'pat.doe@example.org',
        via_portal: 0,
        tracking_hash: null,
      },
      {
        request_id: byPost,
        email: null,
        postal_address: '12 Main St, Fresno CA 93701',
        contact_key: '12 main st fresno ca 93701',
        via_portal: 0,
        tracking_hash: null,
      },
    ])
    expect(await db.kysely.selectFrom('records_notes').select(['request_id', 'note_text']).execute()).toEqual([
      { request_id: byEmail, note_text: 'Called back' },
    ])

    // The public's own request: recorded by nobody on the staff.
    await expect(requestBefore(k, 3, 'someone@example.org', null as never)).resolves.toBeGreaterThan(byPost)
    // The foreign keys still hold, both ways: a note of no request, and a request by no user, are refused.
    await expect(
      sql`insert into records_notes (request_id, author_id, note_text, created_at) values (999999, ${clerk}, 'x', ${AT})`.execute(k),
    ).rejects.toThrow()
    await expect(requestBefore(k, 4, 'x@example.org', 999999)).rejects.toThrow()
    // The numbering rule survives the remaking of the table.
    await expect(requestBefore(k, 1, 'again@example.org', clerk)).rejects.toThrow()

    if (dialect === 'sqlite') {
      const { rows } = await sql<{
        name: string
      }>`select name from sqlite_master where type = 'index' and tbl_name = 'records_requests'`.execute(k)
      expect(rows.map((row) => row.name)).toEqual(
        expect.arrayContaining([
          'records_requests_due_idx',
          'records_requests_state_due_idx',
          'records_requests_point_idx',
          'records_requests_received_idx',
        ]),
      )
      expect((await sql`pragma foreign_key_check`.execute(k)).rows).toEqual([])
      expect((await sql<{ foreign_keys: number }>`pragma foreign_keys`.execute(k)).rows[0]!.foreign_keys).toBe(1)
    }
  })
})
