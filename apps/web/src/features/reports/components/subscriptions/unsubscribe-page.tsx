import { Alert, Button, Stack, Text, Title } from '@mantine/core'
import { CheckCircle2 } from 'lucide-react'
import { useState } from 'react'
import { useLocation } from 'react-router'
import { FailureAlert } from '@/components/failure-alert'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useUnsubscribe } from '../../api/subscriptions'

const INCOMPLETE = 'This unsubscribe link is incomplete. Open it again from the e-mail.'

/**
 * /unsubscribe#<secret>: the link at the foot of every report e-mail. The secret travels in the fragment, which the
 * browser never sends in the address, and is spent only by a click here, so a mail scanner that opens links
 * unsubscribes nobody. No sign-in: the secret names the person and the subscription.
 */
export function UnsubscribePanel() {
  useDocumentTitle('Unsubscribe')
  const { hash } = useLocation()
  // Read once: the secret of the link as it was opened.
  const [token] = useState(() => decodeURIComponent(hash.replace(/^#/, '')).trim())
  const unsubscribe = useUnsubscribe()

  if (unsubscribe.isSuccess) {
    return (
      <Stack gap="md" role="status">
        <Title order={1} size="h2">
          You are unsubscribed
        </Title>
        <Alert color="teal" variant="light" icon={<CheckCircle2 size={18} aria-hidden="true" />} title={unsubscribe.data.reportName}>
          {unsubscribe.data.message}
        </Alert>
      </Stack>
    )
  }

  return (
    <Stack gap="md">
      <Title order={1} size="h2">
        Unsubscribe from a report
      </Title>
      {token === '' ? (
        <FailureAlert title="This link cannot be used" message={INCOMPLETE} />
      ) : (
        <>
          <Text>
            You will no longer receive the report this e-mail came from. Those who manage the subscription will see that you unsubscribed;
            nothing else about your account changes.
          </Text>
          {unsubscribe.isError ? <FailureAlert title="You were not unsubscribed" error={unsubscribe.error} /> : null}
          <Button onClick={() => unsubscribe.mutate(token)} loading={unsubscribe.isPending} data-autofocus>
            Unsubscribe
          </Button>
        </>
      )}
    </Stack>
  )
}
