import type { SignInFlow, SignInResponse } from '@platform/contracts/auth'
import { useQueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useMemo, useReducer, type ReactNode } from 'react'
import { ApiError } from './api-client'
import { fetchProfile, postLogout, postSsoComplete, postVerifyCode, postVerifyMagicLink, requestMagicLink } from './auth-api'
import { AuthContext, type AuthContextValue, type SignInOutcome } from './auth-context'
import { authReducer, initialAuthState, profileFailureOutcome, profileRetryDelay } from './auth-state'
import {
  clearPendingSignIn,
  clearSession,
  markPendingSignIn,
  markSessionEnded,
  readStoredSession,
  STORAGE_KEYS,
  storeSession,
  storeUser,
} from './auth-storage'
import { getDeviceId } from './device-id'

function messageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError && error.fromServer) return error.message
  if (error instanceof Error && error.message) return error.message
  return fallback
}

/** Holds who is signed in: the client's auth state. */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient()
  const [state, dispatch] = useReducer(authReducer, null, () => initialAuthState(readStoredSession()?.user ?? null))

  // Start-up: confirm the stored session with the server.
  useEffect(() => {
    let cancelled = false
    let timer: ReturnType<typeof setTimeout> | undefined

    if (!readStoredSession()) {
      clearSession()
      dispatch({ type: 'signed-out' })
      return
    }

    const check = async (attempt: number) => {
      try {
        const { user } = await fetchProfile()
        if (cancelled) return
        storeUser(user)
        dispatch({ type: 'profile-loaded', user })
      } catch (error) {
        if (cancelled) return
        if (profileFailureOutcome(error) === 'sign-out') {
          markSessionEnded()
          clearSession()
          dispatch({ type: 'signed-out' })
          return
        }
        dispatch({ type: 'profile-unavailable' })
        timer = setTimeout(() => {
          if (readStoredSession()) void check(attempt + 1)
        }, profileRetryDelay(attempt))
      }
    }
    void check(0)

    return () => {
      cancelled = true
      if (timer) clearTimeout(timer)
    }
  }, [])

  // Signing out in another tab signs this one out too.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === null || (event.key === STORAGE_KEYS.token && !event.newValue)) {
        queryClient.clear()
        dispatch({ type: 'signed-out' })
      }
    }
    window.addEventListener('storage', onStorage)
    return () => window.removeEventListener('storage', onStorage)
  }, [queryClient])

  const signIn = useCallback(
    ({ token, user, newDevice }: SignInResponse): SignInOutcome => {
      queryClient.clear()
      storeSession(token, user)
      clearPendingSignIn()
      dispatch({ type: 'signed-in', user })
      return { user, newDevice }
    },
    [queryClient],
  )

  const sendMagicLink = useCallback(async (email: string, flow: SignInFlow = 'standard') => {
    dispatch({ type: 'clear-error' })
    // The marker lets /auth/verify (and /auth/verify-clerk) know the link is opened in the browser that asked for it.
    markPendingSignIn(email)
    try {
      return await requestMagicLink(email.trim(), flow)
    } catch (error) {
      dispatch({ type: 'failed', error: messageOf(error, 'Failed to send magic link') })
      throw error
    }
  }, [])

  /** Runs one of the sign-in calls (each sends this browser's deviceId) and stores the session it opens. */
  const runSignIn = useCallback(
    async (call: (deviceId: string) => Promise<SignInResponse>, fallbackError: string) => {
      dispatch({ type: 'clear-error' })
      try {
        return signIn(await call(getDeviceId()))
      } catch (error) {
        dispatch({ type: 'failed', error: messageOf(error, fallbackError) })
        throw error
      }
    },
    [signIn],
  )

  const verifyMagicLink = useCallback(
    (email: string, token: string) => runSignIn((deviceId) => postVerifyMagicLink(email, token, deviceId), 'Verification failed'),
    [runSignIn],
  )

  const verifyCode = useCallback(
    (email: string, code: string) => runSignIn((deviceId) => postVerifyCode(email, code, deviceId), 'Invalid verification code'),
    [runSignIn],
  )

  const completeSso = useCallback(
    (ticket: string) => runSignIn((deviceId) => postSsoComplete(ticket, deviceId), 'Single sign-on failed'),
    [runSignIn],
  )

  const logout = useCallback(async () => {
    try {
      await postLogout()
    } catch {
      // Signing out locally must work even when the server cannot be reached.
    }
    clearSession()
    queryClient.clear()
    dispatch({ type: 'signed-out' })
  }, [queryClient])

  const refreshProfile = useCallback(async () => {
    if (!readStoredSession()) return
    try {
      const { user } = await fetchProfile()
      storeUser(user)
      dispatch({ type: 'profile-loaded', user })
    } catch (error) {
      if (profileFailureOutcome(error) === 'sign-out') {
        markSessionEnded()
        clearSession()
        queryClient.clear()
        dispatch({ type: 'signed-out' })
      }
    }
  }, [queryClient])

  const value = useMemo<AuthContextValue>(
    () => ({
      user: state.user,
      loading: state.loading,
      error: state.error,
      isAuthenticated: state.user !== null,
      sendMagicLink,
      verifyMagicLink,
      verifyCode,
      completeSso,
      logout,
      refreshProfile,
    }),
    [state, sendMagicLink, verifyMagicLink, verifyCode, completeSso, logout, refreshProfile],
  )

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>
}
