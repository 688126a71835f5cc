import { describe, expect, it } from 'vitest'
import { makeUser } from '@/test/factories'
import {
  clearSession,
  isPendingSignIn,
  markPendingSignIn,
  readPendingVerification,
  readStoredSession,
  rememberSignInRedirect,
  sanitizeRedirectPath,
  storePendingVerification,
  storeSession,
  takeSignInRedirect,
} from './auth-storage'

describe('stored session', () => {
  it('round-trips the token and the user under the keys token and user', () => {
    const user = makeUser()
    storeSession('t0k3n', user)
    expect(localStorage.getItem('token')).toBe('t0k3n')
    expect(JSON.parse(localStorage.getItem('user') ?? 'null')).toEqual(user)
    expect(readStoredSession()).toEqual({ token: 't0k3n', user })
  })
  it('is signed out when either item is missing or the user is unreadable', () => {
    localStorage.setItem('token', 't0k3n')
    expect(readStoredSession()).toBeNull()
    localStorage.setItem('user', '{not json')
    expect(readStoredSession()).toBeNull()
    localStorage.setItem('user', JSON.stringify({ id: 'nope' }))
    expect(readStoredSession()).toBeNull()
    localStorage.removeItem('token')
    localStorage.setItem('user', JSON.stringify(makeUser()))
    expect(readStoredSession()).toBeNull()
  })
  it('clears both items', () => {
    storeSession('t0k3n', makeUser())
    clearSession()
    expect(localStorage.getItem('token')).toBeNull()
    expect(localStorage.getItem('user')).toBeNull()
  })
})

describe('pending sign-in marker', () => {
  it('matches the same address whatever its case', () => {
    markPendingSignIn('Jane.Doe@District.org')
    expect(localStorage.getItem('pendingSignInEmail')).toBe('jane.doe@district.org')
    expect(isPendingSignIn('JANE.DOE@district.org')).toBe(true)
    expect(isPendingSignIn('other@district.org')).toBe(false)
  })
})

describe('sign-in redirect', () => {
  it('remembers an in-app path once', () => {
    rememberSignInRedirect('/apps/accruals?tab=2')
    expect(takeSignInRedirect()).toBe('/apps/accruals?tab=2')
    expect(takeSignInRedirect()).toBeNull()
  })
  it('refuses other sites and the sign-in pages', () => {
    expect(sanitizeRedirectPath('https://evil.example')).toBeNull()
    expect(sanitizeRedirectPath('//evil.example')).toBeNull()
    expect(sanitizeRedirectPath('/login')).toBeNull()
    expect(sanitizeRedirectPath('/auth/verify?token=x')).toBeNull()
    expect(sanitizeRedirectPath('/dsa-tracker')).toBe('/dsa-tracker')
  })
})

describe('pending verification', () => {
  it('keeps the link in sessionStorage only', () => {
    storePendingVerification({ email: 'jane@district.org', token: 'abc' })
    expect(readPendingVerification()).toEqual({ email: 'jane@district.org', token: 'abc' })
    expect(localStorage.length).toBe(0)
  })
})
