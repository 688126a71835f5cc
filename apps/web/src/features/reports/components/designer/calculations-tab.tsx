import { Alert, Button, Code, Fieldset, Group, NativeSelect, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core'
import { REPORT_LIMITS, type Format, type ReportCalculation } from '@platform/contracts/reports'
import { Info, TableProperties } from 'lucide-react'
import { useId } from 'react'
import { isIdentifier, nextId, pruneDanglingKeys, removeCalculation, renameCalculation, replaceItem } from '../../utils/definition'
import type { EditorProps } from './editor-props'
import { FORMAT_OPTIONS } from './format-options'
import { AddItemButton, ItemControls } from './item-controls'

function FormulaHelp() {
  return (
    <Alert variant="light" color="blue" icon={<Info size={18} aria-hidden="true" />} title="The formula language">
      <Text size="sm">
        Numbers (<Code>12.5</Code>), text in single quotes (<Code>&apos;success&apos;</Code>), field names (<Code>cost</Code>; see the Data
        tab), <Code>+ - * /</Code>, comparisons <Code>= &lt;&gt; &lt; &lt;= &gt; &gt;=</Code> and the functions{' '}
        <Code>sum avg min max count abs round coalesce nullif if</Code>.
      </Text>
      <Text size="sm" mt={4}>
        In summary rows, fields sit inside an aggregate: <Code>sum(actual) / nullif(sum(budget), 0)</Code>. In detail rows, a formula works
        on each record: <Code>if(cost &gt; 1000000, 1, 0)</Code>.
      </Text>
    </Alert>
  )
}

function idProblem(id: string, others: readonly ReportCalculation[]): string | undefined {
  if (!isIdentifier(id)) return 'Lower-case letters, digits and _, starting with a letter'
  if (others.some((other) => other.id === id)) return 'Another calculation has this id'
  return undefined
}

/** Calculations: formulas over the dataset's fields, shown as columns. */
export function CalculationsTab({ definition, dataset, onChange }: EditorProps) {
  const listId = useId()
  const addId = `${listId}-add`
  const { calculations } = definition
  const set = (index: number, calc: ReportCalculation) => onChange({ ...definition, calculations: replaceItem(calculations, index, calc) })
  const add = () => {
    const id = nextId(
      'calc',
      calculations.map((calc) => calc.id),
    )
    onChange({
      ...definition,
      calculations: [...calculations, { id, label: `Calculation ${calculations.length + 1}`, expr: '', format: 'decimal' }],
    })
  }
  if (!dataset) return <Text c="dimmed">Choose a dataset on the Data tab first.</Text>
  return (
    <Stack gap="md">
      <FormulaHelp />
      {calculations.map((calc, index) => {
        const shown = definition.columns.some((column) => column.calc === calc.id)
        return (
          <Fieldset key={index} legend={`Calculation ${index + 1}: ${calc.label || calc.id}`} variant="filled">
            <Stack gap="sm">
              <Group justify="space-between">
                <Button
                  size="xs"
                  variant="default"
                  leftSection={<TableProperties size={14} aria-hidden="true" />}
                  disabled={shown || definition.columns.length >= REPORT_LIMITS.columns}
                  onClick={() =>
                    onChange(pruneDanglingKeys({ ...definition, columns: [...definition.columns, { calc: calc.id }] }, dataset))
                  }
                >
                  {shown ? 'Shown as a column' : 'Show as a column'}
                </Button>
                <ItemControls
                  listId={listId}
                  index={index}
                  count={calculations.length}
                  name={`calculation ${index + 1}`}
                  onRemove={(i) => onChange(removeCalculation(definition, i, dataset))}
                  focusAfterRemove={addId}
                />
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
                <TextInput
                  label="Id"
                  value={calc.id}
                  error={idProblem(
                    calc.id,
                    calculations.filter((_, i) => i !== index),
                  )}
                  onChange={(event) => onChange(renameCalculation(definition, calc.id, event.currentTarget.value))}
                  maxLength={63}
                />
                <TextInput
                  label="Label"
                  value={calc.label}
                  onChange={(event) => set(index, { ...calc, label: event.currentTarget.value })}
                  maxLength={100}
                />
                <NativeSelect
                  label="Format"
                  value={calc.format}
                  data={FORMAT_OPTIONS}
                  onChange={(event) => set(index, { ...calc, format: event.currentTarget.value as Format })}
                />
              </SimpleGrid>
              <Textarea
                label="Formula"
                autosize
                minRows={2}
                maxLength={REPORT_LIMITS.expressionLength}
                styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                value={calc.expr}
                onChange={(event) => set(index, { ...calc, expr: event.currentTarget.value })}
              />
            </Stack>
          </Fieldset>
        )
      })}
      <AddItemButton id={addId} onClick={add} disabled={calculations.length >= REPORT_LIMITS.calculations}>
        Add calculation
      </AddItemButton>
    </Stack>
  )
}
