import { Button, Loader, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { LogIn } from 'lucide-react'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { FailureAlert } from '@/components/failure-alert'
import { ApiError } from '@/lib/api-client'
import { useAuth } from '@/lib/auth-context'
import {
  clearPendingVerification,
  isPendingSignIn,
  readPendingVerification,
  storePendingVerification,
  takeSignInRedirect,
} from '@/lib/auth-storage'
import { useFocusOnMount } from '@/lib/use-focus-on-mount'
import { maskEmail } from '../utils/mask-email'
import { PROVIDER_VERIFY_REDIRECT_DELAY_MS, VERIFY_REDIRECT_DELAY_MS } from '../utils/redirect-delays'
import {
  INVALID_LINK,
  LINK_NOTE,
  PROVIDER_INVALID_LINK,
  PROVIDER_LINK_NOTE,
  providerVerifyFailureMessage,
  serverDetail,
  verifyFailureMessage,
} from '../utils/sign-in-messages'
import { SignInSuccess } from './sign-in-success'

/** What differs between /auth/verify and /auth/verify-clerk. */
export interface VerifyLinkVariant {
  redirectDelayMs: number
  /** Where 'Back to Login' leads. */
  loginPath: string
  /** The headline for a link without email or token. */
  missingParamsMessage: string
  /** The headline for a refused or failed verification. */
  failureMessage: (error: unknown) => string
  /** The server's words under the headline, when the headline is not already them. */
  failureDetail: (error: unknown) => string | null
  note: string
}

export const STANDARD_VERIFY: VerifyLinkVariant = {
  redirectDelayMs: VERIFY_REDIRECT_DELAY_MS,
  loginPath: '/login',
  missingParamsMessage: INVALID_LINK,
  failureMessage: verifyFailureMessage,
  failureDetail: () => null,
  note: LINK_NOTE,
}

export const DISTRICT_VERIFY: VerifyLinkVariant = {
  redirectDelayMs: PROVIDER_VERIFY_REDIRECT_DELAY_MS,
  loginPath: '/login-clerk',
  missingParamsMessage: PROVIDER_INVALID_LINK,
  failureMessage: providerVerifyFailureMessage,
  failureDetail: serverDetail,
  note: PROVIDER_LINK_NOTE,
}

type Phase =
  | { kind: 'confirm' }
  | { kind: 'verifying' }
  | { kind: 'success'; newDevice: boolean }
  | { kind: 'error'; message: string; detail: string | null }

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

function PhaseHeading({ children }: { children: string }) {
  const ref = useFocusOnMount<HTMLHeadingElement>()
  return (
    <Title order={1} size="h2" ta="center" ref={ref} tabIndex={-1}>
      {children}
    </Title>
  )
}

/**
 * /auth/verify and /auth/verify-clerk. Loading the page spends nothing: it signs in by itself only in the browser
 * that asked for the link (the pendingSignInEmail marker); anywhere else it waits for one click, so mail scanners
 * that open links cannot use them up.
 */
export function VerifyLinkPanel({ variant = STANDARD_VERIFY }: { variant?: VerifyLinkVariant }) {
  const { verifyMagicLink } = useAuth()
  const navigate = useNavigate()
  const location = useLocation()
  const [link] = useState(() => readLinkParams(location.search))
  // Invitation e-mails mark their links (invite=1, kept when the token is taken out of the address bar).
  const [invitation] = useState(() => new URLSearchParams(location.search).get('invite') === '1')
  const [phase, setPhase] = useState<Phase>(() =>
    link
      ? isPendingSignIn(link.email)
        ? { kind: 'verifying' }
        : { kind: 'confirm' }
      : { kind: 'error', message: variant.missingParamsMessage, detail: null },
  )
  const started = useRef(false)

  const verify = useCallback(async () => {
    if (!link || started.current) return
    started.current = true
    setPhase({ kind: 'verifying' })
    try {
      const { newDevice } = await verifyMagicLink(link.email, link.token)
      clearPendingVerification()
      setPhase({ kind: 'success', newDevice })
    } catch (error) {
      // A refused link will not work on reload either; a network failure might.
      if (!(error instanceof ApiError && error.status === 0)) clearPendingVerification()
      setPhase({ kind: 'error', message: variant.failureMessage(error), detail: variant.failureDetail(error) })
    }
  }, [link, verifyMagicLink, variant])

  useEffect(() => {
    if (!link) return
    storePendingVerification(link)
    stripTokenFromAddressBar()
    // Starting the request is this effect's whole purpose; its state changes come as the request settles.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (isPendingSignIn(link.email)) void verify()
  }, [link, verify])

  switch (phase.kind) {
    case 'confirm':
      return (
        <Stack gap="md" ta="center" align="center">
          <ThemeIcon size={56} radius="xl" variant="light" aria-hidden="true">
            <LogIn size={28} />
          </ThemeIcon>
          <PhaseHeading>Confirm sign-in</PhaseHeading>
          <Text>
            {invitation
              ? 'You have been invited to the District Staff Platform. Continue to accept the invitation and sign in.'
              : 'This sign-in link was opened in a different browser from the one that asked for it. Continue only if you asked for it.'}
          </Text>
          <Button fullWidth onClick={() => void verify()}>
            Continue as {maskEmail(link?.email ?? '')}
          </Button>
          <Button variant="subtle" onClick={() => navigate(variant.loginPath)}>
            Back to Login
          </Button>
        </Stack>
      )
    case 'verifying':
      return (
        <Stack gap="md" ta="center" align="center" role="status" aria-live="polite">
          <Loader aria-hidden="true" />
          <PhaseHeading>Signing you in</PhaseHeading>
          <Text>Verifying your sign-in link...</Text>
        </Stack>
      )
    case 'success':
      return (
        <SignInSuccess
          newDevice={phase.newDevice}
          redirectDelayMs={variant.redirectDelayMs}
          onRedirect={() => navigate(takeSignInRedirect() ?? '/dashboard', { replace: true })}
        />
      )
    case 'error':
      return (
        <Stack gap="md">
          <PhaseHeading>Unable to sign you in</PhaseHeading>
          <FailureAlert title={phase.message} message={phase.detail && phase.detail !== phase.message ? phase.detail : null}>
            <Text size="sm" mt={4}>
              {variant.note}
            </Text>
          </FailureAlert>
          <Button fullWidth onClick={() => navigate(variant.loginPath, { replace: true })}>
            Back to Login
          </Button>
        </Stack>
      )
  }
}
