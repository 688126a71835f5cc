import { reportsLabels } from '@platform/contracts/labels/reports'
import { BarChart, LineChart, PieChart } from '@mantine/charts'
import { Box, Button, ColorSwatch, Flex, getThemeColor, Group, Stack, Table, Text, useMantineTheme } from '@mantine/core'
import type { Format, ResultChart as ResultChartModel, ResultColumn } from '@platform/contracts/reports'
import { ChevronDown, ChevronRight } from 'lucide-react'
import { useId, useState } from 'react'
import { formatCell } from '@platform/contracts/report-format'

/** Dark shades, distinct from one another, that keep 3:1 against white. */
const PALETTE = ['blue.8', 'teal.8', 'orange.8', 'grape.8', 'red.8', 'cyan.8', 'indigo.8', 'lime.9']
const TYPE_NAMES = reportsLabels.chartType

function formatOf(columns: ResultColumn[], key: string): Format {
  return columns.find((column) => column.key === key)?.format ?? 'decimal'
}

/** The chart's numbers as a table: what assistive technology reads, and what anyone can check. */
function ChartDataTable({ chart, columns, label, id }: { chart: ResultChartModel; columns: ResultColumn[]; label: string; id: string }) {
  return (
    <Table id={id} aria-label={label} verticalSpacing={4} withTableBorder>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">Category</Table.Th>
          {chart.series.map((series) => (
            <Table.Th key={series.key} scope="col" ta="right">
              {series.name}
            </Table.Th>
          ))}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {chart.categories.map((category, index) => (
          <Table.Tr key={`${category}-${index}`}>
            <Table.Th scope="row" fw={400}>
              {category}
            </Table.Th>
            {chart.series.map((series) => (
              <Table.Td key={series.key} ta="right">
                {formatCell(series.values[index] ?? null, formatOf(columns, series.key))}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}

interface Slice {
  name: string
  value: number
  color: string
}

/**
 * The pie's key: every slice named with its amount and share, in a list beside the pie rather than as labels on it,
 * so small neighbouring slices never print over one another.
 */
function PieKey({ slices, format, label }: { slices: Slice[]; format: Format; label: string }) {
  const theme = useMantineTheme()
  const total = slices.reduce((sum, slice) => sum + slice.value, 0)
  return (
    <Stack component="ul" aria-label={label} gap={4} p={0} m={0} style={{ listStyle: 'none', minWidth: 0 }}>
      {slices.map((slice, index) => (
        <Group component="li" key={`${slice.name}-${index}`} gap="xs" wrap="nowrap" align="flex-start">
          <ColorSwatch
            color={getThemeColor(slice.color, theme)}
            size={12}
            mt={4}
            withShadow={false}
            aria-hidden="true"
            style={{ flexShrink: 0 }}
          />
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {slice.name}: {formatCell(slice.value, format)} ({formatCell(slice.value / total, 'percent')})
          </Text>
        </Group>
      ))}
    </Stack>
  )
}

/** The report's chart (one category per first-level group) with its numbers a click away. */
export function ResultChart({ chart, columns, title }: { chart: ResultChartModel; columns: ResultColumn[]; title: string }) {
  const [showData, setShowData] = useState(false)
  const tableId = useId()
  const first = chart.series[0]
  const valueFormatter = (value: number) => formatCell(value, formatOf(columns, first?.key ?? ''))
  const seriesNames = chart.series.map((series) => series.name).join(', ')
  const description = `${TYPE_NAMES[chart.type]} of ${chart.type === 'pie' ? (first?.name ?? '') : seriesNames} by ${chart.categories.length} categories; the numbers are in the chart data table.`
  const data = chart.categories.map((category, index) => ({
    category,
    ...Object.fromEntries(chart.series.map((series) => [series.key, series.values[index] ?? null])),
  }))
  const series = chart.series.map((item, index) => ({ name: item.key, label: item.name, color: PALETTE[index % PALETTE.length]! }))
  const height = 300
  // Axis titles name the category field along the bottom and the measured column(s) up the side.
  // The library greys them (#808080, under 4.5:1 on white); they are read like any label, so they take the text colour.
  const axisTitles = {
    xAxisLabel: chart.categoryLabel || undefined,
    yAxisLabel: seriesNames || undefined,
    styles: { axisLabel: { fill: 'var(--mantine-color-text)' } },
  }
  // A pie draws shares: the first series, its positive values only.
  const slices: Slice[] = chart.categories
    .map((category, index) => ({ name: category, value: first?.values[index] ?? 0, color: PALETTE[index % PALETTE.length]! }))
    .filter((slice) => slice.value > 0)

  return (
    <Stack gap="xs">
      {chart.type === 'pie' ? (
        <Flex direction={{ base: 'column', sm: 'row' }} gap="lg" align="center" justify="center">
          <Box role="img" aria-label={description} style={{ flexShrink: 0 }}>
            <PieChart size={240} data={slices} withTooltip tooltipDataSource="segment" valueFormatter={valueFormatter} />
          </Box>
          <PieKey slices={slices} format={formatOf(columns, first?.key ?? '')} label={`Slices of ${first?.name ?? 'the chart'}`} />
        </Flex>
      ) : (
        <Box role="img" aria-label={description}>
          {chart.type === 'bar' ? (
            <BarChart
              h={height}
              data={data}
              dataKey="category"
              series={series}
              valueFormatter={valueFormatter}
              withLegend={series.length > 1}
              accessibilityLayer={false}
              {...axisTitles}
            />
          ) : (
            <LineChart
              h={height}
              data={data}
              dataKey="category"
              series={series}
              valueFormatter={valueFormatter}
              withLegend={series.length > 1}
              accessibilityLayer={false}
              {...axisTitles}
            />
          )}
        </Box>
      )}
      <div>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={showData ? <ChevronDown size={14} aria-hidden="true" /> : <ChevronRight size={14} aria-hidden="true" />}
          aria-expanded={showData}
          aria-controls={showData ? tableId : undefined}
          onClick={() => setShowData((value) => !value)}
        >
          {showData ? 'Hide the chart data' : 'Show the chart data'}
        </Button>
      </div>
      {showData ? <ChartDataTable chart={chart} columns={columns} label={`Chart data: ${title}`} id={tableId} /> : null}
    </Stack>
  )
}
