import type { SessionUser } from '@platform/contracts/auth'
import { createContext, useContext } from 'react'
import type { SendMagicLinkResponse } from '@platform/contracts/auth'

export interface AuthContextValue {
  user: SessionUser | null
  loading: boolean
  error: string | null
  isAuthenticated: boolean
  sendMagicLink: (email: string) => Promise<SendMagicLinkResponse>
  verifyMagicLink: (email: string, token: string) => Promise<SessionUser>
  verifyCode: (email: string, code: string) => Promise<SessionUser>
  logout: () => Promise<void>
  /**
   * Fetches the signed-in person's profile again (after a change to users, grants or applications),
   * so the menu is current. A 401 signs the person out; other failures keep the current copy.
   */
  refreshProfile: () => Promise<void>
}

export const AuthContext = createContext<AuthContextValue | null>(null)

/** The client auth state and its actions; must be used under AuthProvider. */
export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext)
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>')
  return value
}

/** The signed-in person, for pages that only render behind RequireAuth. */
export function useSignedInUser(): SessionUser {
  const { user } = useAuth()
  if (!user) throw new Error('useSignedInUser needs a signed-in person (render it behind <RequireAuth>)')
  return user
}
