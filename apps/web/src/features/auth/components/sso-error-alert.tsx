import { Alert } from '@mantine/core'
import { AlertCircle } from 'lucide-react'
import { useSearchParams } from 'react-router'
import { ssoErrorText } from '../utils/sso'

/** The reason a single sign-on came back to the login page (?sso_error=<code>); closing it cleans the address. */
export function SsoErrorAlert() {
  const [params, setParams] = useSearchParams()
  const code = params.get('sso_error')
  if (!code) return null

  const dismiss = () => {
    const next = new URLSearchParams(params)
    next.delete('sso_error')
    setParams(next, { replace: true })
  }

  return (
    <Alert
      color="red"
      variant="light"
      role="alert"
      title="Single sign-on did not sign you in"
      icon={<AlertCircle size={18} aria-hidden="true" />}
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={dismiss}
    >
      {ssoErrorText(code)}
    </Alert>
  )
}
