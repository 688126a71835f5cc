import { Writable } from 'node:stream'
import { finished } from 'node:stream/promises'
import { parentPort, workerData } from 'node:worker_threads'
import type { ResultRow } from '@platform/contracts/reports'
import { openReader } from '../../../db/database.js'
import type { ExportWorkerData, FromExportThread, ToExportThread } from './export-thread.js'
import { reportRows } from './report-rows.js'

/*
 * The body of an export thread (export-thread.ts starts one for each XLSX or PDF): it reads the report's rows on a
 * read-only connection of its own, writes the file, and sends it back in chunks.
 */

/** Bytes sent and not yet written to the client, past which the writer waits. */
const MAX_UNACKNOWLEDGED = 1 << 20
/** Progress is told every so many detail rows, or every so often, whichever comes first. */
const PROGRESS_ROWS = 1000
const PROGRESS_MS = 1000

const port = parentPort!
const { job, source, database } = workerData as ExportWorkerData
const post = (message: FromExportThread, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer)
const db = database ? openReader(database) : null

let unacknowledged = 0
let waitingWrite: (() => void) | null = null

port.on('message', (message: ToExportThread) => {
  unacknowledged -= message.bytes
  if (waitingWrite && unacknowledged <= MAX_UNACKNOWLEDGED) {
    const resume = waitingWrite
    waitingWrite = null
    resume()
  }
})

/** The rows in order, telling the server's thread how many detail rows have been written. */
async function* counted(rows: AsyncIterable<ResultRow> | Iterable<ResultRow>): AsyncGenerator<ResultRow> {
  let done = 0
  let told = 0
  let toldAt = Date.now()
  for await (const row of rows) {
    yield row
    if (row.kind === 'detail') done += 1
    if (done - told >= PROGRESS_ROWS || Date.now() - toldAt >= PROGRESS_MS) {
      told = done
      toldAt = Date.now()
      post({ type: 'progress', rows: done })
    }
  }
  post({ type: 'progress', rows: done })
}

const output = new Writable({
  write(chunk: Buffer, _encoding, callback) {
    // A copy of exactly this chunk (a Buffer may be a slice of a shared pool), handed over rather than copied again.
    const bytes = new Uint8Array(chunk)
    unacknowledged += bytes.byteLength
    post({ type: 'chunk', bytes }, [bytes.buffer])
    if (unacknowledged <= MAX_UNACKNOWLEDGED) callback()
    else waitingWrite = callback
  },
})

try {
  const rows = counted(source.kind === 'rows' ? source.rows : reportRows(db!, source))
  if (job.format === 'xlsx') await (await import('./xlsx-export.js')).writeXlsx(job.header, rows, output)
  else await (await import('./pdf-export.js')).writePdf(job.header, rows, output)
  await finished(output)
  post({ type: 'done' })
} catch (error) {
  const code = (error as { statusCode?: unknown; code?: unknown }).statusCode ? (error as { code?: unknown }).code : undefined
  post({ type: 'failed', message: error instanceof Error ? error.message : String(error), ...(typeof code === 'string' ? { code } : {}) })
} finally {
  await db?.close()
}
