import { Group, NativeSelect, Stack, Title } from '@mantine/core'
import type { ReportDefinition } from '@platform/contracts/reports'
import { useId } from 'react'
import { columnChoices, moveItem, removeItem, replaceItem, withCurrent } from '../../utils/definition'
import type { EditorProps } from './editor-props'
import { AddItemButton, ItemControls } from './item-controls'

type SortKey = ReportDefinition['sort'][number]

/** The order of rows: by columns (their keys) or by group fields, first key first. */
export function SortKeys({ definition, dataset, onChange }: EditorProps) {
  const listId = useId()
  const addId = `${listId}-add`
  const { sort } = definition
  const columns = columnChoices(definition, dataset)
  const groupOptions = definition.groups
    .filter((group) => !columns.some((column) => column.key === group.field))
    .map((group) => ({
      value: group.field,
      label: `Group: ${dataset?.fields.find((field) => field.name === group.field)?.label ?? group.field}`,
    }))
  const options = [...columns.map((column) => ({ value: column.key, label: column.label })), ...groupOptions]
  const setSort = (next: SortKey[]) => onChange({ ...definition, sort: next })
  return (
    <Stack gap="sm" component="section" aria-labelledby={`${listId}-heading`}>
      <Title order={3} size="h5" id={`${listId}-heading`}>
        Sort
      </Title>
      {sort.map((key, index) => (
        <Group key={index} gap="sm" align="flex-end" wrap="wrap" role="group" aria-label={`Sort ${index + 1}`}>
          <NativeSelect
            label="Sort by"
            value={key.key}
            data={withCurrent(options, key.key, (name) => `${name} (not shown)`)}
            onChange={(event) => setSort(replaceItem(sort, index, { ...key, key: event.currentTarget.value }))}
          />
          <NativeSelect
            label="Direction"
            value={key.dir}
            data={[
              { value: 'asc', label: 'Ascending' },
              { value: 'desc', label: 'Descending' },
            ]}
            onChange={(event) => setSort(replaceItem(sort, index, { ...key, dir: event.currentTarget.value === 'desc' ? 'desc' : 'asc' }))}
          />
          <ItemControls
            listId={listId}
            index={index}
            count={sort.length}
            name={`sort ${index + 1}`}
            onMove={(i, delta) => setSort(moveItem(sort, i, delta))}
            onRemove={(i) => setSort(removeItem(sort, i))}
            focusAfterRemove={addId}
          />
        </Group>
      ))}
      <AddItemButton
        id={addId}
        onClick={() => setSort([...sort, { key: options[0]!.value, dir: 'asc' }])}
        disabled={options.length === 0 || sort.length >= 10}
      >
        Add sort
      </AddItemButton>
    </Stack>
  )
}
