import { Badge, Group, Stack, Text } from '@mantine/core'
import { recordsLabels } from '@platform/contracts/labels/records'
import type { Delivery } from '@platform/contracts/records'
import { dayInWords } from '@platform/contracts/records-clock'
import { formatDateTime } from '@/lib/format'

type DeliveryState = Delivery['state']

export const DELIVERY_STATE_LABELS: Record<DeliveryState, string> = recordsLabels.deliveryState
// Dark fills so the white text keeps a 4.5:1 contrast.
const STATE_COLORS: Record<DeliveryState, string> = {
  QUEUED: 'gray.8',
  SENT: 'teal.9',
  RETRYING: 'grape.9',
  FAILED: 'red.9',
  TO_MAIL: 'indigo.9',
  MAILED: 'teal.9',
}

const tries = (attempts: number) => (attempts === 1 ? '1 try' : `${attempts} tries`)

/** Where and when it went, in a sentence: 'E-mailed to quinn@example.org, 5 Mar 2026 09:12'. */
function whereTo(delivery: Delivery): string {
  const to = delivery.recipient.replace(/\s*\n\s*/g, ', ')
  switch (delivery.state) {
    case 'QUEUED':
      return `Waiting in the mail queue for ${to}.`
    case 'SENT':
      return `E-mailed to ${to}${delivery.sentAt ? `, ${formatDateTime(delivery.sentAt)}` : ''}.`
    case 'RETRYING':
      return `Not yet accepted for ${to} after ${tries(delivery.attempts)}; the platform keeps trying.`
    case 'FAILED':
      return `Not delivered to ${to} after ${tries(delivery.attempts)}.`
    case 'TO_MAIL':
      return `Waiting on the To mail list, for ${to}.`
    case 'MAILED':
      return `Mailed${delivery.mailedOn ? ` ${dayInWords(delivery.mailedOn)}` : ''} to ${to}.`
  }
}

/** How a letter or an answer reached the requester: its state in words, to whom, and the mail server's answer when it refused. */
export function DeliveryStatus({ delivery }: { delivery: Delivery }) {
  const refused = (delivery.state === 'FAILED' || delivery.state === 'RETRYING') && delivery.lastError
  return (
    <Stack gap={2}>
      <Group gap="xs" wrap="wrap">
        <Badge color={STATE_COLORS[delivery.state]} variant="filled" tt="none" style={{ flexShrink: 0 }}>
          {DELIVERY_STATE_LABELS[delivery.state]}
        </Badge>
        <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
          {whereTo(delivery)}
        </Text>
      </Group>
      {refused ? (
        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          The mail server answered: {delivery.lastError}
        </Text>
      ) : null}
    </Stack>
  )
}
