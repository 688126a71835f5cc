import { hmac, safeEqual } from '../../../lib/crypto.js'

const PURPOSE = 'report-subscription-unsubscribe'

/**
 * The secret of a recipient's unsubscribe link: the subscription and the person, and a keyed hash of both, so the link
 * works without signing in, for that person and that subscription only, and cannot be made up from another one.
 */
export function unsubscribeToken(secret: string, subscriptionId: number, userId: number): string {
  return `${subscriptionId}.${userId}.${hmac(secret, PURPOSE, String(subscriptionId), String(userId))}`
}

/** The subscription and person a token names, or null when the platform did not make it. */
export function readUnsubscribeToken(secret: string, token: string): { subscriptionId: number; userId: number } | null {
  const match = /^(\d{1,10})\.(\d{1,10})\.([A-Za-z0-9_-]{20,100})$/.exec(token)
  if (!match) return null
  const subscriptionId = Number(match[1])
  const userId = Number(match[2])
  return safeEqual(match[3]!, hmac(secret, PURPOSE, String(subscriptionId), String(userId))) ? { subscriptionId, userId } : null
}

/** The link in every subscription e-mail: the token travels in the fragment, which browsers never send to a server. */
export const unsubscribeUrl = (appUrl: string, token: string) => `${appUrl}/unsubscribe#${token}`
