import { Stack, Text, Title } from '@mantine/core'
import type { ReportResult } from '@platform/contracts/reports'
import { parametersLine, runAtText } from '@platform/contracts/report-labels'

/** The title, subtitle, parameter values and run time, as the PDF prints them above the table. */
export function ResultHeader({
  result,
  fallbackTitle,
  titleOrder = 3,
}: {
  result: ReportResult
  fallbackTitle: string
  titleOrder?: 3 | 4
}) {
  const parameters = result.layout.showParameters ? parametersLine(result.parameters) : ''
  return (
    <Stack gap={2}>
      <Title order={titleOrder}>{result.title || fallbackTitle}</Title>
      {result.subtitle ? <Text c="dimmed">{result.subtitle}</Text> : null}
      {parameters ? (
        <Text size="sm" data-testid="report-parameters">
          {parameters}
        </Text>
      ) : null}
      <Text size="xs" c="dimmed">
        {runAtText(result.generatedAt, result.timeZone)}
      </Text>
    </Stack>
  )
}
