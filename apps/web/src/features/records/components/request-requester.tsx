import { Alert, Anchor, Badge, Button, SimpleGrid, Stack, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { recordsLabels } from '@platform/contracts/labels/records'
import type { RequestDetail } from '@platform/contracts/records'
import { dayInWords } from '@platform/contracts/records-clock'
import { MailX } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { BreakableText } from '@/components/data/breakable-text'
import { FailureAlert } from '@/components/failure-alert'
import { errorMessage } from '@/lib/api-client'
import { formatDateTime } from '@/lib/format'
import { useDismissDuplicate } from '../api/records-requester'
import { Fact, Section } from './request-parts'

const dimmed = (text: string) => (
  <Text span c="dimmed">
    {text}
  </Text>
)

/**
 * Who asked and how to reach them (kept private: never on the public log or the archive), how they would like the
 * records, whether they filed on the public records page, and a possible duplicate of an earlier request.
 */
export function RequesterSection({ request }: { request: RequestDetail }) {
  const { requester } = request
  return (
    <Section
      title="Requester"
      badge={
        requester.viaPortal ? (
          <Badge color="blue.9" variant="filled" tt="none">
            Filed on the public records page
          </Badge>
        ) : null
      }
    >
      {requester.possibleDuplicateOf ? <DuplicateBanner request={request} earlier={requester.possibleDuplicateOf} /> : null}
      {requester.noEmail ? (
        <Alert color="yellow" variant="light" icon={<MailX size={18} aria-hidden="true" />} title="No e-mail address" role="note">
          Letters go to the To mail list, to be printed and posted; answers are kept on the request.
        </Alert>
      ) : null}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        <Fact label="Name (private)">{request.requesterName || dimmed('Not given (the law lets people ask without a name)')}</Fact>
        <Fact label="E-mail address">{requester.email ? <BreakableText>{requester.email}</BreakableText> : dimmed('None')}</Fact>
        <Fact label="Postal address">
          {requester.postalAddress ? <Text style={{ whiteSpace: 'pre-wrap' }}>{requester.postalAddress}</Text> : dimmed('None')}
        </Fact>
        <Fact label="Would like the records as">
          {requester.preferredFormat ? recordsLabels.preferredFormat[requester.preferredFormat] : dimmed('Not said')}
        </Fact>
      </SimpleGrid>
      {contactSaysMore(request) ? (
        <Fact label="Contact as recorded">
          <BreakableText>{request.requesterContact}</BreakableText>
        </Fact>
      ) : null}
      {requester.trackingIssuedAt ? (
        <Text size="sm" c="dimmed">
          The requester’s private tracking link was last sent {formatDateTime(requester.trackingIssuedAt)}.
        </Text>
      ) : null}
    </Section>
  )
}

/** Whether the contact staff typed says more than the address and postal address read from it (else it is left out). */
function contactSaysMore({ requesterContact, requester }: RequestDetail): boolean {
  const contact = requesterContact.trim().toLowerCase()
  return contact !== '' && contact !== requester.email?.toLowerCase() && contact !== requester.postalAddress?.trim().toLowerCase()
}

type Earlier = NonNullable<RequestDetail['requester']['possibleDuplicateOf']>

/** The flag a similar request from the same contact raised: a link to the earlier one, and "Not a duplicate" for who may clear it. */
function DuplicateBanner({ request, earlier }: { request: RequestDetail; earlier: Earlier }) {
  const dismiss = useDismissDuplicate()
  const [asking, setAsking] = useState(false)
  const [refusal, setRefusal] = useState<string | null>(null)
  return (
    <Alert color="yellow" variant="light" title="Possibly a duplicate" role="note">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">
          The same requester asked something similar in{' '}
          <Anchor component={Link} to={`/apps/public-info/requests/${earlier.id}`} ff="monospace">
            {earlier.number}
          </Anchor>
          , received {dayInWords(earlier.receivedOn)}. It was not refused: check whether it asks for the same records.
        </Text>
        {request.actions.dismissDuplicate ? (
          <Button size="compact-sm" variant="default" onClick={() => setAsking(true)}>
            Not a duplicate
          </Button>
        ) : null}
        {refusal ? <FailureAlert title="The flag was not cleared" message={refusal} /> : null}
      </Stack>
      <ConfirmDialog
        opened={asking}
        title="Not a duplicate"
        message={`Clear the flag on ${request.number}? It will no longer be shown as a possible duplicate of ${earlier.number}, here or in My queue.`}
        confirmLabel="Clear the flag"
        loading={dismiss.isPending}
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setRefusal(null)
          dismiss
            .mutateAsync(request.id)
            .then(() => notifications.show({ color: 'teal', message: `${request.number} is no longer flagged as a duplicate.` }))
            .catch((error: unknown) => setRefusal(errorMessage(error, 'The flag was not cleared. Try again in a moment.')))
            .finally(() => setAsking(false))
        }}
      />
    </Alert>
  )
}
