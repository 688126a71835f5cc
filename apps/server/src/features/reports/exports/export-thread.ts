import type { ResultRow } from '@platform/contracts/reports'
import { startWorker } from '../../../lib/worker-module.js'
import type { PdfHeader } from './pdf-export.js'
import type { RowSource } from './row-source.js'

/*
 * XLSX and PDF files are written in a worker thread of their own (export-worker.ts), started for one export and ended
 * after it. exceljs and pdfkit zip and draw for a long time and make a great deal of short-lived garbage: in a thread
 * of their own they hold up no other request, their heap is not the server's, and it goes away with the thread.
 *
 * The rows are still read here (the report's cursor and its connection belong to this thread) and handed over in
 * batches, one ahead of the writer; the file comes back in chunks, and the thread waits while too many of them are
 * unacknowledged, so a slow client holds the export back instead of filling memory.
 */

export type ExportFormat = 'xlsx' | 'pdf'
export interface ExportJob {
  format: ExportFormat
  header: PdfHeader
}
/** What an export thread is started with. */
export interface ExportWorkerData {
  job: ExportJob
}

/** From the server's thread to an export thread. */
export type ToExportThread = { type: 'rows'; rows: ResultRow[] } | { type: 'end' } | { type: 'ack'; bytes: number }
/** From an export thread to the server's thread. */
export type FromExportThread =
  { type: 'more' } | { type: 'chunk'; bytes: Uint8Array } | { type: 'done' } | { type: 'failed'; message: string }

/** Rows in one message: a batch is alive on both sides while it is written, so it stays small. */
const ROWS_PER_BATCH = 500
/** Two cores: more exports at once would only share them. The rest wait their turn. */
const DEFAULT_MAX_RUNNING = 2
/**
 * A ceiling on one export thread's heap, not a tuning of the server's: enough for the largest printed report held at
 * once, and an export that would need more fails alone, with its own error, instead of taking the server's memory.
 */
const THREAD_HEAP_MB = 384

export interface ExportThreads {
  /** Writes the file to `output` and ends it; rejects (leaving `output` short) when the export fails. */
  write(job: ExportJob, rows: RowSource, output: NodeJS.WritableStream): Promise<void>
}

/** `module`: the export thread's code, named by its TypeScript source (lib/worker-module.ts). */
export function createExportThreads({
  module = new URL('./export-worker.ts', import.meta.url),
  maxRunning = DEFAULT_MAX_RUNNING,
}: { module?: URL; maxRunning?: number } = {}): ExportThreads {
  const turns = turnstile(maxRunning)
  return {
    async write(job, rows, output) {
      const leave = await turns.enter()
      try {
        await runThread(module, { job }, rows, output)
      } finally {
        leave()
      }
    },
  }
}

function runThread(module: URL, workerData: ExportWorkerData, rows: RowSource, output: NodeJS.WritableStream): Promise<void> {
  const source = Symbol.asyncIterator in rows ? rows[Symbol.asyncIterator]() : rows[Symbol.iterator]()
  const worker = startWorker(module, { workerData, resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB } })
  // Batches are read one after another even when the thread asks for the next before this one is sent.
  let reading: Promise<unknown> = Promise.resolve()
  const readBatch = async (): Promise<ResultRow[]> => {
    const batch: ResultRow[] = []
    while (batch.length < ROWS_PER_BATCH) {
      const next = await source.next()
      if (next.done) break
      batch.push(next.value)
    }
    return batch
  }

  return new Promise<void>((resolve, reject) => {
    let settled = false
    const settle = (error?: Error) => {
      if (settled) return
      settled = true
      output.removeListener('close', clientLeft)
      void worker.terminate()
      // A cursor that was not read to its end gives its connection back.
      void Promise.resolve(source.return?.()).catch(() => undefined)
      if (error) reject(error)
      else resolve()
    }
    const send = (message: ToExportThread) => {
      if (!settled) worker.postMessage(message)
    }
    const clientLeft = () => settle(new Error('The export stopped: its destination was closed'))
    // Bytes written while the output was full: acknowledged together when it drains.
    let owed = 0
    const acknowledgeOwed = () => {
      send({ type: 'ack', bytes: owed })
      owed = 0
    }
    output.once('close', clientLeft)

    worker.on('message', (message: FromExportThread) => {
      if (message.type === 'more') {
        const batch = reading.then(readBatch)
        reading = batch.catch(() => undefined)
        batch.then((rows) => send(rows.length > 0 ? { type: 'rows', rows } : { type: 'end' }), settle)
      } else if (message.type === 'chunk') {
        const full = !output.write(message.bytes)
        if (owed === 0 && !full) {
          send({ type: 'ack', bytes: message.bytes.byteLength })
          return
        }
        if (owed === 0) output.once('drain', acknowledgeOwed)
        owed += message.bytes.byteLength
      } else if (message.type === 'done') {
        output.end()
        settle()
      } else {
        settle(new Error(message.message))
      }
    })
    worker.on('error', (error) => settle(error))
    worker.on('exit', (code) => settle(new Error(`The export thread stopped (exit code ${code}) before the file was finished`)))
  })
}

/** At most `size` holders at once; the others wait in the order they came. */
function turnstile(size: number) {
  let inside = 0
  const waiting: Array<() => void> = []
  const leave = () => {
    const next = waiting.shift()
    if (next) next()
    else inside -= 1
  }
  return {
    enter(): Promise<() => void> {
      if (inside < size) {
        inside += 1
        return Promise.resolve(leave)
      }
      return new Promise((resolve) => waiting.push(() => resolve(leave)))
    },
  }
}
