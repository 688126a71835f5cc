import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { FailureAlert } from '@/components/failure-alert'
import { LoadingState } from '@/components/loading-state'
import { REPORT_TEXT, type ReportDefinition, type ReportSummary, type ResultRow } from '@platform/contracts/reports'
import { BellPlus, Pencil } from 'lucide-react'
import { useState } from 'react'
import { usePageOffset } from '@/lib/use-page-offset'
import { useFocusOnMount } from '@/lib/use-focus-on-mount'
import { fieldChoicesOf, narrowingValues, takesFieldChoices, useSavedReportOptions } from '../../api/parameter-options'
import { useReportDetails, useReportRun } from '../../api/reports'
import { useSubscription } from '../../api/subscriptions'
import { isDefinitionProblem, reasonOf } from '../../utils/messages'
import { initialPromptValues, readyToRun, toParameterValues, type ParameterValues, type PromptValues } from '../../utils/parameter-values'
import { DrillRows } from './drill-rows'
import { ExportButtons } from './export-buttons'
import { ParameterPrompts } from './parameter-prompts'
import { ResultPager } from './result-pager'
import { ResultView } from './result-view'
import { SubscriptionForm } from '../subscriptions/subscription-form'
import { SubscriptionsList } from '../subscriptions/subscriptions-list'
import { withValuesAsDefaults } from '../subscriptions/subscription-values'

export interface ReportViewerProps {
  reportId: number
  /** Opens the designer on this report (offered when the person may edit it). */
  onEdit: (report: ReportSummary) => void
  /** A subscription whose values the report opens with (its e-mailed link). */
  subscriptionId?: number | null
}

/** Runs of a report: the prompts, the result page with its chart, paging and the exports. */
function ReportRun({
  report,
  definition,
  onEdit,
}: {
  report: ReportSummary
  definition: ReportDefinition
  onEdit: ReportViewerProps['onEdit']
}) {
  const headingRef = useFocusOnMount<HTMLHeadingElement>()
  // A report whose required parameters all have defaults runs at once; otherwise it waits for the prompts.
  const [applied, setApplied] = useState<ParameterValues | null>(() =>
    readyToRun(definition.parameters) ? toParameterValues(definition.parameters, initialPromptValues(definition.parameters)) : null,
  )
  const [offset, setOffset] = usePageOffset(JSON.stringify(applied))
  const run = useReportRun(report.REPORT_ID, applied, offset)
  const asksChoices = definition.parameters.some(takesFieldChoices)
  // The values chosen so far that narrow other parameters' choices: a new site asks for its accounts.
  const [narrowing, setNarrowing] = useState<PromptValues>(() =>
    narrowingValues(definition.parameters, initialPromptValues(definition.parameters)),
  )
  const options = useSavedReportOptions(report.REPORT_ID, report.version, asksChoices, narrowing)
  const onValuesChange = (values: PromptValues) => {
    const next = narrowingValues(definition.parameters, values)
    if (JSON.stringify(next) !== JSON.stringify(narrowing)) setNarrowing(next)
  }
  const [drilled, setDrilled] = useState<ResultRow | null>(null)
  const [subscribing, setSubscribing] = useState(false)
  // Run with the values already shown reads the data again (it may have changed); new values start a new run.
  const onRun = (values: ParameterValues) => {
    if (JSON.stringify(values) === JSON.stringify(applied)) void run.refetch()
    else setApplied(values)
  }

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-start" wrap="wrap">
        <Stack gap={2}>
          <Title order={2} ref={headingRef} tabIndex={-1}>
            {report.REPORT_NAME}
          </Title>
          {report.REPORT_DESCRIPTION ? <Text c="dimmed">{report.REPORT_DESCRIPTION}</Text> : null}
        </Stack>
        <Group gap="sm">
          <Button variant="default" leftSection={<BellPlus size={16} aria-hidden="true" />} onClick={() => setSubscribing(true)}>
            Subscribe…
          </Button>
          {report.canEdit ? (
            <Button variant="default" leftSection={<Pencil size={16} aria-hidden="true" />} onClick={() => onEdit(report)}>
              Edit report
            </Button>
          ) : null}
        </Group>
      </Group>
      <SubscriptionsList reportId={report.REPORT_ID} />
      {subscribing ? (
        <SubscriptionForm
          report={{ id: report.REPORT_ID, name: report.REPORT_NAME, version: report.version }}
          parameters={definition.parameters}
          appliedValues={applied ?? {}}
          onClose={() => setSubscribing(false)}
        />
      ) : null}

      {definition.parameters.length > 0 ? (
        <Paper withBorder radius="md" p="md" component="section" aria-label="Parameters">
          <ParameterPrompts
            parameters={definition.parameters}
            choices={fieldChoicesOf(options, asksChoices)}
            running={run.isFetching}
            onRun={onRun}
            onValuesChange={onValuesChange}
          />
        </Paper>
      ) : null}

      {applied === null ? (
        <Text c="dimmed">Fill in the parameters and run the report.</Text>
      ) : run.isError ? (
        isDefinitionProblem(run.error) ? (
          <FailureAlert title="The report could not run" message={run.error.message} />
        ) : (
          <FailureAlert message={REPORT_TEXT.loadOneFailed(reasonOf(run.error))} />
        )
      ) : run.isPending ? (
        <LoadingState label="Running the report" query={run} />
      ) : (
        <Paper withBorder radius="md" p="md" aria-busy={run.isFetching}>
          <Stack gap="md">
            <ExportButtons reportId={report.REPORT_ID} reportName={report.REPORT_NAME} parameters={applied} />
            <ResultView
              result={run.data}
              fallbackTitle={report.REPORT_NAME}
              tableLabel={run.data.title || report.REPORT_NAME}
              onDrill={setDrilled}
            />
            <ResultPager page={run.data.page} onOffsetChange={setOffset} disabled={run.isFetching} />
          </Stack>
        </Paper>
      )}
      {drilled?.drill && applied ? (
        <DrillRows
          reportId={report.REPORT_ID}
          reportName={report.REPORT_NAME}
          parameters={applied}
          drill={drilled.drill}
          groupName={drilled.label ?? Object.values(drilled.drill).map(String).join(', ')}
          onClose={() => setDrilled(null)}
        />
      ) : null}
    </Stack>
  )
}

/** The viewer of one saved report (`?report=<id>`). */
export function ReportViewer({ reportId, onEdit, subscriptionId = null }: ReportViewerProps) {
  const details = useReportDetails(reportId)
  const subscription = useSubscription(subscriptionId)
  if (details.isPending || subscription.isLoading) {
    return <LoadingState label="Loading report" query={details} />
  }
  if (details.isError) {
    return (
      <FailureAlert
        message={REPORT_TEXT.loadOneFailed(reasonOf(details.error))}
        onRetry={() => void details.refetch()}
        retrying={details.isFetching}
      />
    )
  }
  const { report, definition } = details.data
  // A subscription's link opens the report with the subscription's values in place of the defaults.
  const values = subscription.data?.reportId === reportId ? subscription.data.parameters : null
  const opened = values ? { ...definition, parameters: withValuesAsDefaults(definition.parameters, values) } : definition
  // A new version (saved or restored) starts a fresh run with its own parameters.
  return (
    <Stack gap="md">
      {subscription.isError ? <FailureAlert title="The subscription's values could not be read" error={subscription.error} /> : null}
      <ReportRun
        key={`${report.REPORT_ID}-${report.version}-${values ? subscriptionId : ''}`}
        report={report}
        definition={opened}
        onEdit={onEdit}
      />
    </Stack>
  )
}
