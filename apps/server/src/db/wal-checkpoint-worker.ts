import { parentPort, workerData } from 'node:worker_threads'
import Database from 'better-sqlite3'

/*
 * The body of the checkpoint thread (wal-checkpoints.ts starts it): its own connection copies the write-ahead log into
 * the database file now and then, and the thread says 'idle' and closes once the log has stayed copied for a while.
 */

export interface WalCheckpointWorkerData {
  file: string
  intervalMs: number
  /** Ticks in a row with nothing new to copy before the thread ends. */
  idleTicks: number
}

interface CheckpointResult {
  busy: number
  log: number
  checkpointed: number
}

const { file, intervalMs, idleTicks } = workerData as WalCheckpointWorkerData
const db = new Database(file, { fileMustExist: true })
db.pragma('busy_timeout = 1000')
db.pragma('synchronous = NORMAL')

let idle = 0
let lastLog = -1
const timer = setInterval(() => {
  let result: CheckpointResult | null
  try {
    // PASSIVE: copies what no reader still needs and never waits for a reader or blocks a writer.
    result = (db.pragma('wal_checkpoint(PASSIVE)') as CheckpointResult[])[0] ?? null
  } catch {
    result = null // busy or locked this time: the next tick tries again
  }
  const quiet = result !== null && result.log === lastLog && result.checkpointed === result.log
  idle = quiet ? idle + 1 : 0
  if (result !== null) lastLog = result.log
  if (idle >= idleTicks) {
    clearInterval(timer)
    db.close()
    parentPort!.postMessage('idle')
  }
}, intervalMs)
