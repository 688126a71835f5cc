import { Table, Text } from '@mantine/core'
import { dsaLabels } from '@platform/contracts/labels/dsa'
import type { ScrapeRunStatus } from '@platform/contracts/dsa'
import { formatCount, formatDateTime } from '@/lib/format'
import { clientDisplayName } from '../utils/client-id'
import { ScrapeLogStatusBadge } from './status-badges'
import { ScrollTable } from '@/components/data/scroll-table'
import { TableHeader } from '@/components/data/table-header'

/** What the run tables show of a run (both a ScrapeRun and a statistics log row have it). */
export interface RunRow {
  id: number
  clientId: string
  started: string
  finished: string | null
  status: ScrapeRunStatus
  projectsFound: number
  projectsSaved: number
  projectsUpdated: number
  error: string | null
  trigger?: 'manual' | 'schedule'
}

/** Runs, newest first: client, when, status badge, counts and what went wrong. */
export function RunsTable({ runs, label }: { runs: readonly RunRow[]; label: string }) {
  const withTrigger = runs.some((run) => run.trigger !== undefined)
  return (
    <ScrollTable minWidth={820} label={label} cardsOnPhone>
      <Table striped verticalSpacing="xs" aria-label={label}>
        <TableHeader
          columns={[
            'Client',
            withTrigger && 'Trigger',
            'Started',
            'Finished',
            'Status',
            { label: 'Found', ta: 'right' },
            { label: 'Saved', ta: 'right' },
            { label: 'Updated', ta: 'right' },
            'Error',
          ]}
        />
        <Table.Tbody>
          {runs.map((run) => (
            <Table.Tr key={run.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{clientDisplayName(run.clientId)}</Table.Td>
              {withTrigger ? <Table.Td>{dsaLabels.trigger[run.trigger ?? 'manual']}</Table.Td> : null}
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(run.started)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{run.finished ? formatDateTime(run.finished) : '—'}</Table.Td>
              <Table.Td>
                <ScrapeLogStatusBadge status={run.status} />
              </Table.Td>
              <Table.Td ta="right">{formatCount(run.projectsFound)}</Table.Td>
              <Table.Td ta="right">{formatCount(run.projectsSaved)}</Table.Td>
              <Table.Td ta="right">{formatCount(run.projectsUpdated)}</Table.Td>
              <Table.Td>
                {run.error ? (
                  <Text size="sm" c="red.9">
                    {run.error}
                  </Text>
                ) : (
                  '—'
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  )
}
