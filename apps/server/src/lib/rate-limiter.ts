import { sql } from 'kysely'
import type { Db } from '../db/database.js'
import type { Clock } from './clock.js'

export interface RateRule {
  limit: number
  windowSeconds: number
}

export interface RateDecision {
  allowed: boolean
  retryAfterSeconds: number
}

/**
 * Fixed-window counters kept in the database, so every instance behind a load balancer counts together
 * and a restart forgets nothing.
 */
export function createRateLimiter(db: Db, clock: Clock) {
  async function hitOne(key: string, rule: RateRule, nowMs: number) {
    const windowMs = rule.windowSeconds * 1000
    const windowStart = Math.floor(nowMs / windowMs) * windowMs
    const row = await db.kysely
      .insertInto('rate_limits')
      .values({ bucket_key: key, window_start: windowStart, hits: 1, expires_at: windowStart + windowMs })
      .onConflict((oc) => oc.columns(['bucket_key', 'window_start']).doUpdateSet({ hits: sql`rate_limits.hits + 1` }))
      .returning('hits')
      .executeTakeFirstOrThrow()
    const over = Number(row.hits) > rule.limit
    return { over, retryAfterSeconds: over ? Math.ceil((windowStart + windowMs - nowMs) / 1000) : 0 }
  }

  return {
    /** Counts one hit under each rule; refused when any rule is over its limit. */
    async hit(key: string, rules: readonly RateRule[]): Promise<RateDecision> {
      const nowMs = clock.now().getTime()
      let retryAfterSeconds = 0
      for (const rule of rules) {
        const result = await hitOne(`${key}/${rule.windowSeconds}`, rule, nowMs)
        if (result.over) retryAfterSeconds = Math.max(retryAfterSeconds, result.retryAfterSeconds)
      }
      return { allowed: retryAfterSeconds === 0, retryAfterSeconds }
    },

    /** Whether one more hit would be refused, without counting one. */
    async peek(key: string, rules: readonly RateRule[]): Promise<RateDecision> {
      const nowMs = clock.now().getTime()
      let retryAfterSeconds = 0
      for (const rule of rules) {
        const windowMs = rule.windowSeconds * 1000
        const windowStart = Math.floor(nowMs / windowMs) * windowMs
        const row = await db.kysely
          .selectFrom('rate_limits')
          .select('hits')
          .where('bucket_key', '=', `${key}/${rule.windowSeconds}`)
          .where('window_start', '=', windowStart)
          .executeTakeFirst()
        if (row && Number(row.hits) >= rule.limit) {
          retryAfterSeconds = Math.max(retryAfterSeconds, Math.ceil((windowStart + windowMs - nowMs) / 1000))
        }
      }
      return { allowed: retryAfterSeconds === 0, retryAfterSeconds }
    },

    /** Drops finished windows; called now and then so the table stays small. */
    async purgeExpired(): Promise<void> {
      await db.kysely.deleteFrom('rate_limits').where('expires_at', '<', clock.now().getTime()).execute()
    },
  }
}
export type RateLimiter = ReturnType<typeof createRateLimiter>

/** "2 minutes", "1 hour": how long a person must wait, in words. */
export function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`
  const minutes = Math.ceil(seconds / 60)
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'}`
  const hours = Math.ceil(minutes / 60)
  return `${hours} hour${hours === 1 ? '' : 's'}`
}

/**
 * The per-caller request limit on every route. Writing each call to the database would double the cost of the
 * cheapest calls, so each instance adds its calls up in memory and writes the sums to the shared counters every
 * `flushMs`; a caller's count is the shared total last read plus what this instance has not written yet. Instances
 * agree within one flush. (The sign-in limits, which must be exact, count every hit in the database.)
 */
export function createBatchedRateLimiter(db: Db, clock: Clock, rule: RateRule, flushMs = 1000) {
  const windowMs = rule.windowSeconds * 1000
  const pending = new Map<string, { key: string; windowStart: number; hits: number }>()
  const shared = new Map<string, { windowStart: number; hits: number }>()

  async function flush(): Promise<void> {
    const batch = [...pending.values()]
    pending.clear()
    for (const { key, windowStart, hits } of batch) {
      const row = await db.kysely
        .insertInto('rate_limits')
        .values({ bucket_key: `${key}/${rule.windowSeconds}`, window_start: windowStart, hits, expires_at: windowStart + windowMs })
        .onConflict((oc) => oc.columns(['bucket_key', 'window_start']).doUpdateSet({ hits: sql`rate_limits.hits + ${hits}` }))
        .returning('hits')
        .executeTakeFirstOrThrow()
      shared.set(key, { windowStart, hits: Number(row.hits) })
    }
    const current = Math.floor(clock.now().getTime() / windowMs) * windowMs
    for (const [key, entry] of shared) if (entry.windowStart < current) shared.delete(key)
  }

  let flushing: Promise<void> = Promise.resolve()
  const timer = setInterval(() => {
    flushing = flushing.then(flush).catch(() => undefined)
  }, flushMs)
  timer.unref()

  return {
    /** Counts one call; refused when the caller is over the limit. Synchronous: no database round trip. */
    hit(key: string): RateDecision {
      const nowMs = clock.now().getTime()
      const windowStart = Math.floor(nowMs / windowMs) * windowMs
      const slot = `${key}|${windowStart}`
      const entry = pending.get(slot) ?? { key, windowStart, hits: 0 }
      entry.hits += 1
      pending.set(slot, entry)
      const known = shared.get(key)
      const total = (known?.windowStart === windowStart ? known.hits : 0) + entry.hits
      if (total <= rule.limit) return { allowed: true, retryAfterSeconds: 0 }
      return { allowed: false, retryAfterSeconds: Math.ceil((windowStart + windowMs - nowMs) / 1000) }
    },
    /** Writes what is pending and stops the timer (at shutdown). */
    async close(): Promise<void> {
      clearInterval(timer)
      await flushing
      await flush()
    },
  }
}
export type BatchedRateLimiter = ReturnType<typeof createBatchedRateLimiter>
