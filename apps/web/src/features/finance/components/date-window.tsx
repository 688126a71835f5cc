import { Button, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { FinanceWindowInputSchema } from '@platform/contracts/finance'
import { type FormErrors, schemaResolver, useForm } from '@mantine/form'
import { FormAlerts } from '@/components/form-alerts'
import { formMessage } from '@/lib/schema-errors'
import { useFinanceSettings, useSaveDateWindow } from '../api/finance'

/**
 * The district's window of dates: no receipt, payment, confirmation or request date may be in the future on the
 * district's clock or before the first day of its earliest fiscal year, so a mistyped year is refused, not kept.
 */
export function DateWindowForm() {
  const settings = useFinanceSettings()
  if (!settings.data) return null
  return (
    <Form key={settings.data.earliestFiscalYear} earliest={settings.data.earliestFiscalYear} current={settings.data.currentFiscalYear} />
  )
}

const resolve = schemaResolver(FinanceWindowInputSchema, { sync: true })
/** The contract's messages as a form shows them (without the API's field name). */
const formErrors = (errors: FormErrors): FormErrors =>
  Object.fromEntries(Object.entries(errors).map(([path, message]) => [path, typeof message === 'string' ? formMessage(message) : message]))

function Form({ earliest, current }: { earliest: string; current: string }) {
  const save = useSaveDateWindow()
  const form = useForm({
    mode: 'controlled',
    initialValues: { earliestFiscalYear: earliest },
    validate: (values) => formErrors(resolve(values)),
  })
  return (
    <Paper withBorder radius="md" p="md">
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          // The saved settings are refetched and this form remounted with them (its key): mutate's callbacks would not be heard.
          save
            .mutateAsync(FinanceWindowInputSchema.parse(values))
            .then(() => notifications.show({ color: 'teal', message: 'The earliest fiscal year was saved.' }))
            .catch(() => undefined) // shown below from save.error
        })}
      >
        <Stack gap="sm">
          <Title order={2} size="h4">
            Dates the platform takes
          </Title>
          <Text size="sm" c="dimmed">
            Receipt, payment, confirmation and request dates must be today or earlier, and no earlier than July 1 of the earliest fiscal
            year below. The current fiscal year is {current}.
          </Text>
          <Group align="flex-end" wrap="wrap">
            <TextInput label="Earliest fiscal year" placeholder="2019-20" w={160} {...form.getInputProps('earliestFiscalYear')} />
            <Button type="submit" loading={save.isPending}>
              Save
            </Button>
          </Group>
          <FormAlerts mutation={save} failedTitle="The earliest fiscal year was not saved" />
        </Stack>
      </form>
    </Paper>
  )
}
