import { serverWithProjects } from './dsa.js'
import { MEMORY_BUDGET_MB, watchPeakMemory } from './lib/memory.js'
import type { BenchContext } from './lib/scenario.js'
import { type BenchServer, signIn } from './lib/server.js'

const JOB_POLL_MS = 500

/**
 * Asks for an XLSX export long enough to run as a background job and follows it, as the Reports Studio screen does,
 * until its file is ready: the time from asking to ready, in seconds.
 */
async function xlsxJob(server: BenchServer, token: string, definition: unknown): Promise<number> {
  const started = performance.now()
  const answer = await fetch(`${server.url}/api/reportexport`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ definition, format: 'xlsx' }),
  })
  if (answer.status !== 202) throw new Error(`The XLSX export answered ${answer.status}, not a job: ${(await answer.text()).slice(0, 200)}`)
  const { id } = (await answer.json()) as { id: number }
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, JOB_POLL_MS))
    const job = (await (
      await fetch(`${server.url}/api/reportexports/${id}`, { headers: { authorization: `Bearer ${token}` } })
    ).json()) as {
      state: string
      failure: string | null
    }
    if (job.state === 'ready') return (performance.now() - started) / 1000
    if (job.state !== 'queued' && job.state !== 'running') throw new Error(`The XLSX job ended ${job.state}: ${job.failure ?? ''}`)
  }
}

/** Reports over the 1,000,000 projects of the DSA scenario. */
export async function benchReports({ databases, runs, record }: BenchContext): Promise<void> {
  const server = await serverWithProjects(await databases.fresh(), { REPORT_EXPORT_TIMEOUT_SECONDS: '600' })
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
    const worst = async (path: string, body: unknown, calls: number) => {
      let slowest = 0
      for (let i = 0; i < calls; i += 1) slowest = Math.max(slowest, (await timed(path, body)).ms)
      return slowest
    }

    const summary = {
      schemaVersion: 1,
      dataset: 'dsa_projects',
      rows: { mode: 'summary' },
      groups: [{ field: 'client_id' }],
      columns: [
        { field: 'project_status' },
        { field: 'id', agg: 'count' },
        { field: 'construction_cost', agg: 'sum' },
        { field: 'construction_cost', agg: 'avg' },
      ],
    }
    const detail = {
      schemaVersion: 1,
      dataset: 'dsa_projects',
      columns: [{ field: 'project_number' }, { field: 'project_name' }, { field: 'client_id' }, { field: 'construction_cost' }],
      sort: [{ key: 'project_name', dir: 'asc' }],
      totals: { grand: false, label: 'Total' },
    }
    const hundredThousand = { ...detail, filters: [{ field: 'client_id', op: 'in', value: ['37-C1', '37-C2', '37-C3', '37-C4'] }] }
    const tenThousandGrouped = {
      ...detail,
      groups: [{ field: 'client_id' }],
      columns: [...detail.columns.slice(0, 3), { field: 'construction_cost', agg: 'sum' }],
      totals: { grand: true, label: 'Total' },
      filters: [
        { field: 'client_id', op: 'in', value: ['37-C5', '37-C6'] },
        { field: 'project_status', op: 'eq', value: 'APPROVED' },
      ],
    }

    for (let run = 0; run < runs; run += 1) {
      record(
        'summary',
        {
          label: 'grouped summary with subtotals (40 clients × 5 statuses), worst of 3',
          unit: 'ms',
          kind: 'time',
          target: { op: '<', value: 1000 },
        },
        await worst('/api/reportrun', { definition: summary, limit: 500 }, 3),
      )
      record(
        'detail-page',
        { label: '500-row detail page in name order, worst of 10', unit: 'ms', kind: 'time', target: { op: '<', value: 50 } },
        await worst('/api/reportrun', { definition: detail, limit: 500 }, 10),
      )

      const memory = watchPeakMemory(server.pid)
      const csv = await timed('/api/reportexport', { definition: detail, format: 'csv' })
      const peak = memory.stop()
      record('csv-time', { label: 'CSV of all 1M rows', unit: 's', kind: 'time' }, csv.ms / 1000)
      record(
        'csv-memory',
        { label: 'server peak memory during the 1M-row CSV', unit: 'MB', kind: 'memory', target: { op: '<', value: MEMORY_BUDGET_MB } },
        peak,
      )

      record(
        'xlsx',
        { label: 'XLSX of 100,000 rows (a background job: asked to ready)', unit: 's', kind: 'time', target: { op: '<', value: 15 } },
        await xlsxJob(server, token, hundredThousand),
      )
      // The job of a whole million rows (BENCH_XLSX_JOB_ROWS=100000: the hundred thousand above, for a quicker look).
      const jobMemory = watchPeakMemory(server.pid)
      const jobSeconds = await xlsxJob(server, token, process.env.BENCH_XLSX_JOB_ROWS === '100000' ? hundredThousand : detail)
      const jobPeak = jobMemory.stop()
      record('xlsx-job-time', { label: 'XLSX job of all 1M rows: asked to ready', unit: 's', kind: 'time' }, jobSeconds)
      record(
        'xlsx-job-memory',
        {
          label: 'server peak memory while the 1M-row XLSX job runs',
          unit: 'MB',
          kind: 'memory',
          target: { op: '<', value: MEMORY_BUDGET_MB },
        },
        jobPeak,
      )
      record(
        'pdf',
        { label: 'grouped PDF of 10,000 rows', unit: 's', kind: 'time', target: { op: '<', value: 10 } },
        (await timed('/api/reportexport', { definition: tenThousandGrouped, format: 'pdf' })).ms / 1000,
      )
    }
  } finally {
    await server.stop()
  }
}
