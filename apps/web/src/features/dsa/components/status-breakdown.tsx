import { DonutChart } from '@mantine/charts'
import { Box, Group, Paper, Stack, Table, Text, Title } from '@mantine/core'
import { DSA_STATUS_BREAKDOWN_SIZE, type DsaStats } from '@platform/contracts/dsa'
import { formatCount } from '@/lib/format'
import { percentOf } from '../utils/percent'
import { projectStatusChartColor } from '../utils/status-styles'
import { ProjectStatusBadge } from './status-badges'
import { TableHeader } from '@/components/data/table-header'

/** The 10 most common statuses as a donut and, for every reader, a table of the same numbers. */
export function StatusBreakdown({ breakdown }: { breakdown: DsaStats['statusBreakdown'] }) {
  const rows = [...breakdown].sort((a, b) => b.count - a.count).slice(0, DSA_STATUS_BREAKDOWN_SIZE)
  const total = rows.reduce((sum, row) => sum + row.count, 0)
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="dsa-status-breakdown-heading">
      <Stack gap="md">
        <Title order={2} size="h3" id="dsa-status-breakdown-heading">
          Projects by status
        </Title>
        {rows.length === 0 ? (
          <Text c="dimmed">No projects stored yet.</Text>
        ) : (
          <Group align="center" gap="xl" wrap="wrap">
            {/* The chart repeats the table, which is what assistive technology reads. */}
            <Box role="img" aria-label={`Donut chart of ${formatCount(total)} projects by status; the numbers are in the table beside it.`}>
              <DonutChart
                data={rows.map((row) => ({ name: row.status, value: row.count, color: projectStatusChartColor(row.status) }))}
                size={180}
                thickness={28}
                withTooltip
                tooltipDataSource="segment"
                chartLabel={formatCount(total)}
                accessibilityLayer={false}
              />
            </Box>
            <Table aria-label="Projects by status" verticalSpacing={6} style={{ flex: '1 1 280px' }}>
              <TableHeader columns={['Status', { label: 'Projects', ta: 'right' }, { label: 'Share', ta: 'right' }]} />
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.status}>
                    <Table.Td>
                      <ProjectStatusBadge status={row.status} />
                    </Table.Td>
                    <Table.Td ta="right">{formatCount(row.count)}</Table.Td>
                    <Table.Td ta="right">{percentOf(row.count, total)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Group>
        )}
      </Stack>
    </Paper>
  )
}
