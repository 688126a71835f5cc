import { sql } from 'kysely'
import type { Db } from './database.js'
import type { Clock } from '../lib/clock.js'

export interface RateRule {
  limit: number
  windowSeconds: number
}

export interface RateDecision {
  allowed: boolean
  retryAfterSeconds: number
}

/** What one allowed hit took, so that it can be given back. */
export interface RateTicket {
  buckets: Array<{ key: string; windowStart: number }>
}

/** A decision that, when allowed, carries what it took. */
export type RateTake = { allowed: true; retryAfterSeconds: 0; ticket: RateTicket } | { allowed: false; retryAfterSeconds: number }

/** Refusal inside the counting transaction, so that the rules already counted are rolled back. */
class Refused extends Error {}

/**
 * Fixed-window counters kept in the database, so every instance behind a load balancer counts together
 * and a restart forgets nothing. A hit is counted before anything it guards is done, and only when every rule has
 * room: each row is raised by one conditional upsert (`hits + 1 ... WHERE hits < limit`), all rules in one
 * transaction. Any number of callers on any number of instances therefore get at most `limit` hits through, and a
 * counter never passes its limit.
 */
export function createRateLimiter(db: Db, clock: Clock) {
  const bucketOf = (key: string, rule: RateRule, nowMs: number) => {
    const windowMs = rule.windowSeconds * 1000
    const windowStart = Math.floor(nowMs / windowMs) * windowMs
    return { key: `${key}/${rule.windowSeconds}`, windowStart, expiresAt: windowStart + windowMs }
  }

  /** Whether one more hit would be refused, without counting one. */
  async function peek(key: string, rules: readonly RateRule[]): Promise<RateDecision> {
    const nowMs = clock.now().getTime()
    let retryAfterSeconds = 0
    for (const rule of rules) {
      const bucket = bucketOf(key, rule, nowMs)
      const row = await db.kysely
        .selectFrom('rate_limits')
        .select('hits')
        .where('bucket_key', '=', bucket.key)
        .where('window_start', '=', bucket.windowStart)
        .executeTakeFirst()
      if (row && Number(row.hits) >= rule.limit) {
        retryAfterSeconds = Math.max(retryAfterSeconds, Math.ceil((bucket.expiresAt - nowMs) / 1000))
      }
    }
    return { allowed: retryAfterSeconds === 0, retryAfterSeconds }
  }

  /** Counts one hit under every rule when all have room; otherwise counts nothing and says how long to wait. */
  async function take(key: string, rules: readonly RateRule[]): Promise<RateTake> {
    const nowMs = clock.now().getTime()
    try {
      const ticket = await db.kysely.transaction().execute(async (trx) => {
        const taken: RateTicket = { buckets: [] }
        for (const rule of rules) {
          const bucket = bucketOf(key, rule, nowMs)
          const row = await trx
            .insertInto('rate_limits')
            .values({ bucket_key: bucket.key, window_start: bucket.windowStart, hits: 1, expires_at: bucket.expiresAt })
            .onConflict((oc) =>
              oc
                .columns(['bucket_key', 'window_start'])
                .doUpdateSet({ hits: sql`rate_limits.hits + 1` })
                .where(sql<boolean>`rate_limits.hits < ${rule.limit}`),
            )
            .returning('hits')
            .executeTakeFirst()
          if (!row) throw new Refused()
          taken.buckets.push({ key: bucket.key, windowStart: bucket.windowStart })
        }
        return taken
      })
      return { allowed: true, retryAfterSeconds: 0, ticket }
    } catch (error) {
      if (!(error instanceof Refused)) throw error
    }
    const decision = await peek(key, rules)
    // Room came back between the refusal and the look (a hit was given back): the caller may try again at once.
    return { allowed: false, retryAfterSeconds: decision.allowed ? 1 : decision.retryAfterSeconds }
  }

  return {
    peek,
    take,

    /** Counts one hit under each rule; refused (and nothing counted) when any rule has no room left. */
    async hit(key: string, rules: readonly RateRule[]): Promise<RateDecision> {
      const { allowed, retryAfterSeconds } = await take(key, rules)
      return { allowed, retryAfterSeconds }
    },

    /** Gives back what a ticket took (the hit turned out not to be one that counts, e.g. a right code). */
    async giveBack(ticket: RateTicket): Promise<void> {
      for (const bucket of ticket.buckets) {
        await db.kysely
          .updateTable('rate_limits')
          .set({ hits: sql`hits - 1` })
          .where('bucket_key', '=', bucket.key)
          .where('window_start', '=', bucket.windowStart)
          .where('hits', '>', 0)
          .execute()
      }
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

/** The most calls one instance reserves for a caller at a time: 50, or a twentieth of a larger limit. */
const MAX_BLOCK = 50
const MAX_BLOCK_SHARE = 20
/** An instance reserves at most this share of what is left of a caller's window, so blocks shrink near the limit. */
const BLOCK_SHARE = 4

/**
 * The per-caller request limit on /api, shared by every instance without a database write per call. Each instance
 * reserves a caller's calls from the shared `rate_limits` counter in blocks (one conditional write per block) and
 * spends them in memory. The counter never passes the limit, so all instances together admit at most `limit` calls
 * in a window, however the calls are spread. A block is at most a quarter of what is left (and at most 50 or a twentieth of the limit), so what
 * an instance holds unused, and what a stopped instance takes with it, shrinks to single calls near the limit.
 * (The sign-in limits count every hit in the database.) See docs/decisions/013.
 */
export function createRequestLimiter(db: Db, clock: Clock, rule: RateRule) {
  const windowMs = rule.windowSeconds * 1000
  interface Allowance {
    windowStart: number
    left: number
    /** The shared counter is at the limit: refuse without asking again until the window ends. */
    exhausted: boolean
    reserving: Promise<void> | null
  }
  const allowances = new Map<string, Allowance>()
  let newestWindow = 0
  const bucketKey = (key: string) => `${key}/${rule.windowSeconds}`
  const maxBlock = Math.max(MAX_BLOCK, Math.floor(rule.limit / MAX_BLOCK_SHARE))
  const blockFor = (room: number) => (room <= 0 ? 0 : Math.min(maxBlock, Math.max(1, Math.floor(room / BLOCK_SHARE))))

  /** Takes the next block from the shared counter; 0 when the caller has used the whole window. */
  async function reserve(key: string, windowStart: number): Promise<number> {
    const first = blockFor(rule.limit)
    const inserted = await db.kysely
      .insertInto('rate_limits')
      .values({ bucket_key: bucketKey(key), window_start: windowStart, hits: first, expires_at: windowStart + windowMs })
      .onConflict((oc) => oc.columns(['bucket_key', 'window_start']).doNothing())
      .returning('hits')
      .executeTakeFirst()
    if (inserted) return first
    // Each step is one statement and the write is conditional, so instances racing for the same caller never take
    // the same calls, without holding a lock between statements; a lost race looks again at a smaller room.
    for (;;) {
      const row = await db.kysely
        .selectFrom('rate_limits')
        .select('hits')
        .where('bucket_key', '=', bucketKey(key))
        .where('window_start', '=', windowStart)
        .executeTakeFirstOrThrow()
      const granted = blockFor(rule.limit - Number(row.hits))
      if (granted === 0) return 0
      const taken = await db.kysely
        .updateTable('rate_limits')
        .set({ hits: sql`hits + ${granted}` })
        .where('bucket_key', '=', bucketKey(key))
        .where('window_start', '=', windowStart)
        .where(sql<boolean>`hits + ${granted} <= ${rule.limit}`)
        .executeTakeFirst()
      if (Number(taken.numUpdatedRows) === 1) return granted
    }
  }

  function forget(olderThan: number) {
    for (const [key, allowance] of allowances) if (allowance.windowStart < olderThan) allowances.delete(key)
  }

  return {
    /** Counts one call; refused when the caller has used the window. A database round trip once per block only. */
    async hit(key: string): Promise<RateDecision> {
      const nowMs = clock.now().getTime()
      const windowStart = Math.floor(nowMs / windowMs) * windowMs
      if (windowStart > newestWindow) {
        newestWindow = windowStart
        forget(windowStart)
      }
      let allowance = allowances.get(key)
      if (!allowance || allowance.windowStart !== windowStart) {
        allowance = { windowStart, left: 0, exhausted: false, reserving: null }
        allowances.set(key, allowance)
      }
      for (;;) {
        if (allowance.left > 0) {
          allowance.left -= 1
          return { allowed: true, retryAfterSeconds: 0 }
        }
        if (allowance.exhausted)
          return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((windowStart + windowMs - nowMs) / 1000)) }
        const current = allowance
        // Calls arriving while a block is being reserved wait for that one reservation.
        current.reserving ??= reserve(key, windowStart)
          .then((granted) => {
            if (granted === 0) current.exhausted = true
            else current.left += granted
          })
          .finally(() => {
            current.reserving = null
          })
        await current.reserving
      }
    },
    /** Gives the unused calls of the current window back to the shared counters (at shutdown). */
    async close(): Promise<void> {
      const current = Math.floor(clock.now().getTime() / windowMs) * windowMs
      const unused = [...allowances].filter(([, allowance]) => allowance.windowStart === current && allowance.left > 0)
      allowances.clear()
      try {
        for (const [key, allowance] of unused) {
          await db.kysely
            .updateTable('rate_limits')
            .set({ hits: sql`hits - ${allowance.left}` })
            .where('bucket_key', '=', bucketKey(key))
            .where('window_start', '=', current)
            .where('hits', '>=', allowance.left)
            .execute()
        }
      } catch {
        // Best effort: a database that is gone at shutdown only costs those callers the rest of this minute's block.
      }
    },
  }
}
export type RequestLimiter = ReturnType<typeof createRequestLimiter>
