import { reportsLabels } from '@platform/contracts/labels/reports'
import { Checkbox, Fieldset, Group, NativeSelect, Radio, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core'
import { PARAMETER_TYPES, REPORT_LIMITS, type ReportParameter } from '@platform/contracts/reports'
import { useId } from 'react'
import { isIdentifier, nextId, removeItem, renameParameter, replaceItem, withCurrent } from '../../utils/definition'
import { parameterDefaultText, parseParameterDefault } from '../../utils/parameter-values'
import type { EditorProps } from './editor-props'
import { AddItemButton, ItemControls } from './item-controls'
import { TypedTextInput } from './typed-text-input'

const TYPE_LABELS: Record<ReportParameter['type'], string> = reportsLabels.parameterType

function idProblem(id: string, others: readonly ReportParameter[]): string | undefined {
  if (!isIdentifier(id)) return 'Lower-case letters, digits and _, starting with a letter'
  if (others.some((other) => other.id === id)) return 'Another parameter has this id'
  return undefined
}

/** How many earlier parameters may narrow one parameter's choices (the contract's limit on `filteredBy`). */
const MAX_NARROWING = 5

type Narrowing = NonNullable<ReportParameter['filteredBy']>[number]

/**
 * Which earlier parameters narrow a parameter's choices, each through a field of the dataset: with a site chosen, only
 * the accounts of rows at that site are offered; with a fund too, only those of that site and fund. Each narrowing
 * chosen offers one more, up to the limit; 'Nothing more' takes one away.
 */
function NarrowingFields({
  parameter,
  earlier,
  fieldOptions,
  onChange,
}: {
  parameter: ReportParameter
  earlier: readonly ReportParameter[]
  fieldOptions: Array<{ value: string; label: string }>
  onChange: (parameter: ReportParameter) => void
}) {
  if (earlier.length === 0) return null
  const narrows = parameter.filteredBy ?? []
  const setNarrows = (next: Narrowing[]) => onChange({ ...parameter, filteredBy: next.length > 0 ? next : undefined })
  // The ones chosen, and an empty one to add another while an earlier parameter is left to narrow by.
  const rows: Array<Narrowing | null> = narrows.length < Math.min(MAX_NARROWING, earlier.length) ? [...narrows, null] : narrows
  return (
    <Stack gap="sm">
      {rows.map((narrow, index) => {
        const taken = new Set(narrows.filter((_, other) => other !== index).map((other) => other.param))
        const offered = earlier
          .filter((other) => !taken.has(other.id))
          .map((other) => ({ value: other.id, label: other.label || other.id }))
        const by = narrow ? earlier.find((other) => other.id === narrow.param) : undefined
        const choose = (param: string) => {
          if (!param) return setNarrows(narrows.filter((_, other) => other !== index))
          const chosen = earlier.find((other) => other.id === param)
          const field = chosen?.optionsFrom ?? narrow?.field ?? fieldOptions[0]?.value ?? ''
          setNarrows(narrow ? replaceItem(narrows, index, { param, field }) : [...narrows, { param, field }])
        }
        return (
          <SimpleGrid key={index} cols={{ base: 1, sm: 2 }} spacing="sm">
            <NativeSelect
              label={index === 0 ? 'Choices narrowed by' : 'And narrowed by'}
              description={
                index === 0 ? "Offer only the values found with an earlier parameter's value" : 'Another earlier parameter, as well'
              }
              value={narrow?.param ?? ''}
              data={[
                { value: '', label: index === 0 ? 'Nothing: every value of the field' : 'Nothing more' },
                ...withCurrent(offered, narrow?.param ?? '', (id) => `${id} (not an earlier parameter)`),
              ]}
              onChange={(event) => choose(event.currentTarget.value)}
            />
            {narrow ? (
              <NativeSelect
                label={`Field holding ${by?.label || narrow.param}'s value`}
                value={narrow.field}
                data={withCurrent(fieldOptions, narrow.field, (name) => `${name} (not in this dataset)`)}
                onChange={(event) => setNarrows(replaceItem(narrows, index, { param: narrow.param, field: event.currentTarget.value }))}
              />
            ) : null}
          </SimpleGrid>
        )
      })}
    </Stack>
  )
}

/** Parameters: what the viewer asks for before running (filters use them as values). */
export function ParametersTab({ definition, dataset, onChange }: EditorProps) {
  const listId = useId()
  const addId = `${listId}-add`
  const { parameters } = definition
  const fieldOptions = (dataset?.fields ?? []).map((field) => ({ value: field.name, label: field.label }))

  const set = (index: number, parameter: ReportParameter) =>
    onChange({ ...definition, parameters: replaceItem(parameters, index, parameter) })
  const add = () => {
    const id = nextId(
      'param',
      parameters.map((parameter) => parameter.id),
    )
    onChange({
      ...definition,
      parameters: [...parameters, { id, label: `Parameter ${parameters.length + 1}`, type: 'string', required: false }],
    })
  }

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        The viewer asks for these before it runs the report. A filter compares a field with a parameter&apos;s value.
      </Text>
      {parameters.map((parameter, index) => {
        const choice = parameter.type === 'select' || parameter.type === 'multiSelect'
        const others = parameters.filter((_, i) => i !== index)
        return (
          <Fieldset key={index} legend={`Parameter ${index + 1}: ${parameter.label || parameter.id}`} variant="filled">
            <Stack gap="sm">
              <Group justify="flex-end">
                <ItemControls
                  listId={listId}
                  index={index}
                  count={parameters.length}
                  name={`parameter ${index + 1}`}
                  onRemove={(i) => onChange({ ...definition, parameters: removeItem(parameters, i) })}
                  focusAfterRemove={addId}
                />
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <TextInput
                  label="Id"
                  description="Names it in filters"
                  value={parameter.id}
                  error={idProblem(parameter.id, others)}
                  onChange={(event) => onChange(renameParameter(definition, parameter.id, event.currentTarget.value))}
                  maxLength={63}
                />
                <TextInput
                  label="Label"
                  description="What the viewer asks"
                  value={parameter.label}
                  onChange={(event) => set(index, { ...parameter, label: event.currentTarget.value })}
                  maxLength={100}
                />
                <NativeSelect
                  label="Type"
                  value={parameter.type}
                  data={PARAMETER_TYPES.map((type) => ({ value: type, label: TYPE_LABELS[type] }))}
                  onChange={(event) => {
                    const type = event.currentTarget.value as ReportParameter['type']
                    set(index, {
                      ...parameter,
                      type,
                      default: undefined,
                      options: type === 'select' || type === 'multiSelect' ? (parameter.options ?? []) : undefined,
                      optionsFrom: undefined,
                      filteredBy: undefined,
                    })
                  }}
                />
                <TypedTextInput
                  label="Default value"
                  description={parameter.type === 'multiSelect' ? 'Separate several with commas' : 'Used when the viewer leaves it empty'}
                  type={parameter.type === 'date' ? 'date' : 'text'}
                  value={parameter.default}
                  toText={parameterDefaultText}
                  fromText={(text) => parseParameterDefault(text, parameter.type)}
                  onValueChange={(value) => set(index, { ...parameter, default: value })}
                />
              </SimpleGrid>
              <Checkbox
                label="Required"
                checked={parameter.required}
                onChange={(event) => set(index, { ...parameter, required: event.currentTarget.checked })}
              />
              {choice ? (
                <>
                  <Radio.Group
                    label="Choices"
                    value={parameter.optionsFrom !== undefined ? 'field' : 'list'}
                    onChange={(value) =>
                      set(
                        index,
                        value === 'field'
                          ? { ...parameter, options: undefined, optionsFrom: fieldOptions[0]?.value ?? '' }
                          : { ...parameter, options: [], optionsFrom: undefined, filteredBy: undefined },
                      )
                    }
                  >
                    <Group gap="md" mt="xs">
                      <Radio value="list" label="A list I type" />
                      <Radio value="field" label="The values of a field" disabled={fieldOptions.length === 0} />
                    </Group>
                  </Radio.Group>
                  {parameter.optionsFrom !== undefined ? (
                    <>
                      <NativeSelect
                        label="Field the choices come from"
                        value={parameter.optionsFrom}
                        data={withCurrent(fieldOptions, parameter.optionsFrom, (name) => `${name} (not in this dataset)`)}
                        onChange={(event) => set(index, { ...parameter, optionsFrom: event.currentTarget.value })}
                      />
                      <NarrowingFields
                        parameter={parameter}
                        earlier={parameters.slice(0, index)}
                        fieldOptions={fieldOptions}
                        onChange={(next) => set(index, next)}
                      />
                    </>
                  ) : (
                    <Textarea
                      label="Choice list"
                      description="One choice per line"
                      autosize
                      minRows={3}
                      value={(parameter.options ?? []).join('\n')}
                      onChange={(event) => set(index, { ...parameter, options: event.currentTarget.value.split('\n') })}
                    />
                  )}
                </>
              ) : null}
            </Stack>
          </Fieldset>
        )
      })}
      <AddItemButton id={addId} onClick={add} disabled={parameters.length >= REPORT_LIMITS.parameters}>
        Add parameter
      </AddItemButton>
    </Stack>
  )
}
