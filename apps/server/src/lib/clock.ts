/** Where the time comes from, so that expiry can be tested. */
export interface Clock {
  now(): Date
}

export const systemClock: Clock = { now: () => new Date() }

/** A clock that only moves when told to: for tests. */
export function createManualClock(start = new Date('2026-01-15T09:00:00.000Z')) {
  let current = start.getTime()
  return {
    now: () => new Date(current),
    advance(ms: number) {
      current += ms
    },
    set(date: Date) {
      current = date.getTime()
    },
  }
}
export type ManualClock = ReturnType<typeof createManualClock>

export const MINUTE_MS = 60_000
export const HOUR_MS = 60 * MINUTE_MS
export const DAY_MS = 24 * HOUR_MS
