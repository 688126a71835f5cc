import { once } from 'node:events'
import { PassThrough, Writable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import { describe, expect, it } from 'vitest'
import { TURN_MS, downloadStream, takingTurns } from './download-stream.js'

/** Keeps the thread busy, as a synchronous database read does. */
function busyFor(ms: number) {
  const until = performance.now() + ms
  while (performance.now() < until) {
    // spinning
  }
}

async function* busySource(items: number, msEach: number) {
  for (let i = 0; i < items; i++) {
    busyFor(msEach)
    yield i
  }
}

const PIECES = 10_000

/** A source that counts what it made and whether it was closed, as a database cursor would be. */
function countedPieces() {
  const state = { made: 0, closed: false }
  function* pieces() {
    try {
      for (let i = 0; i < PIECES; i++) {
        state.made += 1
        yield `piece ${i}\n`
      }
    } finally {
      state.closed = true
    }
  }
  return { state, pieces: pieces() }
}

describe('takingTurns', () => {
  it('lets timers (and so other calls) in between the pieces of a source that never waits', async () => {
    // Pieces of 2 ms of work each, counted between two firings of a timer: counted in pieces rather than timed, so a
    // busy host (which delays the timer as much as anything) does not change the answer.
    const PIECE_MS = 2
    const mostPiecesBetweenTimers = async (items: AsyncIterable<number>) => {
      let since = 0
      let most = 0
      const timer = setInterval(() => (since = 0), 1)
      try {
        let count = 0
        for await (const _ of items) {
          count += 1
          most = Math.max(most, (since += 1))
        }
        return { count, most }
      } finally {
        clearInterval(timer)
      }
    }
    const alone = await mostPiecesBetweenTimers(busySource(150, PIECE_MS))
    expect(alone).toEqual({ count: 150, most: 150 })
    const turns = await mostPiecesBetweenTimers(takingTurns(busySource(150, PIECE_MS)))
    expect(turns.count).toBe(150)
    // A turn is TURN_MS of pieces; the event loop reads the clock once an iteration, so a timer that came due during
    // one turn may fire only after the next.
    expect(turns.most).toBeLessThanOrEqual(2 * (TURN_MS / PIECE_MS + 1))
  })

  it('passes every item on in order, from a plain list too', async () => {
    const seen: string[] = []
    for await (const item of takingTurns(['a', 'b', 'c'])) seen.push(item)
    expect(seen).toEqual(['a', 'b', 'c'])
  })
})

describe('downloadStream', () => {
  it('makes pieces only as a client reads them: one that stops reading holds the source back', async () => {
    const { state, pieces } = countedPieces()
    const client = new PassThrough({ highWaterMark: 64 })
    const piping = pipeline(downloadStream(pieces), client)
    await new Promise((resolve) => setTimeout(resolve, 100))
    // Node's own buffers (the stream's and the client's) hold a few pieces, not the source.
    expect(state.made).toBeGreaterThan(0)
    expect(state.made).toBeLessThan(100)
    let received = 0
    client.on('data', (chunk: Buffer) => (received += chunk.toString().split('\n').length - 1))
    await piping
    expect(state.made).toBe(PIECES)
    expect(received).toBe(PIECES)
    expect(state.closed).toBe(true)
  })

  it('closes the source when the client leaves before the end', async () => {
    const { state, pieces } = countedPieces()
    const body = downloadStream(pieces)
    let taken = 0
    const client = new Writable({
      highWaterMark: 1,
      write(_chunk, _encoding, callback) {
        taken += 1
        if (taken === 5) callback(new Error('the client left'))
        else callback()
      },
    })
    await expect(pipeline(body, client)).rejects.toThrow('the client left')
    if (!body.closed) await once(body, 'close')
    await new Promise((resolve) => setImmediate(resolve))
    expect(state.closed).toBe(true)
    expect(state.made).toBeLessThan(100)
  })
})
