import { SessionUserSchema, type SessionUser } from '@platform/contracts/auth'

/** Storage keys: the session's token and person (fixed names other tools rely on) and the sign-in flow's own. */
export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  pendingSignInEmail: 'pendingSignInEmail',
  signInRedirect: 'signInRedirect',
} as const

/** sessionStorage key holding the link's e-mail and token once they are stripped from the address bar. */
export const PENDING_VERIFICATION_KEY = 'pendingVerification'

/** sessionStorage key set when the server ended the session of the person using this tab. */
export const SESSION_ENDED_KEY = 'sessionEnded'

export interface StoredSession {
  token: string
  user: SessionUser
}

function safeGet(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key)
  } catch {
    return null
  }
}

function safeSet(storage: Storage, key: string, value: string): void {
  try {
    storage.setItem(key, value)
  } catch {
    // Storage can be full or disabled (private mode); the app still works for this page view.
  }
}

function safeRemove(storage: Storage, key: string): void {
  try {
    storage.removeItem(key)
  } catch {
    // see safeSet
  }
}

/** The stored bearer token, or null. */
export function getStoredToken(): string | null {
  const token = safeGet(localStorage, STORAGE_KEYS.token)
  return token && token.trim() ? token : null
}

/** Parses a serialised user; null when it is missing, not JSON or not a session user. */
export function parseStoredUser(raw: string | null): SessionUser | null {
  if (!raw) return null
  try {
    const parsed = SessionUserSchema.safeParse(JSON.parse(raw))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** The stored token and user when both exist and the user is readable; otherwise null. */
export function readStoredSession(): StoredSession | null {
  const token = getStoredToken()
  const user = parseStoredUser(safeGet(localStorage, STORAGE_KEYS.user))
  if (!token || !user) return null
  return { token, user }
}

/** Stores a new session (after a successful verification). */
export function storeSession(token: string, user: SessionUser): void {
  clearSessionEnded()
  safeSet(localStorage, STORAGE_KEYS.token, token)
  safeSet(localStorage, STORAGE_KEYS.user, JSON.stringify(user))
}

/** Replaces the stored user (after a profile refresh), keeping the token. */
export function storeUser(user: SessionUser): void {
  safeSet(localStorage, STORAGE_KEYS.user, JSON.stringify(user))
}

/** Forgets the token and the user. */
export function clearSession(): void {
  safeRemove(localStorage, STORAGE_KEYS.token)
  safeRemove(localStorage, STORAGE_KEYS.user)
}

/** Remembers, in this browser, which address asked for a sign-in link (lower-cased). */
export function markPendingSignIn(email: string): void {
  safeSet(localStorage, STORAGE_KEYS.pendingSignInEmail, email.trim().toLowerCase())
}

/** True when this browser asked for a link for this address. */
export function isPendingSignIn(email: string): boolean {
  const stored = safeGet(localStorage, STORAGE_KEYS.pendingSignInEmail)
  return stored !== null && stored === email.trim().toLowerCase()
}

export function clearPendingSignIn(): void {
  safeRemove(localStorage, STORAGE_KEYS.pendingSignInEmail)
}

/**
 * Accepts only same-origin, in-app paths as a place to return to after sign-in,
 * so a crafted origin can never send someone to another site or back into the sign-in pages.
 */
export function sanitizeRedirectPath(path: string | null | undefined): string | null {
  if (!path || typeof path !== 'string') return null
  if (!path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return null
  if (/^\/(login|auth\/|debug-auth)/.test(path)) return null
  return path
}

/** Remembers where the person was going, across the e-mail link. */
export function rememberSignInRedirect(path: string | null | undefined): void {
  const safe = sanitizeRedirectPath(path)
  if (safe) safeSet(localStorage, STORAGE_KEYS.signInRedirect, safe)
  else safeRemove(localStorage, STORAGE_KEYS.signInRedirect)
}

/** The remembered destination, without forgetting it. */
export function peekSignInRedirect(): string | null {
  return sanitizeRedirectPath(safeGet(localStorage, STORAGE_KEYS.signInRedirect))
}

/** The remembered destination, forgotten once read. */
export function takeSignInRedirect(): string | null {
  const path = peekSignInRedirect()
  safeRemove(localStorage, STORAGE_KEYS.signInRedirect)
  return path
}

export interface PendingVerification {
  email: string
  token: string
}

/** Keeps the link's e-mail and token for this tab only, so a reload still works after the URL is cleaned. */
export function storePendingVerification(value: PendingVerification): void {
  safeSet(sessionStorage, PENDING_VERIFICATION_KEY, JSON.stringify(value))
}

export function readPendingVerification(): PendingVerification | null {
  const raw = safeGet(sessionStorage, PENDING_VERIFICATION_KEY)
  if (!raw) return null
  try {
    const value = JSON.parse(raw) as Partial<PendingVerification>
    if (typeof value.email === 'string' && typeof value.token === 'string' && value.email && value.token) {
      return { email: value.email, token: value.token }
    }
  } catch {
    // fall through
  }
  return null
}

export function clearPendingVerification(): void {
  safeRemove(sessionStorage, PENDING_VERIFICATION_KEY)
}

/** Tells the sign-in page, across the trip to /login, that it opens because the session ended (not on a plain visit). */
export function markSessionEnded(): void {
  safeSet(sessionStorage, SESSION_ENDED_KEY, '1')
}

export function isSessionEnded(): boolean {
  return safeGet(sessionStorage, SESSION_ENDED_KEY) === '1'
}

export function clearSessionEnded(): void {
  safeRemove(sessionStorage, SESSION_ENDED_KEY)
}
