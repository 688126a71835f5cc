import type { Worker } from 'node:worker_threads'
import { CompiledQuery, sql } from 'kysely'
import { isConnectionLost, type Db } from '../../../db/database.js'
import { AppError } from '../../../lib/errors.js'
import { startWorker } from '../../../lib/worker-module.js'
import type { QueryRunner } from './report-engine.js'
import { ASK_FOR_MORE, STOP, type SqliteQueryAnswer, type SqliteQueryRequest, type SqliteQueryWorkerData } from './sqlite-query-messages.js'

const WORKER_MODULE = new URL('./sqlite-query-worker.ts', import.meta.url)
const startQueryWorker = (workerData: SqliteQueryWorkerData) => startWorker(WORKER_MODULE, { workerData })

// An export's rows cross between threads in batches: a small batch keeps little alive at once on either side, and a
// stopped export stops soon after.
const STREAM_BATCH = 500
/** How long a streaming worker told to stop may take to end by itself. */
const STOP_WAIT_MS = 1000

const bindable = (parameters: readonly unknown[]) => parameters.map((value) => (typeof value === 'boolean' ? (value ? 1 : 0) : value))

function timedOut(limitMs: number): AppError {
  const limit = limitMs >= 1000 ? `${Math.round(limitMs / 100) / 10} s` : `${Math.round(limitMs)} ms`
  return new AppError('unprocessable', `The report took longer than ${limit} and was stopped. Add a filter, or group by fewer fields.`, {
    code: 'report_timeout',
  })
}

/**
 * The database's own words stay in the log: they describe its tables, not what the person can change. A lost
 * connection is not the report's fault: it goes on as it is, and the error handler answers 503 (try again).
 */
function failed(error: unknown): Error {
  if (isConnectionLost(error)) return error as Error
  return new AppError(
    'unprocessable',
    'The report could not run on the database. Check its filters and calculations, or ask an administrator to look at the server log.',
    { code: 'report_failed', cause: error },
  )
}

/** One worker at a time per database file; a query that outlives its timeout takes the worker down with it. */
function createSqliteWorkerRunner(file: string) {
  let worker: Worker | null = null
  let queue: Promise<unknown> = Promise.resolve()
  /** Interactive queries waiting or running. */
  let pending = 0
  let sequence = 0

  /**
   * The interactive worker when nothing waits for it: an export takes it over (it ends after the export), and the
   * next query starts another. A person usually runs a report before exporting it, so the export needs no second
   * connection and thread beside an idle one.
   */
  function takeIdleWorker(): Worker | null {
    if (!worker || pending > 0) return null
    const idle = worker
    worker = null
    return idle
  }

  function start(): Worker {
    // A small page cache: reports read far more pages than any cache holds (the operating system's file cache keeps
    // them), so a large one would only fill up with pages a report over a large table does not read again.
    worker ??= startQueryWorker({ file, cacheKb: 2048 })
    worker.unref()
    return worker
  }

  function execute(query: CompiledQuery, timeoutMs: number): Promise<Array<Record<string, unknown>>> {
    const current = start()
    const id = (sequence += 1)
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        current.removeListener('message', onMessage)
        void current.terminate()
        if (worker === current) worker = null
        reject(timedOut(timeoutMs))
      }, timeoutMs)
      const onMessage = (message: SqliteQueryAnswer) => {
        if (message.id !== id) return
        clearTimeout(timer)
        current.removeListener('message', onMessage)
        if (message.error) reject(failed(new Error(message.error)))
        else resolve(message.rows ?? [])
      }
      current.on('message', onMessage)
      current.postMessage({ id, text: query.sql, parameters: bindable(query.parameters) } satisfies SqliteQueryRequest)
    })
  }

  /**
   * A long result in batches from a worker of its own (an export must not hold up the screens' queries: the idle
   * interactive one, or a new one), which is stopped when the reader stops or the time limit passes.
   */
  async function* stream(query: CompiledQuery, timeoutMs: number): AsyncGenerator<Array<Record<string, unknown>>> {
    const own = takeIdleWorker() ?? startQueryWorker({ file })
    const signal = new SharedArrayBuffer(4)
    const flag = new Int32Array(signal)
    const waiting: Array<Omit<SqliteQueryAnswer, 'id'>> = []
    let wake: (() => void) | null = null
    const push = (message: (typeof waiting)[number]) => {
      waiting.push(message)
      wake?.()
    }
    const exited = new Promise((resolve) => own.once('exit', resolve))
    own.on('message', push)
    own.on('error', (error) => push({ error: error.message }))
    const deadline = Date.now() + timeoutMs
    // An export reads its rows once, in order: a page cache would only hold pages that are not read again.
    const message: SqliteQueryRequest = {
      id: 0,
      text: query.sql,
      parameters: bindable(query.parameters),
      stream: true,
      signal,
      batchSize: STREAM_BATCH,
      cacheKb: 1024,
    }
    own.postMessage(message)
    try {
      for (;;) {
        while (waiting.length === 0) {
          const left = deadline - Date.now()
          if (left <= 0) throw timedOut(timeoutMs)
          await new Promise<void>((resolve) => {
            const timer = setTimeout(resolve, left)
            wake = () => {
              clearTimeout(timer)
              resolve()
            }
          })
          wake = null
        }
        const message = waiting.shift()!
        if (message.error) throw failed(new Error(message.error))
        yield message.rows ?? []
        if (message.done) return
        Atomics.store(flag, 0, ASK_FOR_MORE)
        Atomics.notify(flag, 0)
      }
    } finally {
      Atomics.store(flag, 0, STOP)
      Atomics.notify(flag, 0)
      // It ends by itself once it sees the flag; one still inside a long step of the query is stopped.
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, STOP_WAIT_MS).unref())])
      await own.terminate()
    }
  }

  return {
    stream,
    run(query: CompiledQuery, timeoutMs: number) {
      pending += 1
      const result = queue.then(() => execute(query, timeoutMs)).finally(() => (pending -= 1))
      queue = result.catch(() => undefined)
      return result
    },
    async close() {
      await worker?.terminate()
      worker = null
    },
  }
}

/** A hand-over point between a producer and a reader, one value at a time. */
function channel<T>() {
  const items: T[] = []
  let waiting: ((value: T) => void) | null = null
  return {
    push(value: T) {
      if (waiting) {
        const resolve = waiting
        waiting = null
        resolve(value)
      } else {
        items.push(value)
      }
    },
    next: (): Promise<T> => (items.length > 0 ? Promise.resolve(items.shift()!) : new Promise<T>((resolve) => (waiting = resolve))),
  }
}

/**
 * PostgreSQL: a long result through a cursor in a transaction of its own, one FETCH per batch as the reader asks, each
 * under the time limit. Paging with OFFSET would read the skipped rows again for every page.
 */
async function* postgresStream(db: Db, query: CompiledQuery, timeoutMs: number): AsyncGenerator<Array<Record<string, unknown>>> {
  const wants = channel<boolean>()
  const batches = channel<{ rows?: Array<Record<string, unknown>>; done?: boolean; error?: unknown }>()
  const work = db.kysely
    .transaction()
    .execute(async (trx) => {
      await sql`set local statement_timeout = ${sql.lit(Math.max(1, Math.round(timeoutMs)))}`.execute(trx)
      await trx.executeQuery(CompiledQuery.raw(`declare report_export no scroll cursor for ${query.sql}`, [...query.parameters]))
      for (;;) {
        if (!(await wants.next())) return
        const { rows } = await trx.executeQuery<Record<string, unknown>>(CompiledQuery.raw(`fetch ${STREAM_BATCH} from report_export`, []))
        batches.push({ rows, done: rows.length < STREAM_BATCH })
        if (rows.length < STREAM_BATCH) return
      }
    })
    .catch((error: unknown) => batches.push({ error }))
  try {
    for (;;) {
      wants.push(true)
      const batch = await batches.next()
      if (batch.error !== undefined) throw (batch.error as { code?: string }).code === '57014' ? timedOut(timeoutMs) : failed(batch.error)
      yield batch.rows ?? []
      if (batch.done) return
    }
  } finally {
    // The reader stopped (or finished): the transaction ends and the cursor with it.
    wants.push(false)
    await work
  }
}

/**
 * Report queries with a time limit (REPORT_QUERY_TIMEOUT_SECONDS, longer for exports): PostgreSQL's statement_timeout
 * in the query's own transaction; on an SQLite file, a worker thread that is stopped when time is up. An in-memory
 * SQLite database (tests) cannot be shared with a worker and runs its queries directly, without a limit.
 */
export function createReportQueryRunner(db: Db, file: string | null, timeouts: { interactiveMs: number; exportMs: number }) {
  const sqliteWorker = db.dialect === 'sqlite' && file && file !== ':memory:' ? createSqliteWorkerRunner(file) : null
  return {
    runner(kind: 'interactive' | 'export'): QueryRunner {
      const timeoutMs = kind === 'export' ? timeouts.exportMs : timeouts.interactiveMs
      const run: QueryRunner = Object.assign(
        async (query: CompiledQuery) => {
          if (sqliteWorker) return sqliteWorker.run(query, timeoutMs)
          try {
            if (db.dialect === 'postgres') {
              return await db.kysely.transaction().execute(async (trx) => {
                await sql`set local statement_timeout = ${sql.lit(Math.max(1, Math.round(timeoutMs)))}`.execute(trx)
                return (await trx.executeQuery<Record<string, unknown>>(query)).rows
              })
            }
            const compiled = { ...query, parameters: bindable(query.parameters) }
            return (await db.kysely.executeQuery<Record<string, unknown>>(compiled)).rows
          } catch (error) {
            if ((error as { code?: string }).code === '57014') throw timedOut(timeoutMs)
            throw failed(error)
          }
        },
        { timeoutMs },
      )
      if (sqliteWorker) run.stream = (query) => sqliteWorker.stream(query, timeoutMs)
      else if (db.dialect === 'postgres') run.stream = (query) => postgresStream(db, query, timeoutMs)
      return run
    },
    close: async () => sqliteWorker?.close(),
  }
}
