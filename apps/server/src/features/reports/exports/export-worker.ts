import { Writable } from 'node:stream'
import { finished } from 'node:stream/promises'
import { parentPort, workerData } from 'node:worker_threads'
import type { ResultRow } from '@platform/contracts/reports'
import type { ExportWorkerData, FromExportThread, ToExportThread } from './export-thread.js'

/*
 * The body of an export thread (export-thread.ts starts one for each XLSX or PDF): rows arrive in batches from the
 * server's thread, the file goes back in chunks. Nothing here touches the database or the request.
 */

/** Bytes sent and not yet written to the client, past which the writer waits. */
const MAX_UNACKNOWLEDGED = 1 << 20

const port = parentPort!
const { job } = workerData as ExportWorkerData
const post = (message: FromExportThread, transfer: ArrayBuffer[] = []) => port.postMessage(message, transfer)

const batches: Array<ResultRow[] | null> = []
let batchArrived: (() => void) | null = null
let unacknowledged = 0
let waitingWrite: (() => void) | null = null

port.on('message', (message: ToExportThread) => {
  if (message.type === 'ack') {
    unacknowledged -= message.bytes
    if (waitingWrite && unacknowledged <= MAX_UNACKNOWLEDGED) {
      const resume = waitingWrite
      waitingWrite = null
      resume()
    }
    return
  }
  batches.push(message.type === 'rows' ? message.rows : null)
  batchArrived?.()
})

/** The rows in order; the next batch is asked for as soon as one arrives, so reading and writing overlap. */
async function* rows(): AsyncGenerator<ResultRow> {
  post({ type: 'more' })
  for (;;) {
    while (batches.length === 0) await new Promise<void>((resolve) => (batchArrived = resolve))
    batchArrived = null
    const batch = batches.shift()!
    if (batch === null) return
    post({ type: 'more' })
    yield* batch
  }
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
  if (job.format === 'xlsx') await (await import('./xlsx-export.js')).writeXlsx(job.header, rows(), output)
  else await (await import('./pdf-export.js')).writePdf(job.header, rows(), output)
  await finished(output)
  post({ type: 'done' })
} catch (error) {
  post({ type: 'failed', message: error instanceof Error ? error.message : String(error) })
}
