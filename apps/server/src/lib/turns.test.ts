import { once } from 'node:events'
import { describe, expect, it, vi } from 'vitest'
import { timerWhile } from '../../test/timer-gaps.js'
import { collectAfterLongWork } from './heap-collection.js'
import { TURN_MS, downloadStream, takingTurns } from './turns.js'

// Whether a collection is worth it is heap-collection.ts's own rule (heap-collection.test.ts); here, that it is asked.
vi.mock('./heap-collection.js', () => ({ collectAfterLongWork: vi.fn(() => null) }))

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

async function drain(items: AsyncIterable<unknown>) {
  let count = 0
  for await (const _ of items) count += 1
  return count
}

describe('takingTurns', () => {
  it('lets timers (and so other calls) in between the pieces of a source that never waits', async () => {
    // 300 ms of work in 2 ms pieces: alone it holds the event loop the whole time, taking turns a little over TURN_MS.
    const alone = await timerWhile(async () => void (await drain(busySource(150, 2))))
    expect(alone.fired).toBeLessThanOrEqual(1)
    expect(alone.longest).toBeGreaterThan(250)
    let count = 0
    const turns = await timerWhile(async () => void (count = await drain(takingTurns(busySource(150, 2)))))
    expect(count).toBe(150)
    expect(turns.fired).toBeGreaterThan(10)
    expect(turns.longest).toBeLessThan(TURN_MS + 60)
  })

  it('passes every item on in order, from a plain list too', async () => {
    const seen: string[] = []
    for await (const item of takingTurns(['a', 'b', 'c'])) seen.push(item)
    expect(seen).toEqual(['a', 'b', 'c'])
  })
})

describe('downloadStream', () => {
  it('makes one piece ahead of a client that is not reading, not a buffer of them', async () => {
    let made = 0
    function* pieces() {
      for (let i = 0; i < 100; i++) {
        made += 1
        yield `piece ${i}`
      }
    }
    const body = downloadStream(pieces())
    body.pause()
    body.read(0) // starts it, as a pipe to the socket does
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(made).toBeLessThanOrEqual(2)
    expect(await drain(body)).toBe(100)
  })

  it('asks for a collection of the heap once the download has closed, with the time it began', async () => {
    const begun = performance.now()
    const body = downloadStream(['a', 'b'])
    expect(collectAfterLongWork).not.toHaveBeenCalled()
    expect(await drain(body)).toBe(2)
    if (!body.closed) await once(body, 'close')
    expect(collectAfterLongWork).toHaveBeenCalledTimes(1)
    const [started] = vi.mocked(collectAfterLongWork).mock.calls[0]!
    expect(started).toBeGreaterThanOrEqual(begun)
    expect(started).toBeLessThanOrEqual(performance.now())
  })
})
