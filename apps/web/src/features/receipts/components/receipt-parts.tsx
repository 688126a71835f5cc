import { Badge, List, Paper, Stack, Text, Title } from '@mantine/core'
import type { DepositState, HistoryEntry, ReceiptState } from '@platform/contracts/receipts'
import { formatCents } from '@platform/contracts/finance-money'

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
/** A state as people read it: 'VOIDED' is 'Voided'. */
export const stateLabel = (state: string) => state.charAt(0) + state.slice(1).toLowerCase()

export const ReceiptStateBadge = ({ state }: { state: ReceiptState }) => (
  <Badge color={RECEIPT_COLORS[state]} variant="filled" tt="none">
    {stateLabel(state)}
  </Badge>
)
export const DepositStateBadge = ({ state }: { state: DepositState }) => (
  <Badge color={DEPOSIT_COLORS[state]} variant="filled" tt="none">
    {stateLabel(state)}
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

const ACTION_LABELS: Record<string, string> = {
  'receipts.issued': 'Issued',
  'receipts.voided': 'Voided',
  'receipts.check_returned': 'Check returned',
  'receipts.deposit_gathered': 'Gathered into a deposit',
  'receipts.deposit_counted': 'Counted',
  'receipts.deposit_approved': 'Approved',
  'receipts.deposit_submitted': 'Submitted to the treasury',
  'receipts.deposit_confirmed': 'Confirmed by the treasury',
  'receipts.deposit_reconciled': 'Reconciled',
  'finance.separation_refused': 'Refused: separation of duties',
  'finance.separation_exception_used': 'Allowed by a separation-of-duties exception',
  'finance.attachment_added': 'File attached',
}

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
                {ACTION_LABELS[entry.action] ?? entry.action}
              </Text>{' '}
              {entry.actorName ? `by ${entry.actorName} ` : ''}
              <Text span c="dimmed">
                {new Date(entry.at).toLocaleString()}
              </Text>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Paper>
  )
}
