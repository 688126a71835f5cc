import { Badge, List, Paper, Stack, Text, Title } from '@mantine/core'
import type { DepositState, HistoryEntry, ReceiptState } from '@platform/contracts/receipts'
import { deadlineStatus, type DeadlineTone } from '@platform/contracts/deadline'
import { formatCents } from '@platform/contracts/finance-money'
import { labelOf } from '@platform/contracts/labels'
import { receiptsLabels } from '@platform/contracts/labels/receipts'
import { districtTimeZone } from '@/lib/district-time'
import { formatDateTime } from '@/lib/format'

// Dark fills so the white text keeps a 4.5:1 contrast.
const RECEIPT_COLORS: Record<ReceiptState, string> = { ISSUED: 'blue.9', DEPOSITED: 'teal.9', VOIDED: 'red.9', RETURNED: 'grape.9' }
const DEPOSIT_COLORS: Record<DepositState, string> = {
  OPEN: 'blue.9',
  COUNTED: 'violet.9',
  APPROVED: 'cyan.9',
  SUBMITTED: 'indigo.9',
  CONFIRMED: 'teal.9',
  RECONCILED: 'gray.8',
}
/** A receipt's or deposit's state as people read it: 'VOIDED' is 'Voided'. */
export const stateLabel = (state: string) =>
  labelOf((receiptsLabels.receiptState as Record<string, string>)[state] ? receiptsLabels.receiptState : receiptsLabels.depositState, state)

// The one deadline rule's tones: red once overdue, orange when due within two days.
const TONE_COLORS: Record<DeadlineTone, string> = { overdue: 'red.9', soon: 'orange.9', later: 'teal.9' }

/** A deadline as a badge, judged by the one deadline rule on the district's calendar ('Overdue by 3 days (due Nov 24)'). */
export function DeadlineBadge({ due, now = new Date() }: { due: string; now?: Date }) {
  const status = deadlineStatus(due, now, districtTimeZone())
  return (
    <Badge
      color={TONE_COLORS[status.tone]}
      variant="filled"
      tt="none"
      py={2}
      styles={{ root: { height: 'auto', maxWidth: '100%' }, label: { whiteSpace: 'normal', overflow: 'visible' } }}
    >
      {status.words}
    </Badge>
  )
}

export const ReceiptStateBadge = ({ state }: { state: ReceiptState }) => (
  <Badge color={RECEIPT_COLORS[state]} variant="filled" tt="none">
    {labelOf(receiptsLabels.receiptState, state)}
  </Badge>
)
export const DepositStateBadge = ({ state }: { state: DepositState }) => (
  <Badge color={DEPOSIT_COLORS[state]} variant="filled" tt="none">
    {labelOf(receiptsLabels.depositState, state)}
  </Badge>
)

/** An amount, or a note that it stays hidden until the count (the blind count). */
export const Amount = ({ cents }: { cents: number | null }) =>
  cents === null ? (
    <Text span c="dimmed" size="sm">
      Hidden until counted
    </Text>
  ) : (
    <>{formatCents(cents)}</>
  )

/** The record's history, from its audit rows. */
export function HistoryList({ entries }: { entries: HistoryEntry[] }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Title order={2} size="h4">
          History
        </Title>
        <List spacing={4} size="sm">
          {entries.map((entry, index) => (
            <List.Item key={`${entry.at}-${index}`}>
              <Text span fw={600}>
                {labelOf(receiptsLabels.action, entry.action)}
              </Text>{' '}
              {entry.actorName ? `by ${entry.actorName} ` : ''}
              <Text span c="dimmed">
                {formatDateTime(entry.at)}
              </Text>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  )
}

/** '$5.00 short' or '$2.50 over': a count against what was expected. */
export const overShortWords = (cents: number) => `${formatCents(Math.abs(cents))} ${cents < 0 ? 'short' : 'over'}`

// The forms of Payment Receipts read their contract's messages without the API's field names.
export { withoutFieldNames } from '@/lib/schema-errors'
