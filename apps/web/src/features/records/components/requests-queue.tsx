import { Button, Group, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { DUE_FILTERS, REQUEST_STATES } from '@platform/contracts/records'
import { formatDay } from '@platform/contracts/records-clock'
import { Plus } from 'lucide-react'
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import { EmptyRow } from '@/components/data/empty-row'
import { FilterSelect } from '@/components/data/filter-select'
import { FiltersPanel } from '@/components/data/filters-panel'
import { Pager } from '@/components/data/pager'
import { ScrollTable } from '@/components/data/scroll-table'
import { formatDateTime } from '@/lib/format'
import { usePageOffset } from '@/lib/use-page-offset'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useRecordsPeople, useRecordsRequests } from '../api/records'
import { ClockBadge } from './clock-badge'
import { PublicPageLink } from './portal-settings'
import { RequestStateBadge, STATE_LABELS, stoppedLabel } from './records-labels'
import { useRecordsDuties } from './use-records-duties'
import { TableHeader } from '@/components/data/table-header'
import { RecordLinkCell } from '@/components/data/record-link-cell'
import { FailureAlert } from '@/components/failure-alert'

const DUE_LABELS: Record<(typeof DUE_FILTERS)[number], string> = {
  OVERDUE: 'Overdue',
  TODAY: 'Due today',
  SOON: 'Due within 2 days',
  THIS_WEEK: 'Due within 7 days',
}
const LIMIT = 25

/** Which values each filter of the address may hold. */
const allowed = {
  state: (value: string) => (REQUEST_STATES as readonly string[]).includes(value),
  due: (value: string) => (DUE_FILTERS as readonly string[]).includes(value),
  assignee: (value: string) => /^[1-9]\d*$/.test(value),
} satisfies Record<string, (value: string) => boolean>
type FilterName = keyof typeof allowed

/**
 * The state, due date and assignee chosen in the address (`?due=OVERDUE`), so the overview's figures open the queue
 * already filtered and a reload or a shared link keeps the choice. A value the queue does not know filters nothing.
 */
function useAddressFilters() {
  const [params, setParams] = useSearchParams()
  const read = (name: FilterName) => {
    const value = params.get(name)
    return value !== null && allowed[name](value) ? value : null
  }
  const set = (name: FilterName) => (value: string | null) =>
    setParams(
      (current) => {
        const changed = new URLSearchParams(current)
        if (value === null) changed.delete(name)
        else changed.set(name, value)
        return changed
      },
      { replace: true },
    )
  return { read, set }
}

/** The queue: every request with its clock, soonest due first; filtered by state, due date, assignee and text. */
export function RequestsQueue() {
  useDocumentTitle('Public records requests')
  const duties = useRecordsDuties()
  const address = useAddressFilters()
  const state = address.read('state')
  const due = address.read('due')
  const assigneeId = address.read('assignee')
  const [typed, setTyped] = useState('')
  const [search] = useDebouncedValue(typed.trim(), 300)
  const filters = { state: state ?? undefined, due: due ?? undefined, assigneeId: assigneeId ?? undefined, search: search || undefined }
  const [offset, setOffset] = usePageOffset(JSON.stringify(filters))
  const requests = useRecordsRequests({ ...filters, limit: LIMIT, offset }, duties.mayView)
  const people = useRecordsPeople(duties.mayView)
  const activeCount = [state, due, assigneeId, search].filter(Boolean).length

  if (duties.none) return null
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2}>Requests</Title>
        <Group gap="md" wrap="wrap">
          <PublicPageLink />
          {duties.has('COORDINATOR') ? (
            <Button component={Link} to="/apps/public-info/requests/new" leftSection={<Plus size={16} aria-hidden="true" />}>
              Record a request
            </Button>
          ) : null}
        </Group>
      </Group>
      <FiltersPanel label="Filter requests" activeCount={activeCount}>
        <FilterSelect label="State" values={REQUEST_STATES} labels={STATE_LABELS} value={state} onChange={address.set('state')} w={170} />
        <FilterSelect
          label="Due"
          placeholder="Any due date"
          values={DUE_FILTERS}
          labels={DUE_LABELS}
          value={due}
          onChange={address.set('due')}
          w={190}
        />
        <Select
          label="Assigned to"
          placeholder="Anyone"
          data={(people.data ?? []).map((person) => ({ value: String(person.id), label: person.name }))}
          value={assigneeId}
          onChange={address.set('assignee')}
          clearable
          searchable
          w={220}
        />
        <TextInput label="Number, requester or text" value={typed} onChange={(event) => setTyped(event.currentTarget.value)} w={240} />
      </FiltersPanel>
      {requests.isError ? <FailureAlert title="The requests could not be loaded" error={requests.error} /> : null}
      <Paper withBorder radius="md">
        <ScrollTable minWidth={900} label="Records requests" cardsOnPhone>
          <Table striped highlightOnHover>
            <Table.Caption>Records requests</Table.Caption>
            <TableHeader columns={['Number', 'Clock', 'Due', 'State', 'Request', 'Received', 'Point person']} />
            <Table.Tbody>
              {(requests.data?.data ?? []).map((request) => (
                <Table.Tr key={request.id}>
                  <RecordLinkCell to={`/apps/public-info/requests/${request.id}`}>{request.number}</RecordLinkCell>
                  <Table.Td>
                    <ClockBadge status={request.status} daysLeft={request.daysLeft} stoppedLabel={stoppedLabel(request.state)} />
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    {formatDay(request.dueOn, true)}
                    {request.extendedDueOn ? (
                      <Text size="xs" c="dimmed">
                        extended
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td>
                    <RequestStateBadge state={request.state} />
                  </Table.Td>
                  <Table.Td style={{ maxWidth: 320 }}>
                    <Text size="sm" lineClamp={2}>
                      {request.summary}
                    </Text>
                    <Text size="xs" c="dimmed">
                      {request.requesterName}
                    </Text>
                  </Table.Td>
                  <Table.Td>{formatDateTime(request.receivedAt)}</Table.Td>
                  <Table.Td>
                    {request.pointPersonName ?? (
                      <Text span c="dimmed" size="sm">
                        Not assigned
                      </Text>
                    )}
                  </Table.Td>
                </Table.Tr>
              ))}
              {requests.isSuccess && requests.data.data.length === 0 ? <EmptyRow columns={7}>No requests match.</EmptyRow> : null}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </Paper>
      {requests.data ? (
        <Pager total={requests.data.pagination.total} limit={LIMIT} offset={offset} onOffsetChange={setOffset} noun="requests" />
      ) : null}
    </Stack>
  )
}
