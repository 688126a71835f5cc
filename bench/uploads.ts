import { manyRows, workbookOf } from '../apps/server/test/workbook-files.js'
import { MEMORY_BUDGET_MB, watchPeakMemory } from './lib/memory.js'
import type { BenchContext } from './lib/scenario.js'
import { type BenchServer, signIn, startServer } from './lib/server.js'

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'
const TOO_MANY_ROWS = 'too_many_rows'

/** Calls /api/health one after another until stopped; the slowest call's time in ms. */
function timeHealthCalls(server: BenchServer) {
  let running = true
  let slowest = 0
  let calls = 0
  const loop = (async () => {
    while (running) {
      const started = performance.now()
      const answer = await fetch(`${server.url}/api/health`)
      await answer.arrayBuffer()
      if (answer.status !== 200) throw new Error(`/api/health answered ${answer.status} during an upload`)
      slowest = Math.max(slowest, performance.now() - started)
      calls += 1
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
  })()
  return {
    async stop() {
      running = false
      await loop
      if (calls < 3) throw new Error(`Only ${calls} health calls were made during the upload`)
      return slowest
    },
  }
}

/** Sends one file while watching the server's memory and its other calls; fails unless it is answered as expected. */
async function measuredUpload(server: BenchServer, token: string, file: Buffer, contentType: string, path: string, expected: string) {
  const memory = watchPeakMemory(server.pid)
  const health = timeHealthCalls(server)
  const started = performance.now()
  const answer = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType, 'x-file-name': 'huge' },
    body: file,
  })
  const body = await answer.text()
  const seconds = (performance.now() - started) / 1000
  const slowest = await health.stop()
  const peak = memory.stop()
  if (
    expected === TOO_MANY_ROWS ? answer.status !== 400 || !body.includes(TOO_MANY_ROWS) : answer.status !== 200 || !body.includes(expected)
  )
    throw new Error(`${path} answered ${answer.status}: ${body}`)
  return { peak, slowest, seconds }
}

/**
 * A huge upload is refused while it is read, and one of the most rows allowed is stored, in little memory and
 * without holding up other calls. Each file goes to the compiled server as a person's browser would send it.
 */
export async function benchUploads({ databases, runs, record }: BenchContext): Promise<void> {
  const workbook = workbookOf(manyRows(1_000_000))
  const hugeCsv = Buffer.from(
    ['Amount,Code', ...Array.from({ length: 1_500_000 }, (_unused, row) => `${row % 1000},C${row % 7}`)].join('\n'),
  )
  const allowedCsv = Buffer.from(
    [
      'School,Enrollment,Opened,Budget',
      ...Array.from(
        { length: 100_000 },
        (_unused, row) => `School ${row},${row % 2000},2001-09-${String((row % 28) + 1).padStart(2, '0')},"$${row},000.50"`,
      ),
    ].join('\n'),
  )
  const server = await startServer({ DATABASE_URL: (await databases.fresh()).url })
  try {
    const token = await signIn(server, 'admin@example.org')
    const memorySpec = (label: string) => ({
      label,
      unit: 'MB',
      kind: 'memory' as const,
      target: { op: '<' as const, value: MEMORY_BUDGET_MB },
    })
    const waitSpec = (label: string) => ({ label, unit: 'ms', kind: 'time' as const, target: { op: '<' as const, value: 100 } })
    for (let run = 0; run < runs; run += 1) {
      const refusedXlsx = await measuredUpload(server, token, workbook, XLSX, '/api/reportuploads/preview?name=Huge', TOO_MANY_ROWS)
      record('xlsx-refused-memory', memorySpec('a workbook of 1M rows refused: server peak memory'), refusedXlsx.peak)
      record('xlsx-refused-health', waitSpec('the same: slowest /api/health call meanwhile'), refusedXlsx.slowest)

      const refusedCsv = await measuredUpload(server, token, hugeCsv, 'text/csv', '/api/reportuploads/preview?name=Huge', TOO_MANY_ROWS)
      record('csv-refused-memory', memorySpec('a CSV of 1.5M rows refused: server peak memory'), refusedCsv.peak)
      record('csv-refused-health', waitSpec('the same: slowest /api/health call meanwhile'), refusedCsv.slowest)

      const stored = await measuredUpload(
        server,
        token,
        allowedCsv,
        'text/csv',
        `/api/reportuploads?name=Schools%20${run}`,
        '100,000 rows uploaded',
      )
      record('csv-stored-memory', memorySpec('a CSV of 100,000 rows read, typed and stored: server peak memory'), stored.peak)
      record('csv-stored-health', waitSpec('the same: slowest /api/health call meanwhile'), stored.slowest)
      record('csv-stored-time', { label: 'the same: time to store it', unit: 's', kind: 'time' }, stored.seconds)
    }
  } finally {
    await server.stop()
  }
}
