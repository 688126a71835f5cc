import { Box, Checkbox, ColorInput, Fieldset, Group, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core'
import type { ConditionalFormat } from '@platform/contracts/reports'
import { useId } from 'react'
import { columnChoices, removeItem, replaceItem, withCurrent } from '../../utils/definition'
import type { EditorProps } from './editor-props'
import { AddItemButton, ItemControls } from './item-controls'
import { TypedTextInput } from './typed-text-input'

const CONDITIONS: Array<{ value: ConditionalFormat['when']['op']; label: string }> = [
  { value: 'eq', label: 'equals' },
  { value: 'ne', label: 'does not equal' },
  { value: 'lt', label: 'is less than' },
  { value: 'lte', label: 'is at most' },
  { value: 'gt', label: 'is greater than' },
  { value: 'gte', label: 'is at least' },
]
const SWATCHES = ['#B00020', '#8A4B00', '#1B5E20', '#0B3D91', '#FFF4CC', '#FDE2E1', '#E3F2E1', '#E0ECFF']
const COLOUR = /^#[0-9a-fA-F]{6}$/
const colourProblem = (value: string | undefined) => (value && !COLOUR.test(value) ? 'A colour looks like #B00020' : undefined)

/** Numbers compare as numbers; anything else as text. */
const toValue = (text: string): number | string => (/^\s*-?(?:\d+\.?\d*|\.\d+)\s*$/.test(text) ? Number(text) : text)

/** Formatting: colours and bold for cells that meet a condition (the exports apply the same styles). */
export function FormattingTab({ definition, dataset, onChange }: EditorProps) {
  const listId = useId()
  const addId = `${listId}-add`
  const formats = definition.conditionalFormats
  const columns = columnChoices(definition, dataset)
  const options = columns.map((column) => ({ value: column.key, label: column.label }))
  const set = (index: number, format: ConditionalFormat) =>
    onChange({ ...definition, conditionalFormats: replaceItem(formats, index, format) })
  const setStyle = (index: number, format: ConditionalFormat, style: Partial<ConditionalFormat['style']>) =>
    set(index, { ...format, style: { ...format.style, ...style } })

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        A cell takes the style of every format whose condition it meets.
      </Text>
      {formats.map((format, index) => (
        <Fieldset key={index} legend={`Format ${index + 1}`} variant="filled">
          <Stack gap="sm">
            <Group justify="space-between">
              <Box
                px="sm"
                py={4}
                style={{
                  color: format.style.color || undefined,
                  backgroundColor: format.style.background || undefined,
                  fontWeight: format.style.bold ? 700 : undefined,
                  borderRadius: 4,
                  border: '1px solid var(--mantine-color-gray-3)',
                }}
              >
                Sample 1,234.56
              </Box>
              <ItemControls
                listId={listId}
                index={index}
                count={formats.length}
                name={`format ${index + 1}`}
                onRemove={(i) => onChange({ ...definition, conditionalFormats: removeItem(formats, i) })}
                focusAfterRemove={addId}
              />
            </Group>
            <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
              <NativeSelect
                label="Column"
                value={format.column}
                data={withCurrent(options, format.column, (key) => `${key} (not a column)`)}
                onChange={(event) => set(index, { ...format, column: event.currentTarget.value })}
              />
              <NativeSelect
                label="Condition"
                value={format.when.op}
                data={CONDITIONS}
                onChange={(event) =>
                  set(index, { ...format, when: { ...format.when, op: event.currentTarget.value as ConditionalFormat['when']['op'] } })
                }
              />
              <TypedTextInput
                label="Value"
                value={format.when.value}
                toText={String}
                fromText={toValue}
                onValueChange={(value) => set(index, { ...format, when: { ...format.when, value } })}
              />
              <ColorInput
                label="Text colour"
                format="hex"
                swatches={SWATCHES}
                withEyeDropper={false}
                value={format.style.color ?? ''}
                error={colourProblem(format.style.color)}
                onChange={(color) => setStyle(index, format, { color })}
              />
              <ColorInput
                label="Background"
                format="hex"
                swatches={SWATCHES}
                withEyeDropper={false}
                value={format.style.background ?? ''}
                error={colourProblem(format.style.background)}
                onChange={(background) => setStyle(index, format, { background })}
              />
              <Checkbox
                label="Bold"
                mt="lg"
                checked={format.style.bold ?? false}
                onChange={(event) => setStyle(index, format, { bold: event.currentTarget.checked })}
              />
            </SimpleGrid>
          </Stack>
        </Fieldset>
      ))}
      <AddItemButton
        id={addId}
        onClick={() =>
          onChange({
            ...definition,
            conditionalFormats: [
              ...formats,
              { column: columns[0]!.key, when: { op: 'lt', value: 0 }, style: { color: '#B00020', bold: true } },
            ],
          })
        }
        disabled={columns.length === 0 || formats.length >= 30}
      >
        Add format
      </AddItemButton>
    </Stack>
  )
}
