import { Alert, Checkbox, Group, Radio, Stack, Text } from '@mantine/core'
import { CHART_TYPES } from '@platform/contracts/reports'
import { Info } from 'lucide-react'
import { columnChoices } from '../../utils/definition'
import type { EditorProps } from './editor-props'

const MAX_SERIES = 6
const TYPE_LABELS = { none: 'No chart', bar: 'Bar', line: 'Line', pie: 'Pie' } as const
type ChartType = (typeof CHART_TYPES)[number]

/** Chart: bars, lines or a pie over the first group level, one series per numeric column. */
export function ChartTab({ definition, dataset, onChange }: EditorProps) {
  const numeric = columnChoices(definition, dataset).filter((column) => column.numeric)
  const { chart } = definition
  const needsCategories = definition.groups.length === 0 && definition.rows.mode === 'detail'

  const setType = (value: string) => {
    if (value === 'none') return onChange({ ...definition, chart: null })
    // A new chart starts with the first numeric column, so it draws something straight away.
    const series = chart?.series.length ? chart.series : numeric.slice(0, 1).map((column) => column.key)
    onChange({ ...definition, chart: { type: value as ChartType, series } })
  }

  return (
    <Stack gap="md">
      <Radio.Group label="Chart" value={chart?.type ?? 'none'} onChange={setType}>
        <Group gap="md" mt="xs">
          {(['none', ...CHART_TYPES] as const).map((type) => (
            <Radio key={type} value={type} label={TYPE_LABELS[type]} />
          ))}
        </Group>
      </Radio.Group>
      {chart ? (
        <>
          {needsCategories ? (
            <Alert variant="light" color="yellow" icon={<Info size={18} aria-hidden="true" />}>
              A chart has one category per group of the first level, or per summary row: add a group or choose summary rows.
            </Alert>
          ) : null}
          {numeric.length === 0 ? (
            <Text c="dimmed">Add a number column (a sum, a count or a calculation) to chart it.</Text>
          ) : (
            <Checkbox.Group
              label="Series"
              description={chart.type === 'pie' ? 'A pie draws the first series.' : `Up to ${MAX_SERIES} number columns.`}
              value={chart.series}
              onChange={(series) =>
                onChange({
                  ...definition,
                  chart: { ...chart, series: numeric.map((column) => column.key).filter((key) => series.includes(key)) },
                })
              }
              error={chart.series.length === 0 ? 'Choose at least one series' : undefined}
            >
              <Stack gap="xs" mt="xs">
                {numeric.map((column) => (
                  <Checkbox
                    key={column.key}
                    value={column.key}
                    label={column.label}
                    disabled={!chart.series.includes(column.key) && chart.series.length >= MAX_SERIES}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
          )}
        </>
      ) : null}
    </Stack>
  )
}
