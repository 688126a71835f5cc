import { Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import type { WeblogicStatusResponse } from '@platform/contracts/monitoring'
import { RefreshCw } from 'lucide-react'
import { formatCount } from '@/lib/format'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useRefreshAll, useWeblogicStatus } from '../api/monitoring'
import { FETCH_FAILED } from '../utils/monitoring'
import { CacheLine } from './cache-line'
import { DomainCard } from './domain-card'
import { FailureAlert } from '@/components/failure-alert'
import { LoadingState } from '@/components/loading-state'

function SummaryCard({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="xl" fw={700} data-testid={`summary-${label.toLowerCase().replace(/\s+/g, '-')}`}>
        {value}
      </Text>
    </Paper>
  )
}

function Summary({ summary }: { summary: WeblogicStatusResponse['summary'] }) {
  return (
    <SimpleGrid cols={{ base: 2, md: 4 }} spacing="md" component="section" aria-label="Summary">
      <SummaryCard label="Total Domains" value={formatCount(summary.totalDomains)} />
      <SummaryCard label="Running Servers" value={`${formatCount(summary.runningServers)}/${formatCount(summary.totalServers)}`} />
      <SummaryCard label="Warnings" value={formatCount(summary.warningServers)} />
      <SummaryCard label="Failed" value={formatCount(summary.failedServers)} />
    </SimpleGrid>
  )
}

/** Server Monitoring: the district's WebLogic domains, at /admin/monitoring and /apps/weblogic-monitoring. */
export function ServerMonitoring() {
  useDocumentTitle('Server Monitoring')
  const status = useWeblogicStatus()
  const refreshAll = useRefreshAll()
  const data = status.data

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <Stack gap={2}>
          <Title order={1}>Server Monitoring</Title>
          <Text c="dimmed">Live status of the district&apos;s Oracle WebLogic domains.</Text>
        </Stack>
        <Button
          leftSection={<RefreshCw size={16} aria-hidden="true" />}
          onClick={() => refreshAll.mutate()}
          loading={refreshAll.isPending}
          disabled={status.isPending && !data}
        >
          Refresh All
        </Button>
      </Group>

      {refreshAll.isError ? <FailureAlert title={FETCH_FAILED} error={refreshAll.error} /> : null}

      {status.isError ? (
        <FailureAlert title={FETCH_FAILED} error={status.error} onRetry={() => void status.refetch()} retrying={status.isFetching} />
      ) : null}

      {data ? (
        <Stack gap="lg" aria-busy={status.isFetching || refreshAll.isPending}>
          <Summary summary={data.summary} />
          {data.domains.length === 0 ? (
            <Paper withBorder radius="md" p="lg">
              <Text fw={600}>No domains to show.</Text>
            </Paper>
          ) : (
            data.domains.map((domain) => <DomainCard key={domain.domain} domain={domain} />)
          )}
          <CacheLine status={data} fetchedAt={status.dataUpdatedAt} />
        </Stack>
      ) : status.isPending ? (
        <LoadingState label="Loading server status" query={status} />
      ) : null}
    </Stack>
  )
}
