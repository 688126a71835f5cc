/** What the server's thread and a report query thread (sqlite-query-worker.ts) say to each other. */

export interface SqliteQueryWorkerData {
  file: string
  /** The connection's page cache, in kibibytes; SQLite's own default when absent. */
  cacheKb?: number
}

/** From the server's thread: one query. `stream` asks for its rows in batches, paced by `signal`. */
export interface SqliteQueryRequest {
  id: number
  text: string
  parameters: unknown[]
  stream?: boolean
  /** One Int32: READING while the server reads a batch, then ASK_FOR_MORE or STOP. */
  signal?: SharedArrayBuffer
  batchSize?: number
  cacheKb?: number
}

/** To the server's thread: the rows (all, or one batch), or what went wrong. */
export interface SqliteQueryAnswer {
  id: number
  rows?: Array<Record<string, unknown>>
  done?: boolean
  error?: string
}

export const READING = 0
export const ASK_FOR_MORE = 1
export const STOP = 2
