import { Fieldset, SimpleGrid } from '@mantine/core'
import type { ReportParameter } from '@platform/contracts/reports'
import { fieldChoicesOf, narrowingValues, takesFieldChoices, useSavedReportOptions } from '../../api/parameter-options'
import type { PromptValue, PromptValues } from '../../utils/parameter-values'
import { ParameterInput } from '../viewer/parameter-prompts'

/**
 * The report's parameters as each delivery runs them, with the viewer's own inputs; a field's choices are asked for as
 * the viewer asks, narrowed by the values chosen before.
 */
export function SubscriptionParameters({
  reportId,
  reportVersion,
  parameters,
  values,
  errors,
  onChange,
}: {
  reportId: number
  reportVersion: number
  parameters: readonly ReportParameter[]
  values: PromptValues
  errors: Record<string, unknown>
  onChange: (parameterId: string, value: PromptValue) => void
}) {
  const asksChoices = parameters.some(takesFieldChoices)
  const options = useSavedReportOptions(reportId, reportVersion, asksChoices, narrowingValues(parameters, values))
  if (parameters.length === 0) return null
  return (
    <Fieldset legend="The report's values">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {parameters.map((parameter) => (
          <ParameterInput
            key={parameter.id}
            parameter={parameter}
            value={values[parameter.id] ?? ''}
            error={errors[`parameters.${parameter.id}`] as string | undefined}
            fieldLabel={undefined}
            choices={fieldChoicesOf(options, asksChoices)}
            onChange={(value) => onChange(parameter.id, value)}
          />
        ))}
      </SimpleGrid>
    </Fieldset>
  )
}
