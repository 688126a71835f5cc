import { constants, PerformanceObserver, type NodeGCPerformanceDetail, type PerformanceEntry } from 'node:perf_hooks'
import { afterEach, describe, expect, it } from 'vitest'
import { LONG_WORK_MS, collectAfterLongWork } from './heap-collection.js'

/** Counts the full (mark-compact) collections of this thread's heap while it is on. */
function watchFullCollections() {
  let count = 0
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const detail = (entry as PerformanceEntry & { detail?: NodeGCPerformanceDetail }).detail
      if (detail?.kind === constants.NODE_PERFORMANCE_GC_MAJOR) count += 1
    }
  })
  observer.observe({ entryTypes: ['gc'] })
  return {
    /** Waits for the observer's entries to arrive, then stops watching. */
    async stop(): Promise<number> {
      await new Promise((resolve) => setTimeout(resolve, 100))
      observer.disconnect()
      return count
    },
  }
}

describe('collectAfterLongWork', () => {
  let watching: ReturnType<typeof watchFullCollections> | null = null
  afterEach(async () => void (await watching?.stop()))

  // Whole milliseconds: performance.now() plus a second, less itself, can come out a hair under the second.
  it('starts nothing after short work', () => {
    expect(collectAfterLongWork(0, LONG_WORK_MS - 1)).toBeNull()
  })

  it('after long work, runs one full collection of the heap, and only one at a time', async () => {
    watching = watchFullCollections()
    const running = collectAfterLongWork(0, LONG_WORK_MS)
    expect(running).not.toBeNull()
    // Work that ends while it runs is covered by it.
    expect(collectAfterLongWork(0, LONG_WORK_MS)).toBeNull()
    await running
    expect(await watching.stop()).toBeGreaterThanOrEqual(1)
    watching = null
    // Once it is over, the next long work gets one of its own.
    const again = collectAfterLongWork(0, LONG_WORK_MS)
    expect(again).not.toBeNull()
    await again
  })
})
