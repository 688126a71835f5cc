import { BarChart } from '@mantine/charts'
import { Box, Paper, Stack, Table, Text, Title } from '@mantine/core'
import type { DsaStats } from '@platform/contracts/dsa'
import { formatCount } from '@/lib/format'
import { clientDisplayName } from '../utils/client-id'
import { TableHeader } from '@/components/data/table-header'

/** Projects per client as bars and, for every reader, a table of the same numbers. */
export function ClientBreakdown({ breakdown }: { breakdown: DsaStats['clientBreakdown'] }) {
  const rows = [...breakdown].sort((a, b) => b.count - a.count)
  return (
    <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="dsa-client-breakdown-heading">
      <Stack gap="md">
        <Title order={2} size="h3" id="dsa-client-breakdown-heading">
          Projects by client
        </Title>
        {rows.length === 0 ? (
          <Text c="dimmed">No projects stored yet.</Text>
        ) : (
          <>
            <Box role="img" aria-label="Bar chart of projects by client; the numbers are in the table below.">
              <BarChart
                h={Math.max(120, rows.length * 40)}
                data={rows.map((row) => ({ client: row.clientId, Projects: row.count }))}
                dataKey="client"
                orientation="vertical"
                series={[{ name: 'Projects', color: 'blue.8' }]}
                valueFormatter={formatCount}
                gridAxis="x"
                yAxisProps={{ width: 80 }}
                accessibilityLayer={false}
              />
            </Box>
            <Table aria-label="Projects by client" verticalSpacing={6}>
              <TableHeader columns={['Client', { label: 'Projects', ta: 'right' }]} />
              <Table.Tbody>
                {rows.map((row) => (
                  <Table.Tr key={row.clientId}>
                    <Table.Td>{clientDisplayName(row.clientId)}</Table.Td>
                    <Table.Td ta="right">{formatCount(row.count)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </>
        )}
      </Stack>
    </Paper>
  )
}
