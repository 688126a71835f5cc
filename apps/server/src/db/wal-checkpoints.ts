import type { Worker } from 'node:worker_threads'
import { startWorker } from '../lib/worker-module.js'
import type { WalCheckpointWorkerData } from './wal-checkpoint-worker.js'

/**
 * Copies the SQLite write-ahead log back into the database file from a worker thread of its own
 * (wal-checkpoint-worker.ts), so the event loop never waits for it (decision 025). By default SQLite does this inside
 * the COMMIT that takes the log past 1,000 pages: that commit copies every page and waits for the disk, while every
 * other call of the process waits too.
 *
 * The worker starts once the server writes in earnest and stops after a few idle seconds, so a server that only
 * reads, or writes a row now and then (an export and its audit row), carries no second thread; those few pages wait in
 * the log, which readers read through, until the next busy spell.
 */
const WORKER_MODULE = new URL('./wal-checkpoint-worker.ts', import.meta.url)

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
   * never does: the migrations are one burst of writes that start-up checkpoints itself, and a thread started for them
   * would only idle until it ended.
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
    const workerData: WalCheckpointWorkerData = { file, intervalMs, idleTicks }
    const own = startWorker(WORKER_MODULE, { workerData })
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
