import type { Db } from '../src/db/database.js'

/** Many stored projects, written straight into the table (a scrape of this many would take minutes). */
export async function storeDsaProjects(db: Db, count: number): Promise<void> {
  const now = new Date().toISOString()
  for (let first = 0; first < count; first += 500) {
    await db.kysely
      .insertInto('dsa_projects')
      .values(
        Array.from({ length: Math.min(500, count - first) }, (_, offset) => {
          const i = first + offset
          const number = `04-${String(100000 + i).padStart(7, '0')}`
          return {
            client_id: `37-C${i % 40}`,
            project_number: number,
            project_link: `https://www.apps2.dgs.ca.gov/DSA/Tracker/ApplicationSummary.aspx?OriginId=04&AppId=${100000 + i}`,
            project_name: `Lincoln Elementary School - Modernization ${i}`,
            project_status: 'APPROVED',
            project_type: 'School (K-12)',
            construction_cost: 100_000 + i,
            cost_source: 'final',
            city: 'San Diego',
            search_text: `${number} lincoln elementary school san diego`,
            first_seen_at: now,
            scraped_at: now,
            stale: 0,
          }
        }),
      )
      .execute()
  }
}
