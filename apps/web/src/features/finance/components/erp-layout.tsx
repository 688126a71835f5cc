import { Button, Group, Paper, Radio, Select, Stack, Text, TextInput, Title } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { type ErpLayout, ErpLayoutSchema } from '@platform/contracts/finance-erp-layout'
import { FormAlerts } from '@/components/form-alerts'
import { withoutFieldNames } from '@/lib/schema-errors'
import { useErpLayout, useSaveErpLayout } from '../api/erp-layout'

/** Escape's FiscalYear is 4 digits; a July–June year is numbered by the year it ends in, or by the year it starts in. */
const FISCAL_YEAR_CHOICES = [
  { value: 'ENDING', label: 'The year it ends in (2025-26 is 2026)' },
  { value: 'STARTING', label: 'The year it starts in (2025-26 is 2025)' },
]

/**
 * The layout the receipts and accruals journals are written in: the platform's CSV, or Escape Online's Journal Entry
 * Import, whose files carry the district's organization id and department.
 */
export function ErpLayoutForm() {
  const layout = useErpLayout()
  if (!layout.data) return null
  return <Form key={JSON.stringify(layout.data)} initial={layout.data} />
}

function Form({ initial }: { initial: ErpLayout }) {
  const save = useSaveErpLayout()
  const form = useForm({
    mode: 'controlled',
    initialValues: initial,
    validate: withoutFieldNames(schemaResolver(ErpLayoutSchema, { sync: true })),
  })
  const escape = form.values.layout === 'ESCAPE_ONLINE'
  return (
    <Paper withBorder radius="md" p="md">
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          // The saved layout is refetched and this form remounted with it (its key): mutate's callbacks would not be heard.
          save
            .mutateAsync(ErpLayoutSchema.parse(values))
            .then(() => notifications.show({ color: 'teal', message: 'The journal layout was saved.' }))
            .catch(() => undefined) // shown below from save.error
        })}
      >
        <Stack gap="sm">
          <Title order={2} size="h4">
            Journal layout for the ERP
          </Title>
          <Text size="sm" c="dimmed">
            How the receipts and accruals journals are downloaded. In Escape Online&apos;s layout, the receipts journal is one file for each
            day deposits were confirmed, and an accruals journal is its entry and its reversal; several files come together in a ZIP.
          </Text>
          <Radio.Group label="Layout" {...form.getInputProps('layout')}>
            <Group mt="xs">
              <Radio value="PLATFORM_CSV" label="The platform's CSV" />
              <Radio value="ESCAPE_ONLINE" label="Escape Online journal entry import" />
            </Group>
          </Radio.Group>
          {escape ? (
            <Group align="flex-start" wrap="wrap">
              <TextInput label="Escape organization id" w={200} {...form.getInputProps('orgId')} />
              <TextInput label="Department id" w={200} {...form.getInputProps('deptId')} />
              <Select
                label="Fiscal year written as"
                description="As your Escape Online numbers its years"
                w={260}
                allowDeselect={false}
                data={FISCAL_YEAR_CHOICES}
                {...form.getInputProps('fiscalYear')}
              />
            </Group>
          ) : null}
          <Group>
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
          <FormAlerts mutation={save} failedTitle="The journal layout was not saved" />
        </Stack>
      </form>
    </Paper>
  )
}
