import { SignJWT, decodeJwt, decodeProtectedHeader, errors, jwtVerify } from 'jose'
import { randomToken } from '../../lib/crypto.js'
import type { SettingsRepository } from '../../db/settings.repository.js'

export interface SessionClaims {
  userId: number
  sessionId: string
  issuedAt: Date
  expiresAt: Date
}

const ALGORITHM = 'HS256'
const AUTH_SECRET_KEY = 'auth_secret'

/** AUTH_SECRET when configured; otherwise one generated at the first start and kept, so a restart signs nobody out. */
export async function resolveAuthSecret(configured: string | null, settings: SettingsRepository): Promise<string> {
  if (configured) return configured
  await settings.putIfAbsent(AUTH_SECRET_KEY, randomToken(48))
  const stored = await settings.get(AUTH_SECRET_KEY)
  if (!stored) throw new Error('The generated authentication secret could not be stored')
  return stored
}

/** Signs and checks the session JWT (sub, sid, iat, exp). Only HS256 with our key is ever accepted. */
export function createSessionTokens(secret: string) {
  const key = new TextEncoder().encode(secret)
  // Checking a signature is pure computation on the token's text, so a verified token's claims are remembered
  // (expiry is still checked on every use; the session row is still read on every call).
  const verified = new Map<string, SessionClaims>()
  const VERIFIED_CACHE_SIZE = 10_000
  return {
    sign: (claims: SessionClaims) =>
      new SignJWT({ sid: claims.sessionId })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(String(claims.userId))
        .setIssuedAt(Math.floor(claims.issuedAt.getTime() / 1000))
        .setExpirationTime(Math.floor(claims.expiresAt.getTime() / 1000))
        .sign(key),

    /** The claims of a valid token, or a short reason why it is not. */
    async verify(token: string, now: Date): Promise<{ ok: true; claims: SessionClaims } | { ok: false; reason: 'expired' | 'invalid' }> {
      const known = verified.get(token)
      if (known) return known.expiresAt > now ? { ok: true, claims: known } : { ok: false, reason: 'expired' }
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: [ALGORITHM],
          currentDate: now,
          requiredClaims: ['sub', 'sid', 'iat', 'exp'],
        })
        const userId = Number(payload.sub)
        if (!Number.isInteger(userId) || typeof payload.sid !== 'string') return { ok: false, reason: 'invalid' }
        const claims = { userId, sessionId: payload.sid, issuedAt: new Date(payload.iat! * 1000), expiresAt: new Date(payload.exp! * 1000) }
        if (verified.size >= VERIFIED_CACHE_SIZE) verified.clear()
        verified.set(token, claims)
        return { ok: true, claims }
      } catch (error) {
        return { ok: false, reason: error instanceof errors.JWTExpired ? 'expired' : 'invalid' }
      }
    },
  }
}
export type SessionTokens = ReturnType<typeof createSessionTokens>

/** Reads a token's header and claims without trusting them (for the debug screen). */
export function decodeUntrusted(token: string): { header: Record<string, unknown>; claims: Record<string, unknown> } | null {
  try {
    return { header: { ...decodeProtectedHeader(token) }, claims: { ...decodeJwt(token) } }
  } catch {
    return null
  }
}
