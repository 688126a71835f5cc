import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'

/** Work shorter than this leaves too little room behind to be worth a collection of its own. */
export const LONG_WORK_MS = 1000

type Collect = (options: { type: 'major'; execution: 'async' }) => Promise<void>

let collect: Collect | null = null
let running: Promise<void> | null = null

/**
 * After long work in the server's thread (a download of many rows, the rows handed to an export thread), starts one
 * full collection of the server's own heap. During such work V8 grows the heap to keep up with the rows and keeps that
 * room until a collection it has no reason to run soon (its memory reducer waits for the process to be idle). A 1M-row
 * report CSV right after an XLSX and a PDF peaked at 155-163 MB, against 153-156 with this collection (decision 032).
 * It is incremental: the call returns at once, the marking runs beside the event loop, and the pauses are those of an
 * ordinary collection. One at a time: work that ends while one runs is covered by it.
 *
 * Answers the running collection (so a caller can wait for it), or null when there was nothing to do.
 */
export function collectAfterLongWork(startedAt: number, now = performance.now()): Promise<void> | null {
  if (now - startedAt < LONG_WORK_MS || running) return null
  // Exposing gc is a process-wide V8 flag; it only adds a `gc` function to contexts made from now on.
  if (!collect) {
    setFlagsFromString('--expose-gc')
    collect = runInNewContext('gc') as Collect
  }
  running = collect({ type: 'major', execution: 'async' }).finally(() => (running = null))
  return running
}
