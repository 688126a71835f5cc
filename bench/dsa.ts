import { readFileSync } from 'node:fs'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import SqliteDatabase from 'better-sqlite3'
import { DSA_STATUSES } from '@platform/contracts/dsa'
import { parseApplicationSummary } from '../apps/server/src/features/dsa/tracker-parser.js'
import { load, verdict } from './lib/load.js'
import { rssMb } from './lib/memory.js'
import { signIn, startServer } from './lib/server.js'

export const PROJECTS = 1_000_000
const CLIENTS = 40
const SUMMARY_PAGE = new URL('../apps/server/test/fixtures/dsa/chaparral_original_campus_04_101335_application_summary.html', import.meta.url)

/** Fills the projects table of a migrated SQLite file with a million realistic rows, directly and fast. */
export function fillProjects(file: string): void {
  const sqlite = new SqliteDatabase(file)
  const insert = sqlite.prepare(
    `insert into dsa_projects (client_id, project_number, project_link, project_name, project_status, project_type, construction_cost, cost_source,
       estimated_amount, contracted_amount, change_amount, final_cost, received_date, approved_date, closed_date, city, search_text, first_seen_at, scraped_at, details_scraped_at, stale)
     values (?, ?, ?, ?, ?, 'School (K-12)', ?, 'final', ?, ?, ?, ?, '2019-03-04', '2019-09-10', null, 'San Diego', ?, ?, ?, ?, 0)`,
  )
  const now = new Date().toISOString()
  const words = ['Lincoln', 'Roosevelt', 'Jefferson', 'Madison', 'Kennedy', 'Mission Bay', 'Clairemont', 'Point Loma', 'Serra', 'Hoover']
  const fill = sqlite.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const number = `04-${String(100000 + i).padStart(7, '0')}`
      const name = `${words[i % words.length]} ${i % 7 === 0 ? 'High' : 'Elementary'} School - Modernization ${i % 997}`
      const cost = 100_000 + (i % 5000) * 1000
      insert.run(`37-C${i % CLIENTS}`, number, `https://www.apps2.dgs.ca.gov/DSA/Tracker/ApplicationSummary.aspx?OriginId=04&AppId=${100000 + i}`, name,
        DSA_STATUSES[Math.floor(i / CLIENTS) % DSA_STATUSES.length], cost, cost * 0.9, cost, cost * 0.1, cost, `${number} ${name} san diego school (k-12)`.toLowerCase(), now, now, now)
    }
  })
  for (let i = 0; i < PROJECTS; i += 100_000) fill(i, i + 100_000)
  sqlite.close()
}


/** Issue 4: a filtered page, the statistics and the export over a million projects; the parser's speed. */
export async function benchDsa(): Promise<void> {
  const page = readFileSync(SUMMARY_PAGE, 'utf8')
  const parseStart = performance.now()
  let parsed = 0
  while (performance.now() - parseStart < 3000) {
    parseApplicationSummary(page, { officeId: '04', appId: '101335' })
    parsed += 1
  }
  const pagesPerSecond = Math.round(parsed / ((performance.now() - parseStart) / 1000))

  const dir = mkdtempSync(join(tmpdir(), 'platform-dsa-bench-'))
  const file = join(dir, 'dsa.db')
  const first = await startServer({ DATABASE_URL: `sqlite:${file}` }) // creates and migrates the database
  await first.stop()
  fillProjects(file)
  const server = await startServer({ DATABASE_URL: `sqlite:${file}` })
  try {
    const token = await signIn(server, 'admin@example.org')
    const auth = { authorization: `Bearer ${token}` }
    const filtered = `${server.url}/api/dsa-projects?limit=50&offset=100&clientId=37-C7&status=APPROVED`
    const single = await load(filtered, auth, 1)
    const busy = await load(filtered, auth, 10)

    const statsTimes: number[] = []
    for (let i = 0; i < 10; i++) {
      const started = performance.now()
      const answer = await fetch(`${server.url}/api/dsa-stats`, { headers: auth })
      if (!answer.ok) throw new Error(`dsa-stats answered ${answer.status}`)
      await answer.json()
      statsTimes.push(performance.now() - started)
    }
    const statsWorst = Math.max(...statsTimes)

    const baselineRss = rssMb(server.pid)
    let peakRss = baselineRss
    const sampler = setInterval(() => {
      peakRss = Math.max(peakRss, rssMb(server.pid))
    }, 100)
    const exportStart = performance.now()
    const answer = await fetch(`${server.url}/api/dsa-export`, { headers: auth })
    let lines = 0
    for await (const chunk of answer.body!) for (const byte of chunk as Uint8Array) if (byte === 10) lines += 1
    const exportSeconds = (performance.now() - exportStart) / 1000
    clearInterval(sampler)
    const rows = lines - 1
    const rowsPerSecond = Math.round(rows / exportSeconds)

    console.log(`\nDSA Project Tracker (${PROJECTS.toLocaleString('en-US')} projects of ${CLIENTS} clients, SQLite)`)
    console.log(`  parser: ${pagesPerSecond} summary pages/s (target ≥ 200) ${verdict(pagesPerSecond >= 200)}`)
    console.log(`  GET /api/dsa-projects filtered by client and status, one at a time: ${single.rps} req/s, p50 ${single.p50} ms, p95 ${single.p95} ms (target p95 < 50 ms) ${verdict(single.p95 < 50)}`)
    console.log(`    the same, 10 connections: ${busy.rps} req/s, p50 ${busy.p50} ms, p95 ${busy.p95} ms`)
    console.log(`  GET /api/dsa-stats: worst of 10 ${statsWorst.toFixed(0)} ms, first ${statsTimes[0]!.toFixed(0)} ms (target < 200 ms) ${verdict(statsWorst < 200)}`)
    console.log(`  GET /api/dsa-export: ${rows.toLocaleString('en-US')} rows in ${exportSeconds.toFixed(1)} s = ${rowsPerSecond.toLocaleString('en-US')} rows/s (target ≥ 100,000) ${verdict(rowsPerSecond >= 100_000 && rows === PROJECTS)}; server memory ${baselineRss.toFixed(0)} MB before, peak ${peakRss.toFixed(0)} MB (target < 200 MB) ${verdict(peakRss < 200)}`)
  } finally {
    await server.stop()
  }
}
