import { Button, Loader, Stack, Text, Title } from '@mantine/core'
import { useEffect, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { FailureAlert } from '@/components/failure-alert'
import { useAuth } from '@/lib/auth-context'
import { takeSignInRedirect } from '@/lib/auth-storage'
import { useFocusOnMount } from '@/lib/use-focus-on-mount'
import { PROVIDER_VERIFY_REDIRECT_DELAY_MS } from '../utils/redirect-delays'
import { serverDetail } from '../utils/sign-in-messages'
import { SSO_FAILED, ticketFromHash } from '../utils/sso'
import { SignInSuccess } from './sign-in-success'

type Phase = { kind: 'completing' } | { kind: 'success'; newDevice: boolean } | { kind: 'error'; message: string }

/** Removes the ticket from the address bar before anything else can see it (history, screenshots, extensions). */
function stripFragment(): void {
  if (!window.location.hash) return
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`)
}

function Heading({ children }: { children: string }) {
  const ref = useFocusOnMount<HTMLHeadingElement>()
  return (
    <Title order={1} size="h2" ta="center" ref={ref} tabIndex={-1}>
      {children}
    </Title>
  )
}

/** /auth/sso#ticket=…: where single sign-on lands; trades the one-time ticket for a session. */
export function SsoCompletePanel() {
  const { completeSso } = useAuth()
  const navigate = useNavigate()
  const location = useLocation()
  const [ticket] = useState(() => ticketFromHash(location.hash || window.location.hash))
  const [phase, setPhase] = useState<Phase>(() =>
    ticket ? { kind: 'completing' } : { kind: 'error', message: 'This sign-in could not be completed: its ticket is missing.' },
  )
  const started = useRef(false)

  useEffect(() => {
    stripFragment()
    if (!ticket || started.current) return
    // The ticket works once: the ref keeps a second effect run (React's development double-run) from spending it again.
    started.current = true
    completeSso(ticket).then(
      ({ newDevice }) => setPhase({ kind: 'success', newDevice }),
      (error: unknown) => setPhase({ kind: 'error', message: serverDetail(error) ?? SSO_FAILED }),
    )
  }, [ticket, completeSso])

  switch (phase.kind) {
    case 'completing':
      return (
        <Stack gap="md" ta="center" align="center" role="status" aria-live="polite">
          <Loader aria-hidden="true" />
          <Heading>Signing you in</Heading>
          <Text>Completing single sign-on...</Text>
        </Stack>
      )
    case 'success':
      return (
        <SignInSuccess
          newDevice={phase.newDevice}
          redirectDelayMs={PROVIDER_VERIFY_REDIRECT_DELAY_MS}
          onRedirect={() => navigate(takeSignInRedirect() ?? '/dashboard', { replace: true })}
        />
      )
    case 'error':
      return (
        <Stack gap="md">
          <Heading>Unable to sign you in</Heading>
          <FailureAlert message={phase.message} />
          <Button fullWidth onClick={() => navigate('/login', { replace: true })}>
            Back to Login
          </Button>
        </Stack>
      )
  }
}
