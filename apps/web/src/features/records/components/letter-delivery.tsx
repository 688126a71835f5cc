import { Anchor, Button, Group, Stack } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import type { Letter, RequestDetail } from '@platform/contracts/records'
import { Send } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { FailureAlert } from '@/components/failure-alert'
import { errorMessage } from '@/lib/api-client'
import { useResendLetter } from '../api/records-requester'
import { DeliveryStatus } from './delivery-status'
import { LETTER_LABELS } from './records-labels'

/**
 * How an issued letter reached the requester, and what may be done about it: a failed e-mail sent again (by whoever
 * keeps the mailings; the server refuses anyone else in words), a posted letter found on the To mail list.
 */
export function LetterDelivery({
  request,
  letter,
  delivery,
  mayResend,
}: {
  request: RequestDetail
  letter: Letter
  delivery: NonNullable<Letter['delivery']>
  mayResend: boolean
}) {
  const resend = useResendLetter()
  const [refusal, setRefusal] = useState<string | null>(null)
  const name = `${LETTER_LABELS[letter.kind].toLowerCase()} letter`
  const failedEmail = delivery.channel === 'EMAIL' && delivery.state === 'FAILED'
  return (
    <Stack gap={4}>
      <Group gap="sm" wrap="wrap" align="flex-start" justify="space-between">
        <DeliveryStatus delivery={delivery} />
        {failedEmail && mayResend ? (
          <Button
            size="compact-sm"
            variant="default"
            leftSection={<Send size={14} aria-hidden="true" />}
            loading={resend.isPending}
            aria-label={`Send the ${name} again`}
            onClick={() => {
              setRefusal(null)
              resend
                .mutateAsync({ id: request.id, letterId: letter.id })
                .then(() => notifications.show({ color: 'teal', message: `The ${name} was queued again for ${delivery.recipient}.` }))
                .catch((error: unknown) => setRefusal(errorMessage(error, 'The letter was not sent again. Try again in a moment.')))
            }}
          >
            Send again
          </Button>
        ) : null}
        {delivery.state === 'TO_MAIL' ? (
          <Anchor component={Link} to="/apps/public-info/to-mail" size="sm">
            Open the To mail list
          </Anchor>
        ) : null}
      </Group>
      {refusal ? <FailureAlert title="Not sent again" message={refusal} /> : null}
    </Stack>
  )
}
