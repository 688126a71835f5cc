import { Group, Loader, Stack, Text, Title } from '@mantine/core'
import { FailureAlert } from '@/components/failure-alert'
import { LoadingState } from '@/components/loading-state'
import { useDebouncedValue } from '@mantine/hooks'
import type { Dataset, ReportDefinition } from '@platform/contracts/reports'
import { useState } from 'react'
import { fieldChoicesOf, narrowingValues, takesFieldChoices, useDraftOptions } from '../../api/parameter-options'
import { PREVIEW_ROWS, useReportPreview } from '../../api/reports'
import { canPreview, toSubmittable } from '../../utils/definition'
import { isDefinitionProblem, reasonOf } from '../../utils/messages'
import type { ParameterValues, PromptValues } from '../../utils/parameter-values'
import { ParameterPrompts } from '../viewer/parameter-prompts'
import { ResultView } from '../viewer/result-view'

/** How long the form must rest before the preview runs again: typing a formula sends one request, not one per key. */
export const PREVIEW_DELAY_MS = 600

export interface LivePreviewProps {
  /** The saved report being edited (null for a new one): sent with the draft so its creator may preview it. */
  reportId: number | null
  definition: ReportDefinition
  dataset: Dataset | undefined
}

/** The draft run on the server as it stands (its first 50 rows), or the server's account of what is wrong with it. */
export function LivePreview({ reportId, definition, dataset }: LivePreviewProps) {
  const draft = canPreview(definition) ? JSON.stringify(toSubmittable(definition)) : null
  const [debounced] = useDebouncedValue(draft, PREVIEW_DELAY_MS)
  const [values, setValues] = useState<ParameterValues>({})
  // Values of parameters removed since they were typed would be refused; send only the current ones.
  const ids = new Set(definition.parameters.map((parameter) => parameter.id))
  const parameters = Object.fromEntries(Object.entries(values).filter(([id]) => ids.has(id)))
  const preview = useReportPreview(reportId, debounced, parameters)
  const asksChoices = debounced !== null && definition.parameters.some(takesFieldChoices)
  // The values typed so far that narrow other parameters' choices, as in the viewer.
  const [typed, setTyped] = useState<PromptValues>({})
  const narrowing = narrowingValues(definition.parameters, typed)
  const options = useDraftOptions(reportId, debounced, asksChoices, narrowing)
  const fallbackTitle = definition.layout.title || 'Untitled report'

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Title order={3} size="h4" id="report-preview-heading">
          Live preview
        </Title>
        {preview.isFetching ? <Loader size="xs" aria-label="Updating the preview" /> : null}
      </Group>
      {definition.parameters.length > 0 ? (
        <ParameterPrompts
          parameters={definition.parameters}
          fields={dataset?.fields}
          choices={fieldChoicesOf(options, asksChoices)}
          running={preview.isFetching}
          submitLabel="Preview with these values"
          onRun={setValues}
          onValuesChange={setTyped}
        />
      ) : null}
      {draft === null ? (
        <Text c="dimmed">Choose a dataset and add a column to see a preview.</Text>
      ) : preview.isError ? (
        <FailureAlert
          title="The preview could not run"
          message={isDefinitionProblem(preview.error) ? preview.error.message : reasonOf(preview.error)}
        />
      ) : preview.isPending ? (
        <LoadingState label="Running the preview" query={preview} />
      ) : (
        <Stack gap="xs" aria-busy={preview.isFetching}>
          <ResultView result={preview.data} fallbackTitle={fallbackTitle} tableLabel="Preview" titleOrder={4} />
          {preview.data.page.hasMore ? (
            <Text size="sm" c="dimmed">
              The preview shows the first {PREVIEW_ROWS} rows of {preview.data.page.total.toLocaleString('en-US')}.
            </Text>
          ) : null}
        </Stack>
      )}
    </Stack>
  )
}
