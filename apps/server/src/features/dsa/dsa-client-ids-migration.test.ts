import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { up } from '../../db/migrations/0041-dsa-client-ids.js'
import { type TestApp, buildTestApp } from '../../../test/build-test-app.js'
import { testDialects } from '../../../test/test-database.js'

const project = (clientId: string, number: string, scrapedAt: string, name: string) => ({
  client_id: clientId,
  project_number: number,
  project_link: `https://www.apps2.dgs.ca.gov/DSA/Tracker/ApplicationSummary.aspx?OriginId=04&AppId=${number.slice(3)}`,
  project_name: name,
  project_status: 'APPROVED',
  search_text: `${number} ${name.toLowerCase()}`,
  first_seen_at: '2026-01-05T10:00:00.000Z',
  scraped_at: scrapedAt,
})

/** Migration 0041: client ids stored in another spelling before ids were one spelling are folded into it. */
describe.each(testDialects())('DSA: migration 0041 folds client ids into one spelling (%s)', (dialect) => {
  let t: TestApp
  beforeEach(async () => {
    t = await buildTestApp({ dialect })
  })
  afterEach(() => t.close())

  it('upper-cases and trims ids, keeps the copy of a project scraped last, and leaves other clients alone', async () => {
    await t.db.kysely
      .insertInto('dsa_projects')
      .values([
        project('37-lfcs', '04-0000001', '2026-02-01T10:00:00.000Z', 'Older copy'),
        project('37-LFCS', '04-0000001', '2026-03-01T10:00:00.000Z', 'Newer copy'),
        project(' 37-lfcs', '04-0000002', '2026-02-01T10:00:00.000Z', 'Only under the other spelling'),
        project('01-ABC', '04-0000003', '2026-02-01T10:00:00.000Z', 'Another client'),
      ])
      .execute()
    await t.db.kysely
      .insertInto('dsa_scrape_runs')
      .values({ client_id: '37-lfcs ', status: 'SUCCESS', trigger: 'manual', started_at: '2026-02-01T10:00:00.000Z' })
      .execute()

    await up(t.db.kysely as never)

    const projects = await t.db.kysely
      .selectFrom('dsa_projects')
      .select(['client_id', 'project_number', 'project_name'])
      .orderBy('project_number')
      .execute()
    expect(projects).toEqual([
      { client_id: '37-LFCS', project_number: '04-0000001', project_name: 'Newer copy' },
      { client_id: '37-LFCS', project_number: '04-0000002', project_name: 'Only under the other spelling' },
      { client_id: '01-ABC', project_number: '04-0000003', project_name: 'Another client' },
    ])
    expect(await t.db.kysely.selectFrom('dsa_scrape_runs').select('client_id').execute()).toEqual([{ client_id: '37-LFCS' }])
  })
})
