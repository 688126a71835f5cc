import { describe, expect, it } from 'vitest'
import { makeUser } from '@/test/factories'
import { ApiError } from './api-client'
import { authReducer, initialAuthState, profileFailureOutcome } from './auth-state'

describe('auth state', () => {
  it('starts loading, with the stored user adopted at once', () => {
    const user = makeUser()
    expect(initialAuthState(user)).toEqual({ user, loading: true, error: null })
    expect(initialAuthState(null)).toEqual({ user: null, loading: true, error: null })
  })
  it('replaces the user with the server copy', () => {
    const stored = makeUser({ firstName: 'Old' })
    const fresh = makeUser({ firstName: 'New' })
    expect(authReducer(initialAuthState(stored), { type: 'profile-loaded', user: fresh })).toEqual({
      user: fresh,
      loading: false,
      error: null,
    })
  })
  it('keeps the stored user when the server cannot answer', () => {
    const stored = makeUser()
    expect(authReducer(initialAuthState(stored), { type: 'profile-unavailable' })).toEqual({ user: stored, loading: false, error: null })
  })
  it('signs out', () => {
    expect(authReducer(initialAuthState(makeUser()), { type: 'signed-out' })).toEqual({ user: null, loading: false, error: null })
  })
  it('signs out only on a 401 from the profile call', () => {
    expect(profileFailureOutcome(new ApiError(401, 'unauthorized', 'Sign in again', true))).toBe('sign-out')
    expect(profileFailureOutcome(new ApiError(503, 'unavailable', 'Down', true))).toBe('keep')
    expect(profileFailureOutcome(new ApiError(0, 'network_error', 'offline'))).toBe('keep')
    expect(profileFailureOutcome(new TypeError('Failed to fetch'))).toBe('keep')
  })
})
