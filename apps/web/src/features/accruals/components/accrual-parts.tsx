import { Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core'
import type { AccrualFlags, AccrualHistoryEntry, AccrualState, AccrualType, Basis, Clearing, Deadline } from '@platform/contracts/accruals'
import type { ReactNode } from 'react'
import { formatDateTime } from '@/lib/format'

export const TYPE_LABELS: Record<AccrualType, string> = {
  PAYABLE: 'Payable',
  RECEIVABLE: 'Receivable',
  UNEARNED_REVENUE: 'Unearned revenue',
  PAYROLL: 'Payroll',
  OTHER: 'Other',
}
export const CLEARING_LABELS: Record<Clearing, string> = { REVERSE: 'Reversed on July 1', PAY_AGAINST: 'Paid against the accrual' }
export const BASIS_LABELS: Record<Basis, string> = { ACTUAL: 'Actual', ESTIMATE: 'Estimate' }
export const STATE_LABELS: Record<AccrualState, string> = {
  DRAFT: 'Draft',
  SUBMITTED: 'Submitted',
  SITE_APPROVED: 'Site approved',
  APPROVED: 'Approved',
  RETURNED: 'Returned',
  REJECTED: 'Rejected',
  WITHDRAWN: 'Withdrawn',
  POSTED: 'Posted',
  PARTIALLY_LIQUIDATED: 'Partially liquidated',
  LIQUIDATED: 'Liquidated',
  WRITTEN_OFF: 'Written off',
}
// Dark fills so the white text keeps a 4.5:1 contrast.
const STATE_COLORS: Record<AccrualState, string> = {
  DRAFT: 'gray.8',
  SUBMITTED: 'blue.9',
  SITE_APPROVED: 'cyan.9',
  APPROVED: 'indigo.9',
  RETURNED: 'pink.9',
  REJECTED: 'red.9',
  WITHDRAWN: 'dark.6',
  POSTED: 'violet.9',
  PARTIALLY_LIQUIDATED: 'grape.9',
  LIQUIDATED: 'teal.9',
  WRITTEN_OFF: 'dark.4',
}
export const DEADLINE_LABELS: Record<Deadline['name'], string> = {
  cutoffOn: 'Cut-off date',
  submitBy: 'Sites submit by',
  lockOn: 'Lock date',
  boardOn: 'Board approval',
  countyOn: 'County verification',
}

/** A state or type key of the totals, as a person reads it. */
export const stateOrTypeLabel = (key: string) => STATE_LABELS[key as AccrualState] ?? TYPE_LABELS[key as AccrualType] ?? key

export const AccrualStateBadge = ({ state }: { state: AccrualState }) => (
  <Badge color={STATE_COLORS[state]} variant="filled" tt="none">
    {STATE_LABELS[state]}
  </Badge>
)

/** How far a date of the cycle is: "in 12 days", "today", or, once passed, "passed 40 days ago". */
export function countdownText(deadline: Pick<Deadline, 'daysLeft' | 'passed'>): string {
  const days = Math.abs(deadline.daysLeft)
  const count = `${days} day${days === 1 ? '' : 's'}`
  if (deadline.daysLeft === 0) return 'Today'
  if (deadline.passed || deadline.daysLeft < 0) return `Passed ${count} ago`
  return `In ${count}`
}

/** The flags the server set on a request (flagged, not refused). */
export function FlagBadges({ flags }: { flags: AccrualFlags }) {
  const shown: Array<[string, string]> = []
  if (flags.belowMateriality) shown.push(['Below materiality', 'gray.8'])
  if (flags.possibleDuplicate) shown.push(['Possible duplicate', 'indigo.9'])
  if (flags.restricted) shown.push(['Restricted resource', 'grape.9'])
  if (flags.openAtYearEnd) shown.push(['Open at December 31', 'red.9'])
  if (shown.length === 0) return null
  return (
    <Group gap={4} wrap="wrap">
      {shown.map(([label, color]) => (
        <Badge key={label} color={color} variant="filled" tt="none" size="sm">
          {label}
        </Badge>
      ))}
    </Group>
  )
}

/** A labelled fact of a record. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text style={{ overflowWrap: 'anywhere' }}>{children}</Text>
    </div>
  )
}

const ACTION_LABELS: Record<string, string> = {
  'accruals.drafted': 'Drafted',
  'accruals.edited': 'Edited',
  'accruals.submit': 'Submitted',
  'accruals.site_approve': 'Approved for the site',
  'accruals.approve': 'Approved by fiscal services',
  'accruals.return': 'Returned to the requester',
  'accruals.reject': 'Rejected',
  'accruals.withdraw': 'Withdrawn',
  'accruals.liquidated': 'Liquidation recorded',
  'accruals.written_off': 'Remainder written off',
  'accruals.posted': 'Posted in a journal',
  'finance.attachment_added': 'File attached',
  'finance.separation_refused': 'Refused: separation of duties',
  'finance.separation_exception_used': 'Allowed by a separation-of-duties exception',
}

/** The audit action as a person reads it ("accruals.site_approve" → "Approved for the site"; others as words). */
export function actionLabel(action: string): string {
  if (ACTION_LABELS[action]) return ACTION_LABELS[action]
  const last = action.split('.').at(-1) ?? action
  const words = last.replace(/[_-]+/g, ' ').trim()
  return words.charAt(0).toUpperCase() + words.slice(1)
}

/** The request's history, from its audit rows: who took which step when, with the reason and version. */
export function HistoryList({ entries }: { entries: AccrualHistoryEntry[] }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="xs">
        <Title order={3} size="h4">
          History
        </Title>
        {entries.length === 0 ? (
          <Text c="dimmed" size="sm">
            Nothing yet.
          </Text>
        ) : null}
        <List spacing={4} size="sm">
          {entries.map((entry, index) => {
            const reason = typeof entry.details?.reason === 'string' ? entry.details.reason : null
            const version = typeof entry.details?.version === 'number' ? entry.details.version : null
            return (
              <List.Item key={`${entry.at}-${index}`}>
                <Text span fw={600}>
                  {actionLabel(entry.action)}
                </Text>
                {version !== null ? ` (version ${version})` : ''} {entry.actorName ? `by ${entry.actorName} ` : ''}
                <Text span c="dimmed">
                  {formatDateTime(entry.at)}
                </Text>
                {entry.outcome && entry.outcome !== 'success' ? <Text span c="red.8">{` · ${entry.outcome}`}</Text> : null}
                {reason ? <Text size="sm">Reason: {reason}</Text> : null}
              </List.Item>
            )
          })}
        </List>
      </Stack>
    </Paper>
  )
}
