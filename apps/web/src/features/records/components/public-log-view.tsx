import { Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core'
import { dayInWords } from '@platform/contracts/records-clock'
import { FileDown } from 'lucide-react'
import { useState } from 'react'
import { EmptyRow } from '@/components/data/empty-row'
import { FiltersPanel } from '@/components/data/filters-panel'
import { ScrollTable } from '@/components/data/scroll-table'
import { errorMessage } from '@/lib/api-client'
import { useDocumentTitle } from '@/lib/use-document-title'
import { downloadRecordsFile, usePublicLog } from '../api/records'
import { OUTCOME_LABELS, RequestStateBadge } from './records-labels'
import { TableHeader } from '@/components/data/table-header'
import { FailureAlert } from '@/components/failure-alert'

const day = (date: string | null) => (date ? dayInWords(date) : '—')
// Long unbroken text (an address, a file name) breaks inside the cell instead of pushing the table past the page.
const BREAK = { overflowWrap: 'anywhere' } as const

/** The public log: every request as the public may read it, without the requester's name or contact. */
export function PublicLogView() {
  useDocumentTitle('Public log')
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const [problem, setProblem] = useState<string | null>(null)
  const query = { from: from || undefined, to: to || undefined }
  const log = usePublicLog(query)
  const exportCsv = () => {
    setProblem(null)
    const params: Record<string, string> = { format: 'csv' }
    if (from) params.from = from
    if (to) params.to = to
    downloadRecordsFile('/api/records-public-log', 'public-records-log.csv', params).catch((error: unknown) =>
      setProblem(errorMessage(error, 'The export failed. Try again in a moment.')),
    )
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Title order={2}>Public log</Title>
        <Button variant="default" leftSection={<FileDown size={16} aria-hidden="true" />} onClick={exportCsv}>
          Export CSV
        </Button>
      </Group>
      <Text c="dimmed" size="sm">
        What the district publishes: no requester names or contacts appear here or in the export.
      </Text>
      <FiltersPanel label="Filter the public log" activeCount={[from, to].filter(Boolean).length}>
        <TextInput label="Received from" type="date" value={from} onChange={(event) => setFrom(event.currentTarget.value)} w={170} />
        <TextInput label="Received to" type="date" value={to} onChange={(event) => setTo(event.currentTarget.value)} w={170} />
      </FiltersPanel>
      {problem ? <FailureAlert message={problem} /> : null}
      {log.isError ? <FailureAlert title="The public log could not be loaded" error={log.error} /> : null}
      <Paper withBorder radius="md">
        <ScrollTable minWidth={960} label="Public log" cardsOnPhone>
          <Table striped>
            <Table.Caption>Public log</Table.Caption>
            <TableHeader columns={['Number', 'Received', 'Request', 'State', 'Outcome', 'Due', 'Determined', 'Closed']} />
            <Table.Tbody>
              {(log.data ?? []).map((entry) => (
                <Table.Tr key={entry.number}>
                  <Table.Td ff="monospace" style={{ whiteSpace: 'nowrap' }}>
                    {entry.number}
                  </Table.Td>
                  <Table.Td miw={110}>{day(entry.receivedOn)}</Table.Td>
                  <Table.Td miw={200} style={{ maxWidth: 360 }}>
                    <Text size="sm" lineClamp={3} style={BREAK}>
                      {entry.summary}
                    </Text>
                  </Table.Td>
                  <Table.Td>
                    <RequestStateBadge state={entry.state} />
                  </Table.Td>
                  <Table.Td style={BREAK}>{entry.outcome ? OUTCOME_LABELS[entry.outcome] : '—'}</Table.Td>
                  <Table.Td miw={110}>
                    {day(entry.dueOn)}
                    {entry.extended ? (
                      <Text size="xs" c="dimmed">
                        extended
                      </Text>
                    ) : null}
                  </Table.Td>
                  <Table.Td miw={110}>{day(entry.determinedOn)}</Table.Td>
                  <Table.Td miw={110}>{day(entry.closedOn)}</Table.Td>
                </Table.Tr>
              ))}
              {log.isSuccess && log.data.length === 0 ? <EmptyRow columns={8}>No requests in this period.</EmptyRow> : null}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </Paper>
    </Stack>
  )
}
