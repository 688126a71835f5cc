import { Table, Text } from '@mantine/core'
import type { ManagedServer } from '@platform/contracts/monitoring'
import { formatDateTime } from '@/lib/format'
import { clusterLabel, dataSourcesText, heapText, hostPort, metricsNeedAttention, NOT_IN_A_CLUSTER, threadsText } from '../utils/monitoring'
import { Since } from './since'
import { HealthBadge, ServerStateBadge } from './tone-badge'
import { ScrollTable } from '@/components/data/scroll-table'
import { BreakableText } from '@/components/data/breakable-text'
import { TableHeader } from '@/components/data/table-header'
import { usePhone } from '@/components/data/use-phone'

/** The columns, in order. The JVM's figures share one column so that every column fits a laptop's screen. */
export const MANAGED_SERVER_COLUMNS = ['Server', 'Listen address', 'Cluster', 'State', 'Health', 'JVM'] as const

/** The managed servers of a domain: address and port, cluster, state and since when, health, and the JVM's figures. */
export function ManagedServersTable({ domain, servers }: { domain: string; servers: ManagedServer[] }) {
  const phone = usePhone()
  // A phone's card gives a long name or address the card's width and breaks it there; a laptop keeps it on one line.
  const breakable = phone ? { overflowWrap: 'anywhere' as const } : { whiteSpace: 'nowrap' as const }
  if (servers.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No managed servers.
      </Text>
    )
  }
  return (
    // Narrower screens scroll it sideways (the scrolling area takes keyboard focus); phones show a card per server.
    <ScrollTable minWidth={860} label={`Managed servers of ${domain}`} cardsOnPhone>
      <Table verticalSpacing="xs" striped aria-label={`Managed servers of ${domain}`}>
        <TableHeader columns={[...MANAGED_SERVER_COLUMNS]} />
        <Table.Tbody>
          {servers.map((server) => {
            const cluster = clusterLabel(server.clusterName)
            const address = server.listenAddress ? hostPort(server.listenAddress, server.listenPort) : ''
            return (
              <Table.Tr key={server.name}>
                <Table.Th scope="row" fw={600} style={breakable} data-verbatim>
                  {server.name}
                </Table.Th>
                <Table.Td style={breakable}>
                  {!server.listenAddress ? '—' : phone ? <BreakableText>{address}</BreakableText> : address}
                </Table.Td>
                <Table.Td
                  style={phone ? breakable : undefined}
                  c={cluster ? undefined : 'dimmed'}
                  data-verbatim={cluster ? true : undefined}
                >
                  {cluster || NOT_IN_A_CLUSTER}
                </Table.Td>
                <Table.Td>
                  <ServerStateBadge state={server.state} />
                  {server.since ? <Since since={server.since} withWord /> : null}
                </Table.Td>
                <Table.Td>
                  <HealthBadge health={server.health} />
                </Table.Td>
                <Table.Td miw={phone ? undefined : 220}>
                  <JvmFigures server={server} />
                </Table.Td>
              </Table.Tr>
            )
          })}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  )
}

/** Started, heap, threads and data sources, each under its own small label. */
function JvmFigures({ server }: { server: ManagedServer }) {
  const figures: Array<{ label: string; value: string; attention?: boolean }> = [
    { label: 'Started', value: formatDateTime(server.startTime) },
    { label: 'Heap', value: heapText(server.metrics) },
    { label: 'Threads', value: threadsText(server.metrics), attention: metricsNeedAttention(server.metrics) },
    { label: 'Data sources', value: dataSourcesText(server.metrics) },
  ]
  return (
    <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 8, rowGap: 2 }}>
      {figures.map((figure) => (
        <div key={figure.label} data-figure={figure.label} style={{ display: 'contents' }}>
          <Text component="dt" size="xs" c="dimmed" fw={600} lh="20px">
            {figure.label}
          </Text>
          <Text
            component="dd"
            size="sm"
            m={0}
            c={figure.attention ? 'red.9' : undefined}
            style={{ overflowWrap: 'anywhere' }}
            // Data sources are named by WebLogic's configuration, and shown as it names them.
            data-verbatim={figure.label === 'Data sources' ? true : undefined}
          >
            {figure.value}
          </Text>
        </div>
      ))}
    </dl>
  )
}
