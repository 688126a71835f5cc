import { useLocation, useNavigate } from 'react-router'
import type { LoginLocationState } from '@/components/guards/require-auth'
import { CenteredPage } from '@/components/layout/centered-page'
import { useAuth } from '@/lib/auth-context'
import { peekSignInRedirect, rememberSignInRedirect, sanitizeRedirectPath, takeSignInRedirect } from '@/lib/auth-storage'
import { useCodeSignIn } from '../hooks/use-code-sign-in'
import { type LoginCardProps, LoginCard } from './login-card'
import { RedirectAfterSignIn } from './redirect-after-sign-in'
import { SignInSuccess } from './sign-in-success'

export interface LoginPageBodyProps extends Omit<LoginCardProps, 'onBeforeSend' | 'verifyCode' | 'footer'> {
  /** How long the new-device note stays before the redirect after a code sign-in. */
  redirectDelayMs: number
  /** Other ways to sign in, under the form; `remember` keeps the destination across a trip to an identity provider. */
  footer?: (remember: () => void) => LoginCardProps['footer']
}

/**
 * What /login and /login-clerk share: a signed-in person is sent on; otherwise the login card, whose code sign-in
 * first announces a new device when there is one.
 */
export function LoginPageBody({ redirectDelayMs, footer, ...card }: LoginPageBodyProps) {
  const { isAuthenticated } = useAuth()
  const location = useLocation()
  const navigate = useNavigate()
  const codeSignIn = useCodeSignIn()
  const from = sanitizeRedirectPath((location.state as LoginLocationState | null)?.from)

  if (codeSignIn.state.kind === 'signed-in' && codeSignIn.state.newDevice) {
    return (
      <CenteredPage>
        <SignInSuccess
          newDevice
          redirectDelayMs={redirectDelayMs}
          onRedirect={() => {
            const remembered = takeSignInRedirect()
            navigate(from ?? remembered ?? '/dashboard', { replace: true })
          }}
        />
      </CenteredPage>
    )
  }
  if (isAuthenticated && codeSignIn.state.kind !== 'checking') return <RedirectAfterSignIn from={from} />

  // The origin is stored when the link is sent, so it survives the trip through the e-mail (or the identity provider).
  const remember = () => rememberSignInRedirect(from ?? peekSignInRedirect())
  return (
    <CenteredPage>
      <LoginCard {...card} onBeforeSend={remember} verifyCode={codeSignIn.verify} footer={footer?.(remember)} />
    </CenteredPage>
  )
}
