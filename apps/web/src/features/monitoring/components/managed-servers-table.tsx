import { Table, Text } from '@mantine/core'
import type { ManagedServer } from '@platform/contracts/monitoring'
import { formatDateTime } from '@/lib/format'
import { clusterLabel, dataSourcesText, heapText, metricsNeedAttention, threadsText } from '../utils/monitoring'
import { Since } from './since'
import { HealthBadge, ServerStateBadge } from './tone-badge'
import { ScrollTable } from '@/components/data/scroll-table'
import { BreakableText } from '@/components/data/breakable-text'
import { TableHeader } from '@/components/data/table-header'

/** The managed servers of a domain: address, port, cluster (blank when 'None'), state and since when, start time, health and metrics. */
export function ManagedServersTable({ domain, servers }: { domain: string; servers: ManagedServer[] }) {
  if (servers.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No managed servers.
      </Text>
    )
  }
  return (
    // Wide enough to scroll on a narrow screen: the scrolling area takes keyboard focus so it can be scrolled.
    <ScrollTable minWidth={960} label={`Managed servers of ${domain}`} cardsOnPhone>
      <Table verticalSpacing="xs" striped aria-label={`Managed servers of ${domain}`}>
        <TableHeader
          columns={['Server', 'Listen address', 'Port', 'Cluster', 'State', 'Started', 'Health', 'Heap', 'Threads', 'Data sources']}
        />
        <Table.Tbody>
          {servers.map((server) => (
            <Table.Tr key={server.name}>
              <Table.Th scope="row" fw={600}>
                {server.name}
              </Table.Th>
              <Table.Td>{server.listenAddress ? <BreakableText>{server.listenAddress}</BreakableText> : '—'}</Table.Td>
              <Table.Td>{server.listenPort ?? '—'}</Table.Td>
              <Table.Td>{clusterLabel(server.clusterName)}</Table.Td>
              <Table.Td>
                <ServerStateBadge state={server.state} />
                {server.since ? <Since since={server.since} withWord /> : null}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(server.startTime)}</Table.Td>
              <Table.Td>
                <HealthBadge health={server.health} />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{heapText(server.metrics)}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }} c={metricsNeedAttention(server.metrics) ? 'red.9' : undefined}>
                {threadsText(server.metrics)}
              </Table.Td>
              <Table.Td style={{ wordBreak: 'break-word' }}>{dataSourcesText(server.metrics)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  )
}
