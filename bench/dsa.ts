import { readFileSync } from 'node:fs'
import { DSA_STATUSES } from '@platform/contracts/dsa'
import { parseApplicationSummary } from '../apps/server/src/features/dsa/tracker-parser.js'
import type { BenchDatabase, FillColumn } from './lib/database.js'
import { countLines, load } from './lib/load.js'
import { MEMORY_BUDGET_MB, watchPeakMemory } from './lib/memory.js'
import type { BenchContext } from './lib/scenario.js'
import { signIn, startServer } from './lib/server.js'

export const PROJECTS = 1_000_000
const CLIENTS = 40
/** Callers of the profile while an export runs, each one call at a time. */
const PROFILE_CALLERS = 4
const SUMMARY_PAGE = new URL(
  '../apps/server/test/fixtures/dsa/chaparral_original_campus_04_101335_application_summary.html',
  import.meta.url,
)

const PROJECT_COLUMNS: FillColumn[] = [
  ...['client_id', 'project_number', 'project_link', 'project_name', 'project_status', 'project_type'].map((name) => ({
    name,
    pgType: 'text' as const,
  })),
  { name: 'construction_cost', pgType: 'float8' },
  { name: 'cost_source', pgType: 'text' },
  ...['estimated_amount', 'contracted_amount', 'change_amount', 'final_cost'].map((name) => ({ name, pgType: 'float8' as const })),
  ...['received_date', 'approved_date', 'city', 'search_text', 'first_seen_at', 'scraped_at', 'details_scraped_at'].map((name) => ({
    name,
    pgType: 'text' as const,
  })),
  { name: 'stale', pgType: 'int' },
]

function* projectRows(): Generator<unknown[]> {
  const now = new Date().toISOString()
  const words = ['Lincoln', 'Roosevelt', 'Jefferson', 'Madison', 'Kennedy', 'Mission Bay', 'Clairemont', 'Point Loma', 'Serra', 'Hoover']
  for (let i = 0; i < PROJECTS; i++) {
    const number = `04-${String(100000 + i).padStart(7, '0')}`
    const name = `${words[i % words.length]} ${i % 7 === 0 ? 'High' : 'Elementary'} School - Modernization ${i % 997}`
    const cost = 100_000 + (i % 5000) * 1000
    yield [
      `37-C${i % CLIENTS}`,
      number,
      `https://www.apps2.dgs.ca.gov/DSA/Tracker/ApplicationSummary.aspx?OriginId=04&AppId=${100000 + i}`,
      name,
      DSA_STATUSES[Math.floor(i / CLIENTS) % DSA_STATUSES.length],
      'School (K-12)',
      cost,
      'final',
      cost * 0.9,
      cost,
      cost * 0.1,
      cost,
      '2019-03-04',
      '2019-09-10',
      'San Diego',
      `${number} ${name} san diego school (k-12)`.toLowerCase(),
      now,
      now,
      now,
      0,
    ]
  }
}

/** Reads a whole export, counting its lines; fails unless it held every project. */
async function exportAll(url: string, auth: Record<string, string>): Promise<void> {
  const answer = await fetch(`${url}/api/dsa-export`, { headers: auth })
  if (!answer.ok) throw new Error(`dsa-export answered ${answer.status}`)
  const lines = await countLines(answer.body!)
  if (lines - 1 !== PROJECTS) throw new Error(`The export held ${lines - 1} rows, not ${PROJECTS}`)
}

/** How long one call took, in ms; fails on an answer that is not 2xx. */
async function timedCall(url: string, headers: Record<string, string>): Promise<number> {
  const started = performance.now()
  const answer = await fetch(url, { headers })
  if (!answer.ok) throw new Error(`${url} answered ${answer.status}`)
  await answer.arrayBuffer()
  return performance.now() - started
}

/** The times of `call`, made by a few callers one after another for as long as one export runs. */
async function whileExporting(url: string, auth: Record<string, string>, call: () => Promise<number>): Promise<number[]> {
  const times: number[] = []
  let exporting = true
  const exported = exportAll(url, auth).finally(() => (exporting = false))
  const caller = async () => {
    while (exporting) times.push(await call())
  }
  await Promise.all([exported, ...Array.from({ length: PROFILE_CALLERS }, caller)])
  return times
}

function percentile(values: number[], share: number): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))] ?? 0
}

/** A started, migrated database with a million realistic projects written straight into it, and a server on it. */
export async function serverWithProjects(database: BenchDatabase, env: Record<string, string> = {}) {
  const first = await startServer({ DATABASE_URL: database.url }) // creates and migrates the database
  await first.stop()
  await database.fill('dsa_projects', PROJECT_COLUMNS, projectRows())
  await database.analyze()
  return startServer({ DATABASE_URL: database.url, ...env })
}

/** A filtered page, the statistics and the export over a million projects; the parser's speed. */
export async function benchDsa({ databases, runs, record }: BenchContext): Promise<void> {
  const page = readFileSync(SUMMARY_PAGE, 'utf8')
  const server = await serverWithProjects(await databases.fresh())
  try {
    const token = await signIn(server, 'admin@example.org')
    const auth = { authorization: `Bearer ${token}` }
    const filtered = `${server.url}/api/dsa-projects?limit=50&offset=100&clientId=37-C7&status=APPROVED`
    for (let run = 0; run < runs; run += 1) {
      const parseStart = performance.now()
      let parsed = 0
      while (performance.now() - parseStart < 3000) {
        parseApplicationSummary(page, { officeId: '04', appId: '101335' })
        parsed += 1
      }
      record(
        'parser',
        { label: 'parser: summary pages parsed in one process', unit: 'pages/s', kind: 'rate', target: { op: '>=', value: 200 } },
        parsed / ((performance.now() - parseStart) / 1000),
      )

      const single = await load(filtered, auth, 1)
      const busy = await load(filtered, auth, 10)
      record(
        'page-p95',
        {
          label: 'GET /api/dsa-projects by client and status, one at a time, p95',
          unit: 'ms',
          kind: 'time',
          target: { op: '<', value: 50 },
        },
        single.p95,
      )
      record('page-busy', { label: 'the same, 10 connections', unit: 'req/s', kind: 'rate' }, busy.rps)

      const statsTimes: number[] = []
      for (let i = 0; i < 10; i++) {
        const started = performance.now()
        const answer = await fetch(`${server.url}/api/dsa-stats`, { headers: auth })
        if (!answer.ok) throw new Error(`dsa-stats answered ${answer.status}`)
        await answer.json()
        statsTimes.push(performance.now() - started)
      }
      record(
        'stats',
        { label: 'GET /api/dsa-stats over 1M projects, worst of 10 calls', unit: 'ms', kind: 'time', target: { op: '<', value: 200 } },
        Math.max(...statsTimes),
      )

      const memory = watchPeakMemory(server.pid)
      const exportStart = performance.now()
      await exportAll(server.url, auth)
      const exportSeconds = (performance.now() - exportStart) / 1000
      record(
        'export-rate',
        { label: 'GET /api/dsa-export, 1M rows', unit: 'rows/s', kind: 'rate', target: { op: '>=', value: 100_000 } },
        PROJECTS / exportSeconds,
      )
      record(
        'export-memory',
        { label: 'server peak memory during the export', unit: 'MB', kind: 'memory', target: { op: '<', value: MEMORY_BUDGET_MB } },
        memory.stop(),
      )

      const twoAtOnce = watchPeakMemory(server.pid)
      await Promise.all([exportAll(server.url, auth), exportAll(server.url, auth)])
      record(
        'two-exports-memory',
        {
          label: 'server peak memory during two exports at once',
          unit: 'MB',
          kind: 'memory',
          target: { op: '<', value: MEMORY_BUDGET_MB },
        },
        twoAtOnce.stop(),
      )

      const profileTimes = await whileExporting(server.url, auth, () => timedCall(`${server.url}/api/get-user-profile`, auth))
      record(
        'profile-during-export-p99',
        {
          label: `GET /api/get-user-profile while an export runs, p99 of ${profileTimes.length}`,
          unit: 'ms',
          kind: 'time',
          target: { op: '<', value: 50 },
        },
        percentile(profileTimes, 0.99),
      )
    }
  } finally {
    await server.stop()
  }
}
