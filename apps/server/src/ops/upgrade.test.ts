import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type SmtpPeer, startSmtpPeer } from '../../test/smtp-peer.js'
import { testDialects } from '../../test/test-database.js'
import { openDatabase } from '../db/database.js'
import { migrationLevel, rowCounts } from './backup.repository.js'
import { FIXTURE_LEVEL, fixtureDatabase, startPlatformOn } from './platform-start.test-helper.js'
import { checkAuditChain } from './restore.js'

/*
 * A database made by the platform as it was at an earlier commit (the demo district, a sign-in, an uploaded dataset, a
 * scraped DSA project: scripts/make-upgrade-fixture.sh, which names the commit in the fixture folder's COMMIT file),
 * opened by today's platform.
 */
const LATEST_MIGRATION = readdirSync(fileURLToPath(new URL('../db/migrations/', import.meta.url)))
  .filter((name) => /^\d{4}-.*\.ts$/.test(name))
  .sort()
  .at(-1)!
  .replace(/\.ts$/, '')

const DEMO_PEOPLE = {
  receipts: 'reconciler@demo.district.test',
  accruals: 'accruals@demo.district.test',
  records: 'records@demo.district.test',
}

describe.each(testDialects())(`today's platform on a database of the platform at migration ${FIXTURE_LEVEL} (%s)`, (dialect) => {
  const folder = mkdtempSync(join(tmpdir(), 'upgrade-'))
  let databaseUrl: string
  let dropDatabase = async () => {}
  let before: Record<string, number>
  let smtp: SmtpPeer
  let platform: Awaited<ReturnType<typeof startPlatformOn>>

  async function counts(): Promise<{ tables: Record<string, number>; level: string | null }> {
    const db = openDatabase(
      databaseUrl.startsWith('sqlite:') ? { kind: 'sqlite', file: databaseUrl.slice(7) } : { kind: 'postgres', url: databaseUrl },
      { readOnly: true },
    )
    try {
      return { tables: await rowCounts(db.kysely, db.dialect), level: await migrationLevel(db.kysely, db.dialect) }
    } finally {
      await db.close()
    }
  }

  beforeAll(async () => {
    const fixture = await fixtureDatabase(dialect, folder)
    databaseUrl = fixture.url
    dropDatabase = fixture.drop
    const old = await counts()
    expect(old.level).toBe(FIXTURE_LEVEL)
    before = old.tables
    smtp = await startSmtpPeer()
    platform = await startPlatformOn(databaseUrl, smtp)
  }, 60_000)

  afterAll(async () => {
    await platform?.close()
    await smtp?.close()
    await dropDatabase()
    rmSync(folder, { recursive: true, force: true })
  })

  it('runs every migration since, and loses no row of the older tables', async () => {
    const after = await counts()
    expect(after.level).toBe(LATEST_MIGRATION)
    expect(after.tables.kysely_migration).toBeGreaterThan(before.kysely_migration!)
    // Every older table keeps exactly its rows; only the migrations' own log grows.
    const lost = Object.entries(before).flatMap(([table, rows]) => {
      const now = after.tables[table]
      if (now === undefined) return [`${table}: gone (had ${rows} rows)`]
      return table === 'kysely_migration' || now === rows ? [] : [`${table}: ${rows} rows before, ${now} after`]
    })
    expect(lost).toEqual([])
    // The fixture holds records in every application, so "nothing lost" is about real rows.
    for (const table of [
      'receipts',
      'accruals',
      'records_requests',
      'records_documents',
      'finance_attachments',
      'dsa_projects',
      'audit_log',
    ])
      expect(before[table], table).toBeGreaterThan(0)
  })

  it('keeps an audit chain that verifies', async () => {
    const result = await checkAuditChain(platform.config, platform.db)
    expect(result.message).toMatch(/^The audit chain holds/)
    expect(result.ok).toBe(true)
  })

  it("answers the screens' calls: sign-in, the dashboard, and each application's list", async () => {
    const admin = await platform.signInByEmail('admin@example.org')
    const get = async (url: string, token: string) => {
      const answer = await platform.request({ method: 'GET', url, token })
      return `${url} ${answer.statusCode}`
    }
    const adminScreens = [
      '/api/get-user-profile',
      '/api/dashboard/overview',
      '/api/userlist',
      '/api/admin/metadata/applications',
      '/api/email/messages',
      '/api/reportlist',
      '/api/reportdatasets',
      '/api/dsa-projects',
      '/api/weblogic-status',
      '/api/audit',
    ]
    const answers = await Promise.all(adminScreens.map((url) => get(url, admin)))
    const receipts = await platform.signInByEmail(DEMO_PEOPLE.receipts)
    const accruals = await platform.signInByEmail(DEMO_PEOPLE.accruals)
    const records = await platform.signInByEmail(DEMO_PEOPLE.records)
    answers.push(
      await get('/api/receipts', receipts),
      await get('/api/deposits', receipts),
      await get('/api/accrual-cycles', accruals),
      await get('/api/accruals', accruals),
      await get('/api/records-requests', records),
    )
    expect(answers.filter((answer) => !answer.endsWith(' 200'))).toEqual([])
    expect(answers).toHaveLength(adminScreens.length + 5)
    const list = await platform.request({ method: 'GET', url: '/api/records-requests', token: records })
    expect(list.json().data.length).toBeGreaterThan(0)
  })
})
