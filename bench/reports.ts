import { serverWithProjects } from './dsa.js'
import { watchPeakMemory } from './lib/memory.js'
import type { BenchContext } from './lib/scenario.js'
import { signIn } from './lib/server.js'

/** Issue 6: reports over the 1,000,000 projects of the DSA scenario. */
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
        { label: 'server peak memory during the 1M-row CSV', unit: 'MB', kind: 'memory', target: { op: '<', value: 200 } },
        peak,
      )

      record(
        'xlsx',
        { label: 'XLSX of 100,000 rows', unit: 's', kind: 'time', target: { op: '<', value: 15 } },
        (await timed('/api/reportexport', { definition: hundredThousand, format: 'xlsx' })).ms / 1000,
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
