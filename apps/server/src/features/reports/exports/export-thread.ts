import { type Db, type ReaderAddress, readerAddressOf } from '../../../db/database.js'
import { AppError } from '../../../lib/errors.js'
import { startWorker } from '../../../lib/worker-module.js'
import type { PdfHeader } from './pdf-export.js'
import { type ReportRowSource, materialised } from './report-rows.js'

/*
 * XLSX and PDF files are written in a worker thread of their own (export-worker.ts), started for one export and ended
 * after it. exceljs and pdfkit zip and draw for a long time and make a great deal of short-lived garbage: in a thread
 * of their own they hold up no other request, their heap is not the server's, and it goes away with the thread.
 *
 * The thread reads the rows too, on a read-only connection of its own (a detail report's compiled query; a summary's
 * rows come with it), so the server's thread never holds them. The file comes back in chunks, and the thread waits
 * while too many of them are unacknowledged, so a slow client holds the export back instead of filling memory.
 */

export type ExportFormat = 'xlsx' | 'pdf'
export interface ExportJob {
  format: ExportFormat
  header: PdfHeader
}
/** What an export thread is started with. */
export interface ExportWorkerData {
  job: ExportJob
  source: ReportRowSource
  /** Where the thread reads a query source's rows; null when the source holds its rows. */
  database: ReaderAddress | null
}

/** From the server's thread to an export thread: bytes of the file written out. */
export type ToExportThread = { type: 'ack'; bytes: number }
/** From an export thread to the server's thread. */
export type FromExportThread =
  | { type: 'chunk'; bytes: Uint8Array }
  | { type: 'progress'; rows: number }
  | { type: 'done' }
  | { type: 'failed'; message: string; code?: string }

/** Two cores: more exports at once would only share them. The rest wait their turn. */
const DEFAULT_MAX_RUNNING = 2
/**
 * A ceiling on one export thread's heap, not a tuning of the server's: enough for the largest printed report held at
 * once, and an export that would need more fails alone, with its own error, instead of taking the server's memory.
 */
const THREAD_HEAP_MB = 384

export interface ExportThreads {
  /**
   * Writes the file to `output` and ends it; rejects (leaving `output` short) when the export fails or `output` is
   * destroyed. `onProgress` hears the detail rows written so far, now and then.
   */
  write(job: ExportJob, source: ReportRowSource, output: NodeJS.WritableStream, onProgress?: (rows: number) => void): Promise<void>
}

/** `module`: the export thread's code, named by its TypeScript source (lib/worker-module.ts). */
export function createExportThreads({
  db,
  module = new URL('./export-worker.ts', import.meta.url),
  maxRunning = DEFAULT_MAX_RUNNING,
}: {
  db: Db
  module?: URL
  maxRunning?: number
}): ExportThreads {
  const turns = turnstile(maxRunning)
  const database = readerAddressOf(db, 'platform export')
  return {
    async write(job, source, output, onProgress) {
      const leave = await turns.enter()
      try {
        // A thread cannot open an in-memory database (the tests): its rows are read here and handed over.
        const readable = database || source.kind === 'rows' ? source : await materialised(db, source)
        await runThread(module, { job, source: readable, database: readable.kind === 'query' ? database : null }, output, onProgress)
      } finally {
        leave()
      }
    },
  }
}

function runThread(
  module: URL,
  workerData: ExportWorkerData,
  output: NodeJS.WritableStream,
  onProgress: ((rows: number) => void) | undefined,
): Promise<void> {
  const worker = startWorker(module, { workerData, resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB } })
  return new Promise<void>((resolve, reject) => {
    let settled = false
    const settle = (error?: Error) => {
      if (settled) return
      settled = true
      output.removeListener('close', clientLeft)
      output.removeListener('error', settle)
      void worker.terminate()
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
    // Destroyed with a reason (a stopped job), the export ends with that reason.
    output.once('error', settle)
    output.once('close', clientLeft)

    worker.on('message', (message: FromExportThread) => {
      if (message.type === 'chunk') {
        const full = !output.write(message.bytes)
        if (owed === 0 && !full) {
          send({ type: 'ack', bytes: message.bytes.byteLength })
          return
        }
        if (owed === 0) output.once('drain', acknowledgeOwed)
        owed += message.bytes.byteLength
      } else if (message.type === 'progress') {
        onProgress?.(message.rows)
      } else if (message.type === 'done') {
        output.end()
        settle()
      } else {
        // The thread's words for a failure a person can act on (a report that took too long) keep their code.
        settle(message.code ? new AppError('unprocessable', message.message, { code: message.code }) : new Error(message.message))
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
