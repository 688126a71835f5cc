import { Checkbox, Fieldset, Group, NativeSelect, Stack, Text } from '@mantine/core'
import { REPORT_LIMITS, type DatasetField, type FilterOp, type ReportFilter, type ReportValue } from '@platform/contracts/reports'
import { useId } from 'react'
import { removeItem, replaceItem, withCurrent } from '../../utils/definition'
import { emptyValue, FILTER_OP_LABELS, filterOpsFor, isParamValue, valueShape, withOp } from '../../utils/filter-values'
import type { EditorProps } from './editor-props'
import { AddItemButton, ItemControls } from './item-controls'
import { ListInput, ValueInput } from './filter-value-input'

/** A filter on a field it did not name before: the operator stays when the new field takes it, the value starts over. */
function withField(filter: ReportFilter, field: DatasetField): ReportFilter {
  const op = filterOpsFor(field.type).includes(filter.op) ? filter.op : 'eq'
  return { ...filter, field: field.name, op, value: emptyValue(op) }
}

function usesParameter(filter: ReportFilter): boolean {
  return Array.isArray(filter.value) ? filter.value.some(isParamValue) : isParamValue(filter.value)
}

function FilterValue({
  filter,
  field,
  parameters,
  onChange,
}: {
  filter: ReportFilter
  field: DatasetField
  parameters: EditorProps['definition']['parameters']
  onChange: (value: ReportFilter['value']) => void
}) {
  switch (valueShape(filter.op)) {
    case 'none':
      return null
    case 'list':
      return <ListInput field={field} value={filter.value} parameters={parameters} onChange={onChange} />
    case 'pair': {
      const [low, high] = Array.isArray(filter.value) ? filter.value : [null, null]
      const setEnd = (end: 0 | 1) => (value: ReportValue) => onChange(end === 0 ? [value, high ?? null] : [low ?? null, value])
      return (
        <Group gap="md" align="flex-start" wrap="wrap">
          <ValueInput label="Lowest value" field={field} value={low} parameters={parameters} onChange={setEnd(0)} />
          <ValueInput label="Highest value" field={field} value={high} parameters={parameters} onChange={setEnd(1)} />
        </Group>
      )
    }
    default:
      return (
        <ValueInput
          label="Value"
          field={field}
          value={Array.isArray(filter.value) ? null : filter.value}
          parameters={parameters}
          onChange={onChange}
        />
      )
  }
}

/** Filters: which records the report reads, each a field, a condition and a value typed here or from a parameter. */
export function FiltersTab({ definition, dataset, onChange }: EditorProps) {
  const listId = useId()
  const addId = `${listId}-add`
  const fields = (dataset?.fields ?? []).filter((field) => field.filterable)
  const { filters } = definition
  const set = (index: number, filter: ReportFilter) => onChange({ ...definition, filters: replaceItem(filters, index, filter) })

  if (!dataset) return <Text c="dimmed">Choose a dataset on the Data tab first.</Text>
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Every filter must hold for a record to be in the report.
      </Text>
      {filters.map((filter, index) => {
        const field = fields.find((candidate) => candidate.name === filter.field)
        const ops = field ? filterOpsFor(field.type) : []
        return (
          <Fieldset key={index} legend={`Filter ${index + 1}`} variant="filled">
            <Stack gap="sm">
              <Group gap="sm" align="flex-end" wrap="wrap">
                <NativeSelect
                  label="Field"
                  value={filter.field}
                  data={withCurrent(
                    fields.map((item) => ({ value: item.name, label: item.label })),
                    filter.field,
                    (name) => `${name} (cannot be filtered)`,
                  )}
                  onChange={(event) => {
                    const next = fields.find((item) => item.name === event.currentTarget.value)
                    if (next) set(index, withField(filter, next))
                  }}
                />
                <NativeSelect
                  label="Condition"
                  value={filter.op}
                  data={withCurrent(
                    ops.map((op) => ({ value: op, label: FILTER_OP_LABELS[op] })),
                    filter.op,
                    (op) => op,
                  )}
                  onChange={(event) => set(index, withOp(filter, event.currentTarget.value as FilterOp))}
                />
                <ItemControls
                  listId={listId}
                  index={index}
                  count={filters.length}
                  name={`filter ${index + 1}`}
                  onRemove={(i) => onChange({ ...definition, filters: removeItem(filters, i) })}
                  focusAfterRemove={addId}
                />
              </Group>
              {field ? (
                <FilterValue
                  filter={filter}
                  field={field}
                  parameters={definition.parameters}
                  onChange={(value) => set(index, { ...filter, value })}
                />
              ) : null}
              {usesParameter(filter) ? (
                <Checkbox
                  label="Leave this filter out when the parameter is left empty"
                  checked={filter.ignoreIfEmpty}
                  onChange={(event) => set(index, { ...filter, ignoreIfEmpty: event.currentTarget.checked })}
                />
              ) : null}
            </Stack>
          </Fieldset>
        )
      })}
      <AddItemButton
        id={addId}
        onClick={() =>
          onChange({ ...definition, filters: [...filters, { field: fields[0]!.name, op: 'eq', value: null, ignoreIfEmpty: false }] })
        }
        disabled={fields.length === 0 || filters.length >= REPORT_LIMITS.filters}
      >
        Add filter
      </AddItemButton>
    </Stack>
  )
}
