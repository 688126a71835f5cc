import { useEffect } from 'react'
import { Navigate, useLocation } from 'react-router'
import type { LoginLocationState } from '@/components/guards/require-auth'
import { CenteredPage } from '@/components/layout/centered-page'
import { LoginCard } from '@/features/auth/components/login-card'
import { useAuth } from '@/lib/auth-context'
import { peekSignInRedirect, rememberSignInRedirect, sanitizeRedirectPath, takeSignInRedirect } from '@/lib/auth-storage'
import { useDocumentTitle } from '@/lib/use-document-title'

/** Sends a person who is (now) signed in to where they were going, or /dashboard. */
function RedirectAfterSignIn({ from }: { from: string | null }) {
  const target = from ?? peekSignInRedirect() ?? '/dashboard'
  useEffect(() => {
    takeSignInRedirect()
  }, [])
  return <Navigate to={target} replace />
}

/** /login */
export function LoginPage() {
  useDocumentTitle('Sign in')
  const { isAuthenticated } = useAuth()
  const location = useLocation()
  const from = sanitizeRedirectPath((location.state as LoginLocationState | null)?.from)

  if (isAuthenticated) return <RedirectAfterSignIn from={from} />

  return (
    <CenteredPage>
      {/* The origin is stored when the link is sent, so it survives the trip through the e-mail. */}
      <LoginCard onBeforeSend={() => rememberSignInRedirect(from ?? peekSignInRedirect())} />
    </CenteredPage>
  )
}
