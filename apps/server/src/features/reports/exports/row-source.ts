import type { ResultRow } from '@platform/contracts/reports'

/** Rows as the report runner hands them over: an array, a generator, or a database cursor read in batches. */
export type RowSource = Iterable<ResultRow> | AsyncIterable<ResultRow>

export interface RowReader {
  /** The first rows, read before anything is written: enough to size columns and learn the group depth. */
  head: ResultRow[]
  /** Every row, the head included, in order. */
  rows: AsyncIterable<ResultRow>
  /** Closes the source early (a cursor releases its connection); safe to call after it is exhausted. */
  close(): Promise<void>
}

function iteratorOf(source: RowSource): Iterator<ResultRow> | AsyncIterator<ResultRow> {
  return Symbol.asyncIterator in source ? source[Symbol.asyncIterator]() : source[Symbol.iterator]()
}

/** Reads up to `count` rows ahead, then replays them followed by the rest of the source. */
export async function readAhead(source: RowSource, count: number): Promise<RowReader> {
  const iterator = iteratorOf(source)
  const head: ResultRow[] = []
  let done = false
  while (head.length < count) {
    const next = await iterator.next()
    if (next.done) {
      done = true
      break
    }
    head.push(next.value)
  }
  let closed = false
  const close = async () => {
    if (closed || done) return
    closed = true
    await iterator.return?.()
  }
  async function* rows(): AsyncGenerator<ResultRow> {
    yield* head
    while (!done && !closed) {
      const next = await iterator.next()
      if (next.done) {
        done = true
        return
      }
      yield next.value
    }
  }
  return { head, rows: rows(), close }
}
