import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import type { DsaStats } from '@platform/contracts/dsa'
import { FailureAlert } from '@/components/failure-alert'
import { LoadingState } from '@/components/loading-state'
import { errorMessage } from '@/lib/api-client'
import { formatCount, formatDateTime } from '@/lib/format'
import { useDsaStats } from '../api/dsa'
import { formatPercent, percentOf } from '../utils/percent'
import { ClientBreakdown } from './client-breakdown'
import { RunsTable } from './recent-runs-table'
import { StatCard } from './stat-card'
import { StatusBreakdown } from './status-breakdown'

function Totals({ stats }: { stats: DsaStats }) {
  const { statistics, scrapingMetrics } = stats
  const runs = `${formatCount(scrapingMetrics.successfulRuns)} of ${formatCount(scrapingMetrics.totalRuns)} runs succeeded in the last 30 days`
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="md" component="section" aria-label="Totals">
      <StatCard label="Total projects" value={formatCount(statistics.totalProjects)} />
      <StatCard
        label="Fresh projects"
        value={formatCount(statistics.freshProjects)}
        note={`${percentOf(statistics.freshProjects, statistics.totalProjects)} confirmed recently`}
      />
      <StatCard label="Clients" value={formatCount(statistics.totalClients)} />
      <StatCard
        label="Success rate"
        value={formatPercent(scrapingMetrics.successRate)}
        note={scrapingMetrics.lastRun ? `${runs} · last run ${formatDateTime(scrapingMetrics.lastRun)}` : 'No finished run yet'}
      />
    </SimpleGrid>
  )
}

/** The Statistics tab: totals, success rate, status and client breakdowns and the recent scrape logs. */
export function StatisticsPanel() {
  const stats = useDsaStats()

  if (stats.isError) {
    return (
      <FailureAlert
        message={`Failed to load statistics: ${errorMessage(stats.error, stats.error.message)}`}
        onRetry={() => void stats.refetch()}
        retrying={stats.isFetching}
      />
    )
  }
  if (stats.isPending) {
    return <LoadingState label="Loading statistics" query={stats} />
  }

  const data = stats.data
  return (
    <Stack gap="lg">
      <Totals stats={data} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <StatusBreakdown breakdown={data.statusBreakdown} />
        <ClientBreakdown breakdown={data.clientBreakdown} />
      </SimpleGrid>
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="dsa-scrape-logs-heading">
        <Stack gap="md">
          <Title order={2} size="h3" id="dsa-scrape-logs-heading">
            Recent scrape logs
          </Title>
          {data.recentLogs.length === 0 ? (
            <Text c="dimmed">No scrape has run yet.</Text>
          ) : (
            <RunsTable runs={data.recentLogs} label="Recent scrape logs" />
          )}
        </Stack>
      </Paper>
    </Stack>
  )
}
