import { describe, expect, it } from 'vitest'
import { timerWhile } from '../../test/timer-gaps.js'
import { TURN_MS, takingTurns } from './turns.js'

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
