import { Alert, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import { CircleCheck, MonitorSmartphone } from 'lucide-react'
import { useEffect, useEffectEvent } from 'react'
import { useFocusOnMount } from '@/lib/use-focus-on-mount'
import { NEW_DEVICE_NOTE } from '../utils/sign-in-messages'

export interface SignInSuccessProps {
  /** True when this browser had never signed in to the account. */
  newDevice: boolean
  /** 2.5 s for the e-mail link flow, 2 s for the provider flow. */
  redirectDelayMs: number
  onRedirect: () => void
}

/** The success state of every sign-in: a short confirmation (and the new-device note), then the redirect. */
export function SignInSuccess({ newDevice, redirectDelayMs, onRedirect }: SignInSuccessProps) {
  const headingRef = useFocusOnMount<HTMLHeadingElement>()
  const redirect = useEffectEvent(onRedirect)

  useEffect(() => {
    const timer = setTimeout(() => redirect(), redirectDelayMs)
    return () => clearTimeout(timer)
  }, [redirectDelayMs])

  return (
    <Stack gap="md" ta="center" align="center" role="status" aria-live="polite">
      <ThemeIcon size={56} radius="xl" color="teal.8" aria-hidden="true">
        <CircleCheck size={28} />
      </ThemeIcon>
      <Title order={1} size="h2" ref={headingRef} tabIndex={-1}>
        Sign-in successful
      </Title>
      {newDevice ? (
        <Alert color="blue" variant="light" w="100%" ta="left" icon={<MonitorSmartphone size={18} aria-hidden="true" />}>
          <Text size="sm" fw={600}>
            {NEW_DEVICE_NOTE}
          </Text>
          <Text size="sm" mt={4}>
            You can review your devices and sign them out under Devices and sessions.
          </Text>
        </Alert>
      ) : null}
      <Text>You are signed in. Redirecting you now...</Text>
    </Stack>
  )
}
