import { Checkbox, Fieldset, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core'
import { REPORT_LIMITS, type ReportDefinition } from '@platform/contracts/reports'
import { useId } from 'react'
import { moveItem, pruneDanglingKeys, removeItem, replaceItem, withCurrent } from '../../utils/definition'
import type { EditorProps } from './editor-props'
import { AddItemButton, ItemControls } from './item-controls'
import { SortKeys } from './sort-keys'

type GroupLevel = ReportDefinition['groups'][number]

function GroupLevels({ definition, dataset, onChange }: EditorProps) {
  const listId = useId()
  const addId = `${listId}-add`
  const { groups } = definition
  const groupable = (dataset?.fields ?? []).filter((field) => field.groupable)
  const options = groupable.map((field) => ({ value: field.name, label: field.label }))
  const setGroups = (next: GroupLevel[]) => onChange(pruneDanglingKeys({ ...definition, groups: next }, dataset))
  const set = (index: number, group: GroupLevel) => setGroups(replaceItem(groups, index, group))
  const taken = new Set(groups.map((group) => group.field))
  const add = () => {
    const field = groupable.find((candidate) => !taken.has(candidate.name)) ?? groupable[0]
    if (field) setGroups([...groups, { field: field.name, subtotal: true, pageBreakBefore: false }])
  }
  return (
    <Stack gap="sm" component="section" aria-labelledby={`${listId}-heading`}>
      <Title order={3} size="h5" id={`${listId}-heading`}>
        Groups
      </Title>
      <Text size="sm" c="dimmed">
        Rows are grouped by the first level, then the next within it; each group has a header and, if you like, a subtotal.
      </Text>
      {groups.map((group, index) => (
        <Fieldset key={index} legend={`Group level ${index + 1}`} variant="filled">
          <Stack gap="sm">
            <Group justify="flex-end">
              <ItemControls
                listId={listId}
                index={index}
                count={groups.length}
                name={`group level ${index + 1}`}
                onMove={(i, delta) => setGroups(moveItem(groups, i, delta))}
                onRemove={(i) => setGroups(removeItem(groups, i))}
                focusAfterRemove={addId}
              />
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <NativeSelect
                label="Group by"
                value={group.field}
                data={withCurrent(options, group.field, (name) => `${name} (cannot be grouped by)`)}
                onChange={(event) => set(index, { ...group, field: event.currentTarget.value })}
              />
              <TextInput
                label="Group label"
                placeholder={groupable.find((field) => field.name === group.field)?.label}
                value={group.label ?? ''}
                onChange={(event) => set(index, { ...group, label: event.currentTarget.value })}
                maxLength={100}
              />
            </SimpleGrid>
            <Group gap="lg">
              <Checkbox
                label="Subtotal"
                checked={group.subtotal}
                onChange={(event) => set(index, { ...group, subtotal: event.currentTarget.checked })}
              />
              <Checkbox
                label="Start each group on a new page"
                checked={group.pageBreakBefore}
                onChange={(event) => set(index, { ...group, pageBreakBefore: event.currentTarget.checked })}
              />
            </Group>
          </Stack>
        </Fieldset>
      ))}
      <AddItemButton id={addId} onClick={add} disabled={groupable.length === 0 || groups.length >= REPORT_LIMITS.groups}>
        Add group
      </AddItemButton>
    </Stack>
  )
}

/** Groups and totals: group levels with subtotals and page breaks, the grand total, and the order of rows. */
export function GroupsTab(props: EditorProps) {
  const { definition, onChange } = props
  if (!props.dataset) return <Text c="dimmed">Choose a dataset on the Data tab first.</Text>
  return (
    <Stack gap="xl">
      <GroupLevels {...props} />
      <Stack gap="sm" component="section" aria-label="Grand total">
        <Title order={3} size="h5">
          Grand total
        </Title>
        <Group gap="md" align="flex-end" wrap="wrap">
          <Checkbox
            label="Show a grand total"
            checked={definition.totals.grand}
            onChange={(event) => onChange({ ...definition, totals: { ...definition.totals, grand: event.currentTarget.checked } })}
          />
          <TextInput
            label="Grand total label"
            value={definition.totals.label}
            disabled={!definition.totals.grand}
            onChange={(event) => onChange({ ...definition, totals: { ...definition.totals, label: event.currentTarget.value } })}
            maxLength={100}
          />
        </Group>
      </Stack>
      <SortKeys {...props} />
    </Stack>
  )
}
