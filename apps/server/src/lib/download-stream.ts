import { Readable } from 'node:stream'

/** How long a download may keep the event loop before it lets other calls in. */
export const TURN_MS = 10

const stepAside = () => new Promise<void>((resolve) => setImmediate(resolve))

/**
 * The items of a download's source, stepping aside for the event loop's other work after each TURN_MS of continuous
 * work. This is for fairness, not memory: SQLite answers synchronously and a fast client drains the socket as fast as
 * it is written, so a download's generator would otherwise run on promises alone, and a long export would keep every
 * other call (and every timer) of the process waiting until it ended.
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
 * A download's body: the source's pieces, in turns with the process's other work (see takingTurns), made only as fast
 * as the client reads them, with Node's own buffering and backpressure. When the client leaves, the stream is
 * destroyed and the source's generator is returned, so a cursor behind it gives its connection back.
 */
export function downloadStream<T>(items: AsyncIterable<T> | Iterable<T>): Readable {
  return Readable.from(takingTurns(items))
}
