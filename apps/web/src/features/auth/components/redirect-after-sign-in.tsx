import { useEffect } from 'react'
import { Navigate } from 'react-router'
import { peekSignInRedirect, takeSignInRedirect } from '@/lib/auth-storage'

/** Sends a person who is (now) signed in to where they were going, or /dashboard. */
export function RedirectAfterSignIn({ from }: { from: string | null }) {
  const target = from ?? peekSignInRedirect() ?? '/dashboard'
  useEffect(() => {
    takeSignInRedirect()
  }, [])
  return <Navigate to={target} replace />
}
