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
 * A download's body: the source's pieces, in turns with the process's other work (see takingTurns). A long download
 * is followed by a collection of the server's heap (heap-collection.ts), whether it ended or the client left.
 */
export function downloadStream<T>(items: AsyncIterable<T> | Iterable<T>): Readable {
  const started = performance.now()
  const body = Readable.from(takingTurns(items))
  body.once('close', () => void collectAfterLongWork(started))
  return body
}
