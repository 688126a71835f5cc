import { Center, Loader, Paper, Stack, Text } from '@mantine/core'
import type { ReportResult, ResultRow } from '@platform/contracts/reports'
import { lazy, Suspense } from 'react'
import { ResultHeader } from './result-header'
import { ResultTable } from './result-table'

// The chart library is the heaviest part of the studio: it loads when a report has a chart to draw.
const ResultChart = lazy(async () => ({ default: (await import('./result-chart')).ResultChart }))

/** A run of a report as one block: header, chart and table (shared by the viewer and the designer's preview). */
export interface ResultViewProps {
  result: ReportResult
  fallbackTitle: string
  tableLabel: string
  /** The report title's heading level: 3 in the viewer, 4 in the designer's preview (under its own heading). */
  titleOrder?: 3 | 4
  /** Opens the detail rows behind a group's row (the viewer). */
  onDrill?: (row: ResultRow) => void
}

export function ResultView({ result, fallbackTitle, tableLabel, titleOrder, onDrill }: ResultViewProps) {
  const title = result.title || fallbackTitle
  return (
    <Stack gap="md">
      <ResultHeader result={result} fallbackTitle={fallbackTitle} titleOrder={titleOrder} />
      {result.chart && result.chart.categories.length > 0 ? (
        <Paper withBorder radius="md" p="md">
          <Suspense
            fallback={
              <Center h={300}>
                <Loader size="sm" aria-label="Loading the chart" />
              </Center>
            }
          >
            <ResultChart chart={result.chart} columns={result.columns} title={title} />
          </Suspense>
        </Paper>
      ) : null}
      {result.rows.length === 0 ? (
        <Text ta="center" py="lg" fw={600}>
          {result.parameters.length > 0 ? 'No rows match these parameters.' : 'The report has no rows.'}
        </Text>
      ) : (
        <ResultTable columns={result.columns} rows={result.rows} label={tableLabel} timeZone={result.timeZone} onDrill={onDrill} />
      )}
    </Stack>
  )
}
