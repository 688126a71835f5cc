import type { SendMagicLinkResponse, SessionUser, SignInFlow } from '@platform/contracts/auth'
import { createContext, useContext } from 'react'

/** What a successful sign-in tells the page: who is signed in, and whether this browser is new to the account. */
export interface SignInOutcome {
  user: SessionUser
  newDevice: boolean
}

export interface AuthContextValue {
  user: SessionUser | null
  loading: boolean
  error: string | null
  isAuthenticated: boolean
  /** flow district: the /login-clerk request, refused for addresses outside the district's domains. */
  sendMagicLink: (email: string, flow?: SignInFlow) => Promise<SendMagicLinkResponse>
  verifyMagicLink: (email: string, token: string) => Promise<SignInOutcome>
  verifyCode: (email: string, code: string) => Promise<SignInOutcome>
  /** Trades the one-time ticket single sign-on ends with for a session, stored exactly as after an e-mailed link. */
  completeSso: (ticket: string) => Promise<SignInOutcome>
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
