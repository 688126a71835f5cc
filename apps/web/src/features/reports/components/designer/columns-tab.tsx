import { Fieldset, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput } from '@mantine/core'
import { REPORT_LIMITS, type Aggregate, type Format, type ReportColumn } from '@platform/contracts/reports'
import { useId } from 'react'
import {
  AGGREGATE_NAMES,
  columnSource,
  defaultColumnLabel,
  fieldMap,
  moveItem,
  pruneDanglingKeys,
  removeItem,
  replaceItem,
  withColumnSource,
} from '../../utils/definition'
import type { EditorProps } from './editor-props'
import { FORMAT_OPTIONS } from './format-options'
import { AddItemButton, ItemControls } from './item-controls'

const NUMBER_TYPES: ReadonlySet<string> = new Set(['integer', 'decimal', 'money'])

/** Columns: what each row shows, in order: a field (summed, counted … in summaries and subtotals) or a calculation. */
export function ColumnsTab({ definition, dataset, onChange }: EditorProps) {
  const listId = useId()
  const addId = `${listId}-add`
  const { columns } = definition
  const fields = fieldMap(dataset)
  const sources = [
    { group: 'Fields', items: (dataset?.fields ?? []).map((field) => ({ value: `field:${field.name}`, label: field.label })) },
    ...(definition.calculations.length
      ? [
          {
            group: 'Calculations',
            items: definition.calculations.map((calc) => ({ value: `calc:${calc.id}`, label: calc.label || calc.id })),
          },
        ]
      : []),
  ]
  const known = (source: string) => sources.some((group) => group.items.some((item) => item.value === source))
  // Every edit may change a column's key, which sorts, formats and the chart refer to.
  const setColumns = (next: ReportColumn[]) => onChange(pruneDanglingKeys({ ...definition, columns: next }, dataset))
  const set = (index: number, column: ReportColumn) => setColumns(replaceItem(columns, index, column))

  const add = () => {
    const shown = new Set(columns.map((column) => column.field))
    if (definition.rows.mode === 'summary') {
      // A summary column without an aggregate splits the rows further, which is rarely what a new column is for:
      // start with a sum of a number not shown yet, else a count.
      const number = dataset?.fields.find((candidate) => NUMBER_TYPES.has(candidate.type) && !shown.has(candidate.name))
      const counted = dataset?.fields[0]
      if (number) return setColumns([...columns, { field: number.name, agg: 'sum' }])
      if (counted) return setColumns([...columns, { field: counted.name, agg: 'count' }])
      return
    }
    const field = dataset?.fields.find((candidate) => !shown.has(candidate.name)) ?? dataset?.fields[0]
    if (field) setColumns([...columns, { field: field.name }])
  }

  if (!dataset) return <Text c="dimmed">Choose a dataset on the Data tab first.</Text>
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {definition.rows.mode === 'summary'
          ? 'Summary rows: give number columns an aggregate; a column without one groups the rows by its values.'
          : 'Detail rows: an aggregate is used in subtotals and the grand total; each record shows its own value.'}
      </Text>
      {columns.map((column, index) => {
        const field = column.field ? fields.get(column.field) : undefined
        const source = columnSource(column)
        const heading = column.label || defaultColumnLabel(column, definition, dataset)
        return (
          <Fieldset key={index} legend={`Column ${index + 1}: ${heading}`} variant="filled">
            <Stack gap="sm">
              <Group justify="flex-end">
                <ItemControls
                  listId={listId}
                  index={index}
                  count={columns.length}
                  name={`column ${index + 1}`}
                  onMove={(i, delta) => setColumns(moveItem(columns, i, delta))}
                  onRemove={(i) => setColumns(removeItem(columns, i))}
                  focusAfterRemove={addId}
                />
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                <NativeSelect
                  label="Shows"
                  value={source}
                  data={known(source) ? sources : [{ value: source, label: `${source.replace(/^\w+:/, '')} (not available)` }, ...sources]}
                  onChange={(event) => set(index, withColumnSource(column, event.currentTarget.value, dataset))}
                />
                {column.calc ? null : (
                  <NativeSelect
                    label="Aggregate"
                    value={column.agg ?? ''}
                    data={[
                      { value: '', label: 'None' },
                      ...(field?.aggregates ?? []).map((agg) => ({ value: agg, label: AGGREGATE_NAMES[agg] })),
                    ]}
                    onChange={(event) => set(index, { ...column, agg: (event.currentTarget.value || undefined) as Aggregate | undefined })}
                  />
                )}
                <TextInput
                  label="Heading"
                  placeholder={defaultColumnLabel(column, definition, dataset)}
                  value={column.label ?? ''}
                  onChange={(event) => set(index, { ...column, label: event.currentTarget.value })}
                  maxLength={100}
                />
                <NativeSelect
                  label="Format"
                  value={column.format ?? ''}
                  data={[{ value: '', label: 'Automatic' }, ...FORMAT_OPTIONS]}
                  onChange={(event) => set(index, { ...column, format: (event.currentTarget.value || undefined) as Format | undefined })}
                />
              </SimpleGrid>
            </Stack>
          </Fieldset>
        )
      })}
      <AddItemButton id={addId} onClick={add} disabled={columns.length >= REPORT_LIMITS.columns}>
        Add column
      </AddItemButton>
    </Stack>
  )
}
