import { Button, Checkbox, Group, MultiSelect, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core'
import type { DatasetField, ReportParameter } from '@platform/contracts/reports'
import { Play } from 'lucide-react'
import { useForm } from '@mantine/form'
import { useEffect } from 'react'
import { takesFieldChoices, type FieldChoices } from '../../api/parameter-options'
import {
  initialPromptValues,
  promptList,
  promptProblems,
  promptText,
  toParameterValues,
  type ParameterValues,
  type PromptValue,
  type PromptValues,
} from '../../utils/parameter-values'
import { FieldChoiceInput } from './field-choice-input'

/** Up to this many choices show as checkboxes; more as a searchable list. */
const CHECKBOX_LIMIT = 12

export interface ParameterPromptsProps {
  parameters: readonly ReportParameter[]
  /** The dataset's fields, to name the field a choice takes its values from. */
  fields?: readonly DatasetField[]
  /** The choices of the parameters that take them from a field; without them those parameters take free text. */
  choices?: FieldChoices
  running?: boolean
  submitLabel?: string
  onRun: (values: ParameterValues) => void
  /** Every change of the values on screen (the viewer narrows the choices of parameters filtered by them). */
  onValuesChange?: (values: PromptValues) => void
}

interface InputProps {
  parameter: ReportParameter
  value: PromptValue
  error: string | undefined
  fieldLabel: string | undefined
  choices: FieldChoices | undefined
  onChange: (value: PromptValue) => void
}

/** One parameter's input, as the prompts show it (the subscription form shows the same). */
export function ParameterInput({ parameter, value, error, fieldLabel, choices, onChange }: InputProps) {
  if (choices && takesFieldChoices(parameter)) {
    return (
      <FieldChoiceInput parameter={parameter} value={value} error={error} fieldLabel={fieldLabel} choices={choices} onChange={onChange} />
    )
  }
  const common = { label: parameter.label, required: parameter.required, error }
  const text = promptText(value)
  const list = promptList(value)
  const emptyChoice = parameter.required ? 'Choose…' : 'All'
  switch (parameter.type) {
    case 'integer':
    case 'decimal':
      return (
        <TextInput
          {...common}
          inputMode={parameter.type === 'integer' ? 'numeric' : 'decimal'}
          value={text}
          onChange={(event) => onChange(event.currentTarget.value)}
        />
      )
    case 'date':
      return <TextInput {...common} type="date" value={text} onChange={(event) => onChange(event.currentTarget.value)} />
    case 'boolean':
      return (
        <NativeSelect
          {...common}
          value={text}
          onChange={(event) => onChange(event.currentTarget.value)}
          data={[
            { value: '', label: parameter.required ? 'Choose…' : 'Any' },
            { value: 'true', label: 'Yes' },
            { value: 'false', label: 'No' },
          ]}
        />
      )
    case 'select':
      if (parameter.options?.length) {
        return (
          <NativeSelect
            {...common}
            value={text}
            onChange={(event) => onChange(event.currentTarget.value)}
            data={[{ value: '', label: emptyChoice }, ...parameter.options]}
          />
        )
      }
      break
    case 'multiSelect':
      if (parameter.options?.length && parameter.options.length <= CHECKBOX_LIMIT) {
        return (
          <Checkbox.Group {...common} value={list} onChange={onChange}>
            <Group gap="sm" mt={4}>
              {parameter.options.map((option) => (
                <Checkbox key={option} value={option} label={option} />
              ))}
            </Group>
          </Checkbox.Group>
        )
      }
      if (parameter.options?.length) {
        return (
          <MultiSelect
            {...common}
            data={parameter.options}
            value={list}
            onChange={onChange}
            searchable
            clearable
            placeholder={list.length ? undefined : 'All'}
          />
        )
      }
      break
  }
  // Free text, and a field's values when their list was not asked for (the server checks the value).
  const fromField = parameter.optionsFrom ? `A value of ${fieldLabel ?? parameter.optionsFrom}` : undefined
  const description = parameter.type === 'multiSelect' ? `${fromField ?? 'Values'}; separate several with commas` : fromField
  return <TextInput {...common} description={description} value={text} onChange={(event) => onChange(event.currentTarget.value)} />
}

/** The report's parameters as a form; Run sends their typed values. Required ones are marked and checked first. */
export function ParameterPrompts({
  parameters,
  fields,
  choices,
  running,
  submitLabel = 'Run report',
  onRun,
  onValuesChange,
}: ParameterPromptsProps) {
  // Only what the person typed is the form's; defaults fill the rest, so parameters added in the designer show their
  // own. Each value is checked by the contract's rule for parameter values, the one the server applies.
  const withDefaults = (typed: PromptValues): PromptValues => ({ ...initialPromptValues(parameters), ...typed })
  const form = useForm<PromptValues>({
    mode: 'controlled',
    initialValues: {},
    validate: (typed) => promptProblems(parameters, withDefaults(typed)),
  })
  const values = withDefaults(form.values)
  // A value no longer among its parameter's choices (an earlier value narrowed them) is cleared once they have loaded.
  useEffect(() => {
    if (!choices?.options || choices.loading) return
    for (const parameter of parameters) {
      const offered = choices.options[parameter.id]
      if (!parameter.filteredBy?.length || !offered || !takesFieldChoices(parameter)) continue
      const current = values[parameter.id] ?? ''
      const kept = promptList(current).filter((value) => offered.includes(value))
      if (kept.length === promptList(current).length) continue
      form.setFieldValue(parameter.id, parameter.type === 'multiSelect' ? kept : '')
      onValuesChange?.(withDefaults({ ...form.values, [parameter.id]: parameter.type === 'multiSelect' ? kept : '' }))
    }
  })
  const onSubmit = form.onSubmit((typed) => onRun(toParameterValues(parameters, withDefaults(typed))))

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Report parameters">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
          {parameters.map((parameter) => (
            <ParameterInput
              key={parameter.id}
              parameter={parameter}
              value={values[parameter.id] ?? ''}
              error={form.errors[parameter.id] as string | undefined}
              fieldLabel={fields?.find((field) => field.name === parameter.optionsFrom)?.label}
              choices={choices}
              onChange={(value) => {
                form.setFieldValue(parameter.id, value)
                form.clearFieldError(parameter.id)
                onValuesChange?.(withDefaults({ ...form.values, [parameter.id]: value }))
              }}
            />
          ))}
        </SimpleGrid>
        <Group>
          <Button type="submit" leftSection={<Play size={16} aria-hidden="true" />} loading={running}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
