import { createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'

/** 32 random bytes, base64url: the secret of an e-mailed link. */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url')
}

/** A uniformly random 6-digit code, zero-padded. */
export function randomCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0')
}

/** The keyed hash under which a secret is stored: a database copy alone cannot be used or brute-forced. */
export function hmac(secret: string, ...parts: string[]): string {
  const mac = createHmac('sha256', secret)
  for (const part of parts) mac.update(part).update('\u0000')
  return mac.digest('base64url')
}

/** Compares two strings in time that does not depend on where they differ. */
export function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}
