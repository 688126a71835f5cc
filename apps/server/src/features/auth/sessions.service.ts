import { type DebugTokenResponse, SESSION_STATES, type SessionUser } from '@platform/contracts/auth'
import type { Clock } from '../../lib/clock.js'
import { DAY_MS, HOUR_MS, MINUTE_MS } from '../../lib/clock.js'
import { randomToken } from '../../lib/crypto.js'
import { type AuthUser, authUserOf } from '../../plugins/access.js'
import type { ApplicationsService } from '../applications/applications.service.js'
import type { AuditService } from '../audit/audit.service.js'
import { type SessionTokens, decodeUntrusted } from './session-token.js'
import type { ChallengesRepository } from './challenges.repository.js'
import type { SessionCache } from './sessions.cache.js'
import type { SessionWithUser, SessionsRepository } from './sessions.repository.js'
import type { ClientInfo } from '../../lib/client-info.js'

export interface SessionPolicy {
  idleHours: number
  maxDays: number
}

export type { ClientInfo } from '../../lib/client-info.js'

export type AuthFailure = 'missing' | 'invalid' | 'expired' | 'revoked' | 'idle' | 'inactive'

const AUTH_FAILURE_TEXT: Record<AuthFailure, string> = {
  missing: 'Please sign in to continue.',
  invalid: 'Your session is not valid. Please sign in again.',
  expired: 'Your session has expired. Please sign in again.',
  revoked: 'You have been signed out. Please sign in again.',
  idle: 'Your session ended after a period of inactivity. Please sign in again.',
  inactive: 'Your account is not active. Contact your administrator.',
}
export const authFailureText = (failure: AuthFailure) => AUTH_FAILURE_TEXT[failure]

const SESSION_STATE_OF_FAILURE = {
  missing: 'not_found',
  invalid: 'not_found',
  expired: 'expired',
  revoked: 'revoked',
  idle: 'idle_expired',
  inactive: 'user_inactive',
} as const satisfies Record<AuthFailure, (typeof SESSION_STATES)[number]>

// Writing last_seen on every call would turn each read into a write; a minute's precision is enough for idle time.
const TOUCH_INTERVAL_MS = MINUTE_MS

/** Server-side sessions behind the session JWT: created at sign-in, checked on every call, revocable at once. */
export function createSessionsService(deps: {
  sessions: SessionsRepository
  /** Kept exact by its owner (see sessions.cache.ts); only a session that passes every check is taken from it. */
  cache: SessionCache
  challenges: ChallengesRepository
  tokens: SessionTokens
  applications: ApplicationsService
  audit: AuditService
  clock: Clock
  policy: SessionPolicy
}) {
  const { sessions, cache, challenges, tokens, applications, audit, clock, policy } = deps
  const idleMs = policy.idleHours * HOUR_MS

  function failureOf(row: SessionWithUser | undefined, userId: number, now: Date): AuthFailure | null {
    if (!row || row.user_id !== userId) return 'invalid'
    if (row.revoked_at) return 'revoked'
    if (row.expires_at <= now.toISOString()) return 'expired'
    if (new Date(row.last_seen_at).getTime() + idleMs <= now.getTime()) return 'idle'
    if (row.is_active !== 1) return 'inactive'
    return null
  }

  async function lookup(token: string) {
    const now = clock.now()
    const verified = await tokens.verify(token, now)
    if (!verified.ok) return { ok: false as const, failure: verified.reason as AuthFailure }
    const { sessionId, userId } = verified.claims
    const read = await cache.read(sessionId, () => sessions.findWithUser(sessionId))
    let row = read.row
    let failure = failureOf(row, userId, now)
    if (failure && read.cached) {
      // A refusal is never decided from memory: another instance may have seen the session more recently.
      cache.forget(sessionId)
      row = await sessions.findWithUser(sessionId)
      failure = failureOf(row, userId, now)
    }
    if (failure || !row) return { ok: false as const, failure: failure ?? 'invalid' }
    return { ok: true as const, row, now }
  }

  return {
    /** Opens a session for a person who just proved their address; returns the session JWT. */
    async start(userId: number, client: ClientInfo, deviceId: number | null = null): Promise<{ token: string; sessionId: string }> {
      const now = clock.now()
      const expiresAt = new Date(now.getTime() + policy.maxDays * DAY_MS)
      const sessionId = randomToken(16)
      await sessions.insert({
        session_id: sessionId,
        user_id: userId,
        created_at: now.toISOString(),
        last_seen_at: now.toISOString(),
        expires_at: expiresAt.toISOString(),
        revoked_at: null,
        revoked_reason: null,
        ip: client.ip,
        user_agent: client.userAgent?.slice(0, 500) ?? null,
        device_id: deviceId,
      })
      return { token: await tokens.sign({ userId, sessionId, issuedAt: now, expiresAt }), sessionId }
    },

    /** The person behind a bearer token, or why there is none. */
    async authenticate(token: string): Promise<{ ok: true; user: AuthUser } | { ok: false; failure: AuthFailure }> {
      const found = await lookup(token)
      if (!found.ok) return found
      const { row, now } = found
      if (now.getTime() - new Date(row.last_seen_at).getTime() >= TOUCH_INTERVAL_MS) {
        await sessions.touch(row.session_id, now.toISOString())
        cache.touched(row.session_id, now.toISOString())
      }
      return {
        ok: true,
        user: authUserOf(row, row.session_id, row.access_version ?? '0'),
      }
    },

    /** The session user object the web app keeps for a signed-in person. */
    async sessionUser(user: Omit<AuthUser, 'sessionId' | 'accessVersion'> & { accessVersion?: string | null }): Promise<SessionUser> {
      const [firstName = '', ...rest] = user.fullName.trim().split(/\s+/)
      const menu = await applications.menuFor({ userId: user.id, roleCode: user.roleCode, accessVersion: user.accessVersion ?? null })
      return {
        id: user.id,
        email: user.email,
        roleCode: user.roleCode,
        roleName: user.roleName,
        firstName,
        lastName: rest.join(' '),
        organization: user.organization,
        organizationCode: user.organizationCode,
        ...menu,
      }
    },

    /** Ends the caller's session on the server: the token stops working at once. */
    async logout(user: AuthUser, client: ClientInfo): Promise<void> {
      await sessions.revoke(user.sessionId, clock.now().toISOString(), 'logout')
      await audit.record({
        action: 'sign_out',
        outcome: 'success',
        actorUserId: user.id,
        email: user.email,
        ip: client.ip,
        userAgent: client.userAgent,
        details: { sessionId: user.sessionId },
      })
    },
    /** Ends every session and voids every outstanding link of a person, at once (deactivation). */
    async endAllAccess(userId: number, reason: string): Promise<void> {
      const now = clock.now().toISOString()
      await sessions.revokeAllForUser(userId, now, reason)
      await challenges.revokeAllForUser(userId, now)
    },
    /** Ends every session of a person, leaving their links usable; returns how many ended. */
    endSessions: (userId: number, reason: string) => sessions.revokeAllForUser(userId, clock.now().toISOString(), reason),
    countActive: () => {
      const now = clock.now()
      return sessions.countActive(now.toISOString(), new Date(now.getTime() - idleMs).toISOString())
    },

    /** What the debug screen shows about a pasted token: never the secret, never the token. */
    async inspect(token: string): Promise<DebugTokenResponse> {
      const decoded = decodeUntrusted(token)
      const empty: DebugTokenResponse = {
        wellFormed: false,
        signatureValid: false,
        expired: null,
        header: null,
        claims: null,
        issuedAt: null,
        expiresAt: null,
        session: null,
        problems: ['The text is not a JSON Web Token (three base64url parts separated by dots).'],
      }
      if (!decoded) return empty
      const now = clock.now()
      const { claims, header } = decoded
      const seconds = (value: unknown) => (typeof value === 'number' ? new Date(value * 1000).toISOString() : null)
      const verified = await tokens.verify(token, now)
      const signatureValid = verified.ok || verified.reason === 'expired'
      const expired = typeof claims.exp === 'number' ? claims.exp * 1000 <= now.getTime() : null
      const problems: string[] = []
      if (!signatureValid) problems.push("The signature does not match this server's key, or the algorithm is not HS256.")
      if (expired) problems.push('The token has expired.')
      let session: DebugTokenResponse['session'] = null
      if (signatureValid && typeof claims.sid === 'string') {
        const row = await sessions.findWithUser(claims.sid)
        const found = await lookup(token)
        const state = !row ? 'not_found' : found.ok ? 'active' : SESSION_STATE_OF_FAILURE[found.failure]
        if (state !== 'active') problems.push(`The server-side session is ${state.replace('_', ' ')}.`)
        session = {
          state,
          createdAt: row?.created_at ?? null,
          lastSeenAt: row?.last_seen_at ?? null,
          idleExpiresAt: row ? new Date(new Date(row.last_seen_at).getTime() + idleMs).toISOString() : null,
        }
      }
      return {
        wellFormed: true,
        signatureValid,
        expired,
        header,
        claims,
        issuedAt: seconds(claims.iat),
        expiresAt: seconds(claims.exp),
        session,
        problems,
      }
    },
  }
}
export type SessionsService = ReturnType<typeof createSessionsService>
