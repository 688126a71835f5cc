import { Readable } from 'node:stream'
import { collectAfterLongWork } from './heap-collection.js'

/** How long a download may keep the event loop before it lets other calls in. */
export const TURN_MS = 10

const stepAside = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * The items of a download's source, stepping aside for the event loop's other work after each TURN_MS of continuous
 * work. SQLite answers synchronously and a fast client drains the socket as fast as it is written, so a download's
 * generator would otherwise run on promises alone: a million-row export kept every other call (and every timer) of
 * the process waiting for its ten seconds.
 */
export async function* takingTurns<T>(items: AsyncIterable<T> | Iterable<T>, turnMs = TURN_MS): AsyncGenerator<T> {
  let since = performance.now()
  for await (const item of items) {
    yield item
    if (performance.now() - since >= turnMs) {
      await stepAside()
      since = performance.now()
    }
  }
}

/**
 * How many pieces a download makes ahead of its client. Readable.from's default, 16, kept a megabyte of 64 KB pieces
 * waiting for the socket, long enough for V8 to move them to the old generation: a 1M-project DSA export then took
 * 10.9-11.2 s of the server's CPU, against 6.9-7.3 s one piece ahead, and 30% longer (bench/RESULTS.md, 2026-11-28).
 */
const PIECES_AHEAD = 1

/**
 * A download's body: the source's pieces, in turns with the process's other work (see takingTurns). A long download
 * is followed by a collection of the server's heap (heap-collection.ts), whether it ended or the client left.
 */
export function downloadStream<T>(items: AsyncIterable<T> | Iterable<T>): Readable {
  const started = performance.now()
  const body = Readable.from(takingTurns(items), { highWaterMark: PIECES_AHEAD })
  body.once('close', () => void collectAfterLongWork(started))
  return body
}
