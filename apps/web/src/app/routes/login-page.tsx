import { LoginPageBody } from '@/features/auth/components/login-page-body'
import { SessionEndedNotice } from '@/features/auth/components/session-ended-notice'
import { SignInOptions } from '@/features/auth/components/sign-in-options'
import { SsoErrorAlert } from '@/features/auth/components/sso-error-alert'
import { VERIFY_REDIRECT_DELAY_MS } from '@/features/auth/utils/redirect-delays'
import { useDocumentTitle } from '@/lib/use-document-title'

/** /login: the e-mailed link and code, plus single sign-on and the district sign-in when the server offers them. */
export function LoginPage() {
  useDocumentTitle('Sign in')
  return (
    <LoginPageBody
      redirectDelayMs={VERIFY_REDIRECT_DELAY_MS}
      notice={
        <>
          <SessionEndedNotice />
          <SsoErrorAlert />
        </>
      }
      footer={(remember) => <SignInOptions onSsoStart={remember} />}
    />
  )
}
