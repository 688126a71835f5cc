import type { RateLimiter, RateRule } from '../../db/rate-limiter.js'
import { hmac, safeEqual } from '../../lib/crypto.js'

/** Wrong tokens a network address may send before /metrics refuses it for a while. */
export const WRONG_TOKEN_LIMITS: RateRule[] = [
  { limit: 10, windowSeconds: 60 },
  { limit: 60, windowSeconds: 60 * 60 },
]

export type ScrapeDecision =
  { allowed: true } | { allowed: false; status: 401 } | { allowed: false; status: 429; retryAfterSeconds: number }

/**
 * Who may read /metrics: a caller with `Authorization: Bearer <METRICS_TOKEN>`. The token is compared as keyed
 * hashes of equal length in constant time, and wrong ones are counted per network address in the shared limits
 * table (a keyed hash of the address, never the address), so guessing is slow on every instance at once.
 */
export function createMetricsAccess(deps: { token: string; secret: string; limiter: RateLimiter; onLimitHit(): void }) {
  const expected = hmac(deps.secret, 'metrics-token', deps.token)
  return {
    async check(authorization: string | undefined, ip: string): Promise<ScrapeDecision> {
      const key = `metrics-ip:${hmac(deps.secret, 'metrics-ip', ip)}`
      // Taken before the token is looked at, given back when it is right: simultaneous guesses cannot pass the limit.
      const taken = await deps.limiter.take(key, WRONG_TOKEN_LIMITS)
      if (!taken.allowed) {
        deps.onLimitHit()
        return { allowed: false, status: 429, retryAfterSeconds: taken.retryAfterSeconds }
      }
      const offered = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1] ?? ''
      if (!safeEqual(hmac(deps.secret, 'metrics-token', offered), expected)) return { allowed: false, status: 401 }
      await deps.limiter.giveBack(taken.ticket)
      return { allowed: true }
    },
  }
}
export type MetricsAccess = ReturnType<typeof createMetricsAccess>
