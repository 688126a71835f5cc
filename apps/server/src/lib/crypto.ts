import { createCipheriv, createDecipheriv, createHash, createHmac, randomBytes, randomInt, timingSafeEqual } from 'node:crypto'

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

function keyFor(secret: string, purpose: string): Buffer {
  return createHash('sha256').update(`${purpose}\u0000${secret}`).digest()
}

/** AES-256-GCM under a key derived from the server secret: for data that must be stored but not readable in a dump. */
export function encrypt(secret: string, purpose: string, plaintext: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', keyFor(secret, purpose), iv)
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()])
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.')
}

/** The plaintext of `encrypt`; throws when the data was changed or another secret is in use. */
export function decrypt(secret: string, purpose: string, sealed: string): string {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'))
  if (!iv || !tag || !body) throw new Error('Malformed encrypted value')
  const decipher = createDecipheriv('aes-256-gcm', keyFor(secret, purpose), iv)
  decipher.setAuthTag(tag)
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8')
}
