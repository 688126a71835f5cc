import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { LogOut } from 'lucide-react'
import { useRef, useState } from 'react'
import { useNavigate } from 'react-router'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { FailureAlert } from '@/components/failure-alert'
import { LoadingState } from '@/components/loading-state'
import { errorMessage } from '@/lib/api-client'
import { useAuth } from '@/lib/auth-context'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useDevices, useSignOut } from '../api/account'
import { confirmationFor, countOtherSessions, endsCurrentSession, type SignOutTarget } from '../utils/sign-out-targets'
import { DeviceCard } from './device-card'
import { SessionsTable } from './sessions-table'

export const SIGN_OUT_FAILED = 'Failed to sign out. Please try again.'

/** Devices and sessions (/account/devices): the person's browsers and sessions, and signing out one, a device or all. */
export function DevicesAndSessions() {
  useDocumentTitle('Devices and sessions')
  const { logout } = useAuth()
  const navigate = useNavigate()
  const devices = useDevices()
  const signOut = useSignOut()
  // The target outlives the dialog's closing animation, so its words do not vanish while it fades.
  const [target, setTarget] = useState<SignOutTarget | null>(null)
  const [confirming, setConfirming] = useState(false)
  const headingRef = useRef<HTMLHeadingElement>(null)
  const confirmation = target ? confirmationFor(target) : null

  const ask = (next: SignOutTarget) => {
    setTarget(next)
    setConfirming(true)
  }

  const onConfirm = () => {
    if (!target || signOut.isPending) return
    const endsHere = endsCurrentSession(target)
    signOut.mutate(target, {
      onSuccess: async (result) => {
        notifications.show({ color: 'teal', message: result.message })
        setConfirming(false)
        if (endsHere) {
          // This browser's session is gone on the server: forget it here too and sign in again.
          await logout()
          navigate('/login', { replace: true })
          return
        }
        // The button that was pressed may be gone with its session: keep the focus on the page.
        headingRef.current?.focus()
      },
      onError: (error) => {
        notifications.show({ color: 'red', message: errorMessage(error, SIGN_OUT_FAILED), autoClose: false })
        setConfirming(false)
      },
    })
  }

  const data = devices.data
  const others = data ? countOtherSessions(data) : 0

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Title order={1} ref={headingRef} tabIndex={-1}>
            Devices and sessions
          </Title>
          <Text c="dimmed">The browsers you have signed in from and their open sessions. Sign out anything you do not recognise.</Text>
        </Stack>
        <Group gap="sm">
          <Button variant="default" onClick={() => ask({ kind: 'everywhere', keepCurrent: true })} disabled={!data || others === 0}>
            Sign out all other sessions
          </Button>
          <Button
            color="red.8"
            leftSection={<LogOut size={16} aria-hidden="true" />}
            onClick={() => ask({ kind: 'everywhere', keepCurrent: false })}
            disabled={!data}
          >
            Sign out everywhere
          </Button>
        </Group>
      </Group>

      {devices.isError ? (
        <FailureAlert
          title="Failed to load your devices"
          error={devices.error}
          onRetry={() => void devices.refetch()}
          retrying={devices.isFetching}
        />
      ) : !data ? (
        <LoadingState label="Loading devices" query={devices} />
      ) : (
        <Stack gap="md" aria-busy={devices.isFetching}>
          {data.devices.length === 0 && data.otherSessions.length === 0 ? <Text c="dimmed">No devices or sessions to show.</Text> : null}
          {data.devices.map((device) => (
            <DeviceCard
              key={device.id}
              device={device}
              busy={signOut.isPending}
              onSignOutDevice={(chosen) => ask({ kind: 'device', device: chosen })}
              onSignOutSession={(session) => ask({ kind: 'session', session })}
            />
          ))}
          {data.otherSessions.length > 0 ? (
            <Paper withBorder radius="md" p="md" component="section" aria-labelledby="other-sessions">
              <Stack gap="sm">
                <Stack gap={2}>
                  <Title order={2} size="h4" id="other-sessions">
                    Other sessions
                  </Title>
                  <Text size="sm" c="dimmed">
                    Sessions opened before this platform remembered devices.
                  </Text>
                </Stack>
                <SessionsTable
                  label="Other sessions"
                  sessions={data.otherSessions}
                  disabled={signOut.isPending}
                  onSignOut={(session) => ask({ kind: 'session', session })}
                />
              </Stack>
            </Paper>
          ) : null}
        </Stack>
      )}

      <ConfirmDialog
        opened={confirming && confirmation !== null}
        title={confirmation?.title ?? ''}
        message={confirmation?.message ?? ''}
        confirmLabel={confirmation?.confirmLabel ?? ''}
        danger
        loading={signOut.isPending}
        onConfirm={onConfirm}
        onCancel={() => setConfirming(false)}
      />
    </Stack>
  )
}
