import { Group, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core'
import { useState } from 'react'
import { EmptyRow } from '@/components/data/empty-row'
import { FiltersPanel } from '@/components/data/filters-panel'
import { ScrollTable } from '@/components/data/scroll-table'
import { formatCount } from '@/lib/format'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useRecordsFigures } from '../api/records'
import { EXTENSION_REASON_LABELS } from './records-labels'
import { TableHeader } from '@/components/data/table-header'
import { FailureAlert } from '@/components/failure-alert'

const percent = (rate: number | null) => (rate === null ? '—' : `${Math.round(rate * 1000) / 10}%`)
const days = (value: number | null) => (value === null ? '—' : `${Math.round(value * 10) / 10} days`)

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz="xl" fw={700} data-testid={testId}>
        {value}
      </Text>
    </Paper>
  )
}

/** The district's figures: on-time determinations, extensions by reason, exemptions used, days to close. */
export function FiguresView() {
  useDocumentTitle('Public Information figures')
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const figures = useRecordsFigures({ from: from || undefined, to: to || undefined })
  const data = figures.data

  return (
    <Stack gap="md">
      <Title order={2}>Figures</Title>
      <FiltersPanel label="Period of the figures" activeCount={[from, to].filter(Boolean).length}>
        <TextInput label="Received from" type="date" value={from} onChange={(event) => setFrom(event.currentTarget.value)} w={170} />
        <TextInput label="Received to" type="date" value={to} onChange={(event) => setTo(event.currentTarget.value)} w={170} />
      </FiltersPanel>
      {figures.isError ? <FailureAlert title="The figures could not be loaded" error={figures.error} /> : null}
      {data ? (
        <>
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 6 }}>
            <Figure label="Received" value={formatCount(data.received)} testId="figure-received" />
            <Figure label="Open" value={formatCount(data.open)} testId="figure-open" />
            <Figure label="Overdue" value={formatCount(data.overdue)} testId="figure-overdue" />
            <Figure label="Determined on time" value={`${percent(data.onTimeRate)}`} testId="figure-on-time" />
            <Figure label="Closed" value={formatCount(data.closed)} testId="figure-closed" />
            <Figure label="Median days to close" value={days(data.daysToClose.median)} testId="figure-days-to-close" />
          </SimpleGrid>
          <Text size="sm" c="dimmed">
            {formatCount(data.determinedOnTime)} of {formatCount(data.determined)} determinations were made by their due date; the average
            time to close is {days(data.daysToClose.average)}.
          </Text>
          <Group align="flex-start" grow wrap="wrap">
            <Paper withBorder radius="md" miw={280}>
              <ScrollTable minWidth={280} label="Extensions by reason">
                <Table>
                  <Table.Caption>Extensions by reason</Table.Caption>
                  <TableHeader columns={['Reason', 'Extensions']} />
                  <Table.Tbody>
                    {data.extensionsByReason.map((row) => (
                      <Table.Tr key={row.reason}>
                        <Table.Td>{EXTENSION_REASON_LABELS[row.reason]}</Table.Td>
                        <Table.Td>{formatCount(row.count)}</Table.Td>
                      </Table.Tr>
                    ))}
                    {data.extensionsByReason.length === 0 ? (
                      <EmptyRow columns={2} size="sm">
                        No extensions.
                      </EmptyRow>
                    ) : null}
                  </Table.Tbody>
                </Table>
              </ScrollTable>
            </Paper>
            <Paper withBorder radius="md" miw={280}>
              <ScrollTable minWidth={280} label="Exemptions used">
                <Table>
                  <Table.Caption>Exemptions used</Table.Caption>
                  <TableHeader columns={['Exemption', 'Times']} />
                  <Table.Tbody>
                    {data.exemptionsUsed.map((row) => (
                      <Table.Tr key={row.citation}>
                        <Table.Td>
                          {row.citation} · {row.title}
                        </Table.Td>
                        <Table.Td>{formatCount(row.count)}</Table.Td>
                      </Table.Tr>
                    ))}
                    {data.exemptionsUsed.length === 0 ? (
                      <EmptyRow columns={2} size="sm">
                        No exemptions used.
                      </EmptyRow>
                    ) : null}
                  </Table.Tbody>
                </Table>
              </ScrollTable>
            </Paper>
          </Group>
        </>
      ) : null}
    </Stack>
  )
}
