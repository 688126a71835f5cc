import { Checkbox, Group, NativeSelect, SimpleGrid, Stack, TextInput, Title } from '@mantine/core'
import type { ReportDefinition } from '@platform/contracts/reports'
import type { EditorProps } from './editor-props'

type Layout = ReportDefinition['layout']

/** Page setup: the title block and the PDF's page and footer. */
export function PageSetupTab({ definition, onChange }: EditorProps) {
  const { layout } = definition
  const set = (patch: Partial<Layout>) => onChange({ ...definition, layout: { ...layout, ...patch } })
  const setFooter = (patch: Partial<Layout['footer']>) => set({ footer: { ...layout.footer, ...patch } })
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Title"
          description="Above the report; the report's name when empty"
          value={layout.title}
          onChange={(event) => set({ title: event.currentTarget.value })}
          maxLength={200}
        />
        <TextInput
          label="Subtitle"
          value={layout.subtitle ?? ''}
          onChange={(event) => set({ subtitle: event.currentTarget.value })}
          maxLength={300}
        />
        <NativeSelect
          label="Orientation"
          value={layout.orientation}
          data={[
            { value: 'portrait', label: 'Portrait' },
            { value: 'landscape', label: 'Landscape' },
          ]}
          onChange={(event) => set({ orientation: event.currentTarget.value === 'landscape' ? 'landscape' : 'portrait' })}
        />
        <NativeSelect
          label="Page size"
          value={layout.pageSize}
          data={['Letter', 'Legal', 'A4']}
          onChange={(event) => set({ pageSize: event.currentTarget.value as Layout['pageSize'] })}
        />
      </SimpleGrid>
      <Checkbox
        label="Show the parameter values under the title"
        checked={layout.showParameters}
        onChange={(event) => set({ showParameters: event.currentTarget.checked })}
      />
      <Stack gap="sm" component="section" aria-label="Footer">
        <Title order={3} size="h5">
          Footer
        </Title>
        <Group gap="lg">
          <Checkbox
            label="Page numbers"
            checked={layout.footer.pageNumbers}
            onChange={(event) => setFooter({ pageNumbers: event.currentTarget.checked })}
          />
          <Checkbox
            label="Run date and time"
            checked={layout.footer.runAt}
            onChange={(event) => setFooter({ runAt: event.currentTarget.checked })}
          />
        </Group>
        <TextInput
          label="Footer text"
          value={layout.footer.text ?? ''}
          onChange={(event) => setFooter({ text: event.currentTarget.value })}
          maxLength={200}
        />
      </Stack>
    </Stack>
  )
}
