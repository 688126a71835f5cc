import type { SessionUser } from '@platform/contracts/auth'
import { ApiError } from './api-client'

/** The client's auth state. `isAuthenticated` is derived: true when a user is present. */
export interface AuthState {
  user: SessionUser | null
  loading: boolean
  error: string | null
}

export type AuthAction =
  | { type: 'profile-loaded'; user: SessionUser }
  | { type: 'profile-unavailable' }
  | { type: 'signed-in'; user: SessionUser }
  | { type: 'signed-out' }
  | { type: 'failed'; error: string }
  | { type: 'clear-error' }

/** On start loading is true; a stored user (token and user both present) is adopted at once. */
export function initialAuthState(storedUser: SessionUser | null): AuthState {
  return { user: storedUser, loading: true, error: null }
}

export function authReducer(state: AuthState, action: AuthAction): AuthState {
  switch (action.type) {
    case 'profile-loaded':
      return { user: action.user, loading: false, error: null }
    case 'profile-unavailable':
      // The server could not answer (restart, network): keep whoever was signed in.
      return { ...state, loading: false }
    case 'signed-in':
      return { user: action.user, loading: false, error: null }
    case 'signed-out':
      return { user: null, loading: false, error: null }
    case 'failed':
      return { ...state, loading: false, error: action.error }
    case 'clear-error':
      return state.error === null ? state : { ...state, error: null }
  }
}

/**
 * What a failed start-up profile call means: only a 401 signs the person out;
 * a network error, a 5xx or anything else keeps the stored user (a server restart must not sign people out).
 */
export function profileFailureOutcome(error: unknown): 'sign-out' | 'keep' {
  return error instanceof ApiError && error.status === 401 ? 'sign-out' : 'keep'
}

/** Delay before retrying a profile call that failed for a reason other than 401 (capped at one minute). */
export function profileRetryDelay(attempt: number): number {
  return Math.min(60_000, 5_000 * 2 ** Math.max(0, attempt))
}
