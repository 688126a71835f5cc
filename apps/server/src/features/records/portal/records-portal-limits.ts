import { type RateLimiter, type RateRule, type RateTicket, describeWait } from '../../../db/rate-limiter.js'
import { hmac } from '../../../lib/crypto.js'
import { AppError } from '../../../lib/errors.js'
import { normalizeEmail } from '../../../lib/email-address.js'

const minute = 60
const hour = 60 * minute
const day = 24 * hour

/**
 * The portal's limits. A school or a library shares one network address, so the address limits leave room for a few
 * people; the e-mail limits keep the portal from being used to fill someone's mailbox.
 */
export const PORTAL_LIMITS = {
  submitPerAddress: [
    { limit: 3, windowSeconds: 10 * minute },
    { limit: 10, windowSeconds: day },
  ],
  submitPerEmail: [{ limit: 5, windowSeconds: day }],
  trackPerAddress: [
    { limit: 60, windowSeconds: minute },
    { limit: 600, windowSeconds: hour },
  ],
  messagePerRequest: [
    { limit: 10, windowSeconds: hour },
    { limit: 30, windowSeconds: day },
  ],
  messagePerAddress: [{ limit: 20, windowSeconds: hour }],
  newLinkPerAddress: [
    { limit: 5, windowSeconds: 10 * minute },
    { limit: 20, windowSeconds: day },
  ],
  newLinkPerEmail: [
    { limit: 3, windowSeconds: hour },
    { limit: 10, windowSeconds: day },
  ],
} satisfies Record<string, RateRule[]>

const REFUSAL = {
  address: (wait: string) => `Too many requests came from your network in a short time. Please wait ${wait}, then try again.`,
  email: (wait: string) => `Too many requests came with this e-mail address today. Please wait ${wait}, then try again.`,
  request: (wait: string) => `Many messages were sent on this request in a short time. Please wait ${wait}, then write again.`,
}

/**
 * Counts the portal's calls without keeping who made them: the keys are keyed hashes of the network address and the
 * e-mail address (never the address itself), and nothing else about the caller is stored.
 */
export function createPortalLimits(limiter: RateLimiter, secret: string) {
  const keyOf = (what: string, value: string) => `portal-${what}:${hmac(secret, 'portal-limit', what, value)}`

  async function take(key: string, rules: readonly RateRule[], refusal: (wait: string) => string): Promise<RateTicket> {
    const taken = await limiter.take(key, rules)
    if (taken.allowed) return taken.ticket
    throw new AppError('rate_limited', refusal(describeWait(taken.retryAfterSeconds)), { retryAfterSeconds: taken.retryAfterSeconds })
  }

  /** Takes every limit or none: a refusal by a later one gives back what the earlier ones took. */
  async function all(steps: ReadonlyArray<readonly [key: string, rules: readonly RateRule[], refusal: (wait: string) => string]>) {
    const tickets: RateTicket[] = []
    try {
      for (const [key, rules, refusal] of steps) tickets.push(await take(key, rules, refusal))
    } catch (error) {
      for (const ticket of tickets) await limiter.giveBack(ticket)
      throw error
    }
  }

  const address = (ip: string) => keyOf('address', ip)
  const email = (value: string) => keyOf('email', normalizeEmail(value))

  return {
    submit: (ip: string, emailAddress: string | null) =>
      all([
        [`${address(ip)}:submit`, PORTAL_LIMITS.submitPerAddress, REFUSAL.address],
        ...(emailAddress ? [[`${email(emailAddress)}:submit`, PORTAL_LIMITS.submitPerEmail, REFUSAL.email] as const] : []),
      ]),
    track: (ip: string) => all([[`${address(ip)}:track`, PORTAL_LIMITS.trackPerAddress, REFUSAL.address]]),
    message: (ip: string, requestId: number) =>
      all([
        [`${address(ip)}:message`, PORTAL_LIMITS.messagePerAddress, REFUSAL.address],
        [`portal-request:${requestId}:message`, PORTAL_LIMITS.messagePerRequest, REFUSAL.request],
      ]),
    newLink: (ip: string, emailAddress: string) =>
      all([
        [`${address(ip)}:new-link`, PORTAL_LIMITS.newLinkPerAddress, REFUSAL.address],
        [`${email(emailAddress)}:new-link`, PORTAL_LIMITS.newLinkPerEmail, REFUSAL.email],
      ]),
  }
}
export type PortalLimits = ReturnType<typeof createPortalLimits>
