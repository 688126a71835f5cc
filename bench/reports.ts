import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fillProjects, PROJECTS } from './dsa.js'
import { verdict } from './lib/load.js'
import { rssMb } from './lib/memory.js'
import { signIn, startServer } from './lib/server.js'


/** Issue 6: reports over the 1,000,000 projects of the DSA scenario, on SQLite. */
export async function benchReports(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'platform-reports-bench-'))
  const file = join(dir, 'reports.db')
  const first = await startServer({ DATABASE_URL: `sqlite:${file}` })
  await first.stop()
  fillProjects(file)
  const server = await startServer({ DATABASE_URL: `sqlite:${file}`, REPORT_EXPORT_TIMEOUT_SECONDS: '600' })
  try {
    const token = await signIn(server, 'admin@example.org')
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
    const timed = async (path: string, body: unknown) => {
      const started = performance.now()
      const answer = await fetch(`${server.url}${path}`, { method: 'POST', headers, body: JSON.stringify(body) })
      if (!answer.ok) throw new Error(`${path} answered ${answer.status}: ${await answer.text()}`)
      const bytes = (await answer.arrayBuffer()).byteLength
      return { ms: performance.now() - started, bytes }
    }
    const best = async (path: string, body: unknown, runs: number) => {
      const times: number[] = []
      for (let i = 0; i < runs; i += 1) times.push((await timed(path, body)).ms)
      times.sort((a, b) => a - b)
      return { best: times[0]!, worst: times.at(-1)! }
    }

    const summary = {
      schemaVersion: 1, dataset: 'dsa_projects', rows: { mode: 'summary' }, groups: [{ field: 'client_id' }],
      columns: [{ field: 'project_status' }, { field: 'id', agg: 'count' }, { field: 'construction_cost', agg: 'sum' }, { field: 'construction_cost', agg: 'avg' }],
    }
    const grouped = await best('/api/reportrun', { definition: summary, limit: 500 }, 3)
    const detail = { schemaVersion: 1, dataset: 'dsa_projects', columns: [{ field: 'project_number' }, { field: 'project_name' }, { field: 'client_id' }, { field: 'construction_cost' }], sort: [{ key: 'project_name', dir: 'asc' }], totals: { grand: false, label: 'Total' } }
    const page = await best('/api/reportrun', { definition: detail, limit: 500 }, 10)

    let peak = rssMb(server.pid)
    const before = peak
    const sampler = setInterval(() => {
      peak = Math.max(peak, rssMb(server.pid))
    }, 100)
    const csv = await timed('/api/reportexport', { definition: detail, format: 'csv' })
    clearInterval(sampler)

    const hundredThousand = { ...detail, filters: [{ field: 'client_id', op: 'in', value: ['37-C1', '37-C2', '37-C3', '37-C4'] }] }
    const xlsx = await timed('/api/reportexport', { definition: hundredThousand, format: 'xlsx' })
    const tenThousandGrouped = {
      ...detail, groups: [{ field: 'client_id' }], columns: [...detail.columns.slice(0, 3), { field: 'construction_cost', agg: 'sum' }], totals: { grand: true, label: 'Total' },
      filters: [{ field: 'client_id', op: 'in', value: ['37-C5', '37-C6'] }, { field: 'project_status', op: 'eq', value: 'APPROVED' }],
    }
    const pdf = await timed('/api/reportexport', { definition: tenThousandGrouped, format: 'pdf' })

    console.log(`\nReports Studio (${PROJECTS.toLocaleString('en-US')} projects, SQLite)`)
    console.log(`  grouped summary with subtotals (40 clients × 5 statuses, count, sum, average): best ${grouped.best.toFixed(0)} ms, worst ${grouped.worst.toFixed(0)} ms (target < 1 s) ${verdict(grouped.worst < 1000)}`)
    console.log(`  500-row detail page in name order: best ${page.best.toFixed(0)} ms, worst ${page.worst.toFixed(0)} ms (target < 50 ms) ${verdict(page.worst < 50)}`)
    console.log(`  CSV of all rows: ${(csv.ms / 1000).toFixed(1)} s, ${(csv.bytes / 1e6).toFixed(0)} MB; server memory ${before.toFixed(0)} MB before, peak ${peak.toFixed(0)} MB (target < 200 MB) ${verdict(peak < 200)}`)
    console.log(`  XLSX of 100,000 rows: ${(xlsx.ms / 1000).toFixed(1)} s (target < 15 s) ${verdict(xlsx.ms < 15_000)}`)
    console.log(`  grouped PDF of 10,000 rows: ${(pdf.ms / 1000).toFixed(1)} s (target < 10 s) ${verdict(pdf.ms < 10_000)}`)
  } finally {
    await server.stop()
  }
}
