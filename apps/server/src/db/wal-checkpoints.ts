import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'

/**
 * Copies the SQLite write-ahead log back into the database file from a worker thread of its own, so the event loop
 * never waits for it (decision 025). By default SQLite does this inside the COMMIT that takes the log past 1,000
 * pages: that commit copies every page and waits for two fsyncs, 20-100 ms here, while every other call waits too
 * (a 100,000-row upload held /api/health up for over 100 ms; issuing receipts spent most of its time there).
 *
 * The worker (about 20 MB resident) starts once the server writes in earnest and stops after a few idle seconds, so a
 * server that only reads, or writes a row now and then (an export and its audit row), carries no second thread; those
 * few pages wait in the log, which readers read through, until the next busy spell. Plain JavaScript, evaluated, like
 * the report runner's worker.
 */
const CHECKPOINT_WORKER = `
const { parentPort, workerData } = require('node:worker_threads')
const Database = require(workerData.driver)
const db = new Database(workerData.file, { fileMustExist: true })
db.pragma('busy_timeout = 1000')
db.pragma('synchronous = NORMAL')
let idle = 0
let lastLog = -1
const timer = setInterval(() => {
  let result
  try {
    // PASSIVE: copies what no reader still needs and never waits for a reader or blocks a writer.
    result = db.pragma('wal_checkpoint(PASSIVE)')[0]
  } catch {
    result = null // busy or locked this time: the next tick tries again
  }
  const quiet = result !== null && result.log === lastLog && result.checkpointed === result.log
  idle = quiet ? idle + 1 : 0
  if (result !== null) lastLog = result.log
  if (idle >= workerData.idleTicks) {
    clearInterval(timer)
    db.close()
    parentPort.postMessage('idle')
  }
}, workerData.intervalMs)
`

/** Pages the main connection lets the log reach before it checkpoints itself: only if the worker cannot keep up. */
export const SAFETY_AUTOCHECKPOINT_PAGES = 10_000

const RETRY_AFTER_FAILURE_MS = 10_000

export interface WalCheckpoints {
  /** Called on a statement that may write: starts the worker when enough have come and it is not running. Cheap. */
  wrote(): void
  /** Whether the worker is running now (tests). */
  readonly running: boolean
  /**
   * Start-up is over (its statements were checkpointed on the spot): from now on the worker may start. Before, it
   * never does: a thread that ran during the migrations left ~5 MB behind in the allocator for good.
   */
  settle(): Promise<void>
  close(): Promise<void>
}

/** Statements that may write (a receipt takes about seven) before the worker starts. */
const START_AFTER_WRITES = 100

export function createWalCheckpoints(
  file: string,
  options: { intervalMs?: number; idleMs?: number; startAfterWrites?: number } = {},
): WalCheckpoints {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3')
  const startAfterWrites = options.startAfterWrites ?? START_AFTER_WRITES
  const intervalMs = options.intervalMs ?? 100
  const idleTicks = Math.max(1, Math.round((options.idleMs ?? 5000) / intervalMs))
  let worker: Worker | null = null
  let closed = false
  let writesSinceStop = 0
  let settled = false
  // After a failure (the file gone, no thread to be had) the safety limit above checkpoints until this time.
  let retryAfter = 0

  function start() {
    const own = new Worker(CHECKPOINT_WORKER, {
      eval: true,
      workerData: { file, driver, intervalMs, idleTicks },
      // It holds no rows: a small heap keeps the second thread light.
      resourceLimits: { maxYoungGenerationSizeMb: 1, maxOldGenerationSizeMb: 8 },
    })
    own.unref()
    const stopped = () => {
      if (worker === own) worker = null
    }
    own.on('message', () => {
      stopped()
      void own.terminate()
    })
    own.on('error', () => {
      retryAfter = Date.now() + RETRY_AFTER_FAILURE_MS
      stopped()
    })
    own.on('exit', stopped)
    worker = own
  }

  async function stop() {
    const own = worker
    worker = null
    await own?.terminate()
  }

  return {
    wrote() {
      if (worker !== null || closed || !settled || (writesSinceStop += 1) < startAfterWrites || Date.now() < retryAfter) return
      writesSinceStop = 0
      start()
    },
    get running() {
      return worker !== null
    },
    async settle() {
      settled = true
      writesSinceStop = 0
      await stop()
    },
    async close() {
      closed = true
      await stop()
    },
  }
}
