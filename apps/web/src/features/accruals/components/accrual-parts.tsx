import { Badge, Group, List, Paper, Stack, Text, Title } from '@mantine/core'
import type { AccrualFlags, AccrualHistoryEntry, AccrualState, AccrualType, Deadline } from '@platform/contracts/accruals'
import { labelOf } from '@platform/contracts/labels'
import { accrualsLabels } from '@platform/contracts/labels/accruals'
import type { ReactNode } from 'react'
import { formatDateTime } from '@/lib/format'

export const TYPE_LABELS = accrualsLabels.type
export const CLEARING_LABELS = accrualsLabels.clearing
export const BASIS_LABELS = accrualsLabels.basis
export const STATE_LABELS = accrualsLabels.state
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
export const DEADLINE_LABELS = accrualsLabels.deadline

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

/** The audit action as a person reads it ("accruals.site_approve" → "Approved for the site"; others as words). */
export function actionLabel(action: string): string {
  const known = (accrualsLabels.action as Record<string, string>)[action]
  return known ?? labelOf(accrualsLabels.action, action.split('.').at(-1) ?? action)
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
