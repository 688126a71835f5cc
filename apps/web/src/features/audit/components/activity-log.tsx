import { Badge, Group, NativeSelect, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import type { AuditEntry } from '@platform/contracts/audit'
import { Search } from 'lucide-react'
import { Fragment, useState } from 'react'
import { BreakableText } from '@/components/data/breakable-text'
import { DateRangeInputs, useDateRange } from '@/components/data/date-range-inputs'
import { ExportCsvButton } from '@/components/data/export-button'
import { FiltersPanel } from '@/components/data/filters-panel'
import { ListResults } from '@/components/data/list-results'
import { RowToggle } from '@/components/data/row-toggle'
import { ScrollTable } from '@/components/data/scroll-table'
import { useAuth } from '@/lib/auth-context'
import { formatDateTime } from '@/lib/format'
import { useDocumentTitle } from '@/lib/use-document-title'
import { usePageOffset } from '@/lib/use-page-offset'
import { exportAuditLog, useAuditActions, useAuditLog, type AuditFilters } from '../api/audit'
import { actionLabel, outcomeLabel, subjectLabel } from '../utils/audit-labels'
import { parseAuditDetails, type SummaryPart, summaryParts } from '../utils/audit-details'
import { AuditDetailsPanel } from './audit-details-panel'
import { CheckpointsPanel } from './checkpoints-panel'
import { TableHeader } from '@/components/data/table-header'

const PAGE_SIZES = [25, 50, 100, 200] as const
const COLUMNS = 8

function who(entry: AuditEntry): { name: string; email: string | null } {
  if (entry.actor_name || entry.actor_email)
    return { name: entry.actor_name || entry.actor_email || '', email: entry.actor_name ? entry.actor_email : null }
  return { name: entry.actor_user_id === null ? 'System / not signed in' : `User ${entry.actor_user_id}`, email: null }
}

/** The summary cell: names in words, each recorded value marked as recorded (it is the record's, not a label). */
function DetailsSummary({ parts }: { parts: readonly SummaryPart[] }) {
  if (parts.length === 0) return '—'
  return parts.map((part, index) => (
    <Fragment key={index}>
      {index > 0 ? ' · ' : null}
      {part.label}
      {part.label && part.value !== undefined ? ': ' : null}
      {part.value !== undefined ? <span data-verbatim>{part.value}</span> : null}
    </Fragment>
  ))
}

function AuditRow({ entry }: { entry: AuditEntry }) {
  const [open, setOpen] = useState(false)
  const details = parseAuditDetails(entry.details)
  const actor = who(entry)
  const panelId = `audit-details-${entry.audit_id}`
  return (
    <Fragment>
      <Table.Tr>
        <Table.Td>
          <RowToggle
            label={`Details of entry ${entry.audit_id}`}
            open={open}
            panelId={panelId}
            onToggle={() => setOpen((value) => !value)}
          />
        </Table.Td>
        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.occurred_at)}</Table.Td>
        <Table.Td>
          <Text size="sm">{actor.name}</Text>
          {actor.email ? (
            <Text size="xs" c="dimmed">
              <BreakableText>{actor.email}</BreakableText>
            </Text>
          ) : null}
        </Table.Td>
        <Table.Td>
          <Text size="sm">{actionLabel(entry.action)}</Text>
        </Table.Td>
        <Table.Td>
          <Badge
            color={entry.outcome === 'success' ? 'teal.9' : entry.outcome === 'failure' ? 'red.9' : 'gray.7'}
            variant="filled"
            tt="none"
          >
            {outcomeLabel(entry.outcome)}
          </Badge>
        </Table.Td>
        <Table.Td>{subjectLabel(entry)}</Table.Td>
        <Table.Td>{entry.ip ?? '—'}</Table.Td>
        <Table.Td>
          <Text size="sm" c="dimmed" lineClamp={2}>
            <DetailsSummary parts={summaryParts(details)} />
          </Text>
        </Table.Td>
      </Table.Tr>
      {open ? (
        <Table.Tr id={panelId}>
          <Table.Td />
          <Table.Td colSpan={COLUMNS - 1}>
            <AuditDetailsPanel entry={entry} details={details} />
          </Table.Td>
        </Table.Tr>
      ) : null}
    </Fragment>
  )
}

/** The Activity view: who did what to whom, when and from where, with before and after values. */
export function ActivityLog() {
  useDocumentTitle('Activity')
  const [person, setPerson] = useState('')
  const [debouncedPerson] = useDebouncedValue(person.trim(), 300)
  const [action, setAction] = useState('')
  const range = useDateRange()
  const [limit, setLimit] = useState<number>(50)
  const filters: AuditFilters = { person: debouncedPerson, action, from: range.from, to: range.to }
  const [offset, setOffset] = usePageOffset(JSON.stringify([filters, limit]))
  const log = useAuditLog(filters, limit, offset)
  const actions = useAuditActions()
  const activeCount = [person, action, range.from, range.to].filter(Boolean).length
  const { user } = useAuth()

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Title order={1}>Activity</Title>
          <Text c="dimmed">Sign-ins, failures and every administrative change, newest first.</Text>
        </Stack>
        <ExportCsvButton download={() => exportAuditLog(filters)} disabled={range.reversed} />
      </Group>

      <Paper withBorder radius="md" p="md">
        <Stack gap="md">
          <FiltersPanel label="Filter activity" activeCount={activeCount} align="flex-start">
            <TextInput
              label="Person"
              placeholder="Name or e-mail"
              description="Who acted, or whom it was about"
              leftSection={<Search size={16} aria-hidden="true" />}
              value={person}
              onChange={(event) => setPerson(event.currentTarget.value)}
              type="search"
              maxLength={200}
              style={{ flex: '1 1 220px' }}
            />
            <NativeSelect
              label="Action"
              description="What was done"
              value={action}
              onChange={(event) => setAction(event.currentTarget.value)}
              data={[
                { value: '', label: 'All actions' },
                ...(actions.data ?? []).map((name) => ({ value: name, label: actionLabel(name) })),
              ]}
            />
            <DateRangeInputs range={range} described />
          </FiltersPanel>

          <ListResults
            query={log}
            noun="entries"
            title="activity"
            filtered={activeCount > 0}
            pager={{ limit, offset, onOffsetChange: setOffset, pageSizes: PAGE_SIZES, onLimitChange: setLimit }}
          >
            {(entries, busy) => (
              <ScrollTable minWidth={1000} label="Activity" cardsOnPhone>
                <Table verticalSpacing="xs" striped aria-label="Activity" aria-busy={busy}>
                  <TableHeader
                    columns={[{ label: 'Details', visuallyHidden: true }, 'When', 'Who', 'Action', 'Outcome', 'Subject', 'From', 'Summary']}
                  />
                  <Table.Tbody>
                    {entries.map((entry) => (
                      <AuditRow key={entry.audit_id} entry={entry} />
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollTable>
            )}
          </ListResults>
        </Stack>
      </Paper>

      {user?.roleCode === 'SUPER_ADMIN' ? <CheckpointsPanel /> : null}
    </Stack>
  )
}
