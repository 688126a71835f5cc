import { Alert, Button, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { AlertCircle, CircleCheck, LogIn } from 'lucide-react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { ApiError } from '@/lib/api-client'
import { useAuth } from '@/lib/auth-context'
import {
  clearPendingVerification,
  isPendingSignIn,
  readPendingVerification,
  storePendingVerification,
  takeSignInRedirect,
} from '@/lib/auth-storage'
import { maskEmail } from '../utils/mask-email'
import { INVALID_LINK, LINK_NOTE, verifyFailureMessage } from '../utils/sign-in-messages'

/** SPEC.md §9: the e-mail link flow redirects 2.5 s after success. */
export const VERIFY_REDIRECT_DELAY_MS = 2500

type Phase =
  | { kind: 'confirm' }
  | { kind: 'verifying' }
  | { kind: 'success' }
  | { kind: 'error'; message: string }

interface LinkParams {
  email: string
  token: string
}

/** The link's e-mail and token: from the query, or (after a reload) from this tab's sessionStorage. */
export function readLinkParams(search: string): LinkParams | null {
  const params = new URLSearchParams(search)
  const email = params.get('email')?.trim() ?? ''
  const token = params.get('token')?.trim() ?? ''
  if (email && token) return { email, token }
  const pending = readPendingVerification()
  if (pending && (!email || pending.email.toLowerCase() === email.toLowerCase())) return pending
  return null
}

/** Removes the token from the address bar, keeping the e-mail (history, screenshots and referrers never see it). */
function stripTokenFromAddressBar(): void {
  const url = new URL(window.location.href)
  if (!url.searchParams.has('token')) return
  url.searchParams.delete('token')
  window.history.replaceState(window.history.state, '', `${url.pathname}${url.search}${url.hash}`)
}

/**
 * /auth/verify. Loading the page spends nothing: it signs in by itself only in the browser that asked
 * for the link (the pendingSignInEmail marker); anywhere else it waits for one click, so mail scanners
 * that open links cannot use them up.
 */
export function VerifyLinkPanel() {
  const { verifyMagicLink } = useAuth()
  const navigate = useNavigate()
  const location = useLocation()
  const [link] = useState(() => readLinkParams(location.search))
  const [phase, setPhase] = useState<Phase>(() =>
    link ? (isPendingSignIn(link.email) ? { kind: 'verifying' } : { kind: 'confirm' }) : { kind: 'error', message: INVALID_LINK },
  )
  const started = useRef(false)
  const redirectTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  const verify = useCallback(async () => {
    if (!link || started.current) return
    started.current = true
    setPhase({ kind: 'verifying' })
    try {
      await verifyMagicLink(link.email, link.token)
      clearPendingVerification()
      setPhase({ kind: 'success' })
      redirectTimer.current = setTimeout(() => {
        navigate(takeSignInRedirect() ?? '/dashboard', { replace: true })
      }, VERIFY_REDIRECT_DELAY_MS)
    } catch (error) {
      // A refused link will not work on reload either; a network failure might.
      if (!(error instanceof ApiError && error.status === 0)) clearPendingVerification()
      setPhase({ kind: 'error', message: verifyFailureMessage(error) })
    }
  }, [link, navigate, verifyMagicLink])

  useEffect(() => {
    if (!link) return
    storePendingVerification(link)
    stripTokenFromAddressBar()
    // Starting the request is this effect's whole purpose; its state changes come as the request settles.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (isPendingSignIn(link.email)) void verify()
  }, [link, verify])

  useEffect(() => () => clearTimeout(redirectTimer.current), [])

  switch (phase.kind) {
    case 'confirm':
      return (
        <Stack gap="md" ta="center" align="center">
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden="true">
            <LogIn size={28} />
          </ThemeIcon>
          <Title order={1} size="h2">
            Confirm sign-in
          </Title>
          <Text>This sign-in link was opened in a different browser from the one that asked for it. Continue only if you asked for it.</Text>
          <Button fullWidth onClick={() => void verify()}>
            Continue as {maskEmail(link?.email ?? '')}
          </Button>
          <Button variant="subtle" onClick={() => navigate('/login')}>
            Back to Login
          </Button>
        </Stack>
      )
    case 'verifying':
      return (
        <Stack gap="md" ta="center" align="center" role="status" aria-live="polite">
          <Loader aria-hidden="true" />
          <Title order={1} size="h2">
            Signing you in
          </Title>
          <Text>Verifying your sign-in link...</Text>
        </Stack>
      )
    case 'success':
      return (
        <Stack gap="md" ta="center" align="center" role="status" aria-live="polite">
          <ThemeIcon size={56} radius="xl" color="teal.8" aria-hidden="true">
            <CircleCheck size={28} />
          </ThemeIcon>
          <Title order={1} size="h2">
            Sign-in successful
          </Title>
          <Text>You are signed in. Redirecting you now...</Text>
        </Stack>
      )
    case 'error':
      return (
        <Stack gap="md">
          <Title order={1} size="h2" ta="center">
            Unable to sign you in
          </Title>
          <Alert color="red" variant="light" icon={<AlertCircle size={18} aria-hidden="true" />}>
            <Text fw={600} size="sm">
              {phase.message}
            </Text>
            <Text size="sm" mt={4}>
              {LINK_NOTE}
            </Text>
          </Alert>
          <Button fullWidth onClick={() => navigate('/login', { replace: true })}>
            Back to Login
          </Button>
        </Stack>
      )
  }
}
