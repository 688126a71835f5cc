import { parentPort, workerData } from 'node:worker_threads'
import Database from 'better-sqlite3'
import { addSqliteFunctions } from '../../../db/sqlite-functions.js'
import { READING, STOP, type SqliteQueryAnswer, type SqliteQueryRequest, type SqliteQueryWorkerData } from './sqlite-query-messages.js'

/*
 * The body of a report query thread (query-runner.ts starts it on an SQLite file): its own read-only connection, so a
 * query that outlives its time limit can be stopped by ending the thread, which better-sqlite3 cannot do to a statement.
 */

const port = parentPort!
const { file, cacheKb } = workerData as SqliteQueryWorkerData
const db = new Database(file, { readonly: true, fileMustExist: true })
addSqliteFunctions(db)
db.pragma('busy_timeout = 5000')
if (cacheKb) db.pragma(`cache_size = -${cacheKb}`)

const answer = (message: SqliteQueryAnswer) => port.postMessage(message)

/** A long result in batches; after each one the thread sleeps until it is asked for more or told to stop. */
function streamRows({ id, text, parameters, signal, batchSize }: SqliteQueryRequest): void {
  const flag = new Int32Array(signal!)
  let batch: Array<Record<string, unknown>> = []
  for (const row of db.prepare(text).iterate(...parameters)) {
    batch.push(row as Record<string, unknown>)
    if (batch.length < batchSize!) continue
    Atomics.store(flag, 0, READING)
    answer({ id, rows: batch })
    batch = []
    Atomics.wait(flag, 0, READING)
    if (Atomics.load(flag, 0) === STOP) return
  }
  answer({ id, rows: batch, done: true })
}

port.on('message', (request: SqliteQueryRequest) => {
  try {
    if (!request.stream) {
      answer({ id: request.id, rows: db.prepare(request.text).all(...request.parameters) as Array<Record<string, unknown>> })
      return
    }
    if (request.cacheKb) db.pragma(`cache_size = -${request.cacheKb}`)
    streamRows(request)
  } catch (error) {
    answer({ id: request.id, error: error instanceof Error ? error.message : String(error) })
  }
  // A streaming thread serves one result, then ends.
  if (request.stream) {
    db.close()
    process.exit(0)
  }
})
