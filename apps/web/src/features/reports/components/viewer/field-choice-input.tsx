import { Loader, MultiSelect, Select, TextInput } from '@mantine/core'
import type { ReportParameter } from '@platform/contracts/reports'
import type { FieldChoices } from '../../api/parameter-options'
import { promptList, promptText, type PromptValue } from '../../utils/parameter-values'

export interface FieldChoiceInputProps {
  parameter: ReportParameter
  value: PromptValue
  error: string | undefined
  fieldLabel: string | undefined
  choices: FieldChoices
  onChange: (value: PromptValue) => void
}

/**
 * The choices with the values already chosen first when the data no longer holds them (a default, a value since
 * deleted), so they stay visible and removable; no duplicates and no empty value, which the lists cannot show.
 */
function choiceList(options: readonly string[], chosen: readonly string[]): string[] {
  return [...new Set([...chosen, ...options])].filter((option) => option !== '')
}

/** A select or multiSelect parameter whose choices are a field's values, fetched from the server. */
export function FieldChoiceInput({ parameter, value, error, fieldLabel, choices, onChange }: FieldChoiceInputProps) {
  const common = {
    label: parameter.label,
    required: parameter.required,
    error,
    description: fieldLabel ? `A value of ${fieldLabel}` : undefined,
  }
  const multiple = parameter.type === 'multiSelect'
  const options = choices.options?.[parameter.id]

  if (options) {
    const emptyChoice = parameter.required ? 'Choose…' : 'All'
    if (multiple) {
      const list = promptList(value)
      return (
        <MultiSelect
          {...common}
          data={choiceList(options, list)}
          value={list}
          onChange={onChange}
          searchable
          clearable
          nothingFoundMessage="No value matches"
          placeholder={list.length ? undefined : emptyChoice}
        />
      )
    }
    const text = promptText(value)
    return (
      <Select
        {...common}
        data={choiceList(options, text ? [text] : [])}
        value={text || null}
        onChange={(next) => onChange(next ?? '')}
        searchable
        clearable={!parameter.required}
        nothingFoundMessage="No value matches"
        placeholder={emptyChoice}
      />
    )
  }

  if (choices.loading) {
    const loader = <Loader size="xs" aria-label={`Loading the choices of ${parameter.label}`} />
    return multiple ? (
      <MultiSelect {...common} data={[]} disabled placeholder="Loading the choices…" rightSection={loader} />
    ) : (
      <Select {...common} data={[]} value={null} disabled placeholder="Loading the choices…" rightSection={loader} />
    )
  }

  // The server could not list the values (or left this parameter out): the person can still type one, and the server checks it.
  const note = multiple
    ? 'The choices could not be loaded; type values separated by commas'
    : 'The choices could not be loaded; type a value'
  return <TextInput {...common} description={note} value={promptText(value)} onChange={(event) => onChange(event.currentTarget.value)} />
}
