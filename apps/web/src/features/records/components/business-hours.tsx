import { Button, Group, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { RecordsSettingsInputSchema } from '@platform/contracts/records'
import { useState, type FormEvent } from 'react'
import { errorMessage } from '@/lib/api-client'
import { useRecordsSettings, useSaveRecordsSettings } from '../api/records'
import { formMessage } from '@/lib/schema-errors'
import { FailureAlert } from '@/components/failure-alert'

/** The after-hours rule (off by default) and the business hours it reads; administrators change them. */
export function BusinessHours({ editable }: { editable: boolean }) {
  const settings = useRecordsSettings()
  if (!settings.data) return null
  return <BusinessHoursForm key={JSON.stringify(settings.data)} initial={settings.data} editable={editable} />
}

function BusinessHoursForm({
  initial,
  editable,
}: {
  initial: { afterHoursRule: boolean; businessHoursStart: string; businessHoursEnd: string; districtTimeZone: string }
  editable: boolean
}) {
  const save = useSaveRecordsSettings()
  const [afterHoursRule, setAfterHoursRule] = useState(initial.afterHoursRule)
  const [start, setStart] = useState(initial.businessHoursStart)
  const [end, setEnd] = useState(initial.businessHoursEnd)
  const [problem, setProblem] = useState<string | null>(null)
  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const input = { afterHoursRule, businessHoursStart: start, businessHoursEnd: end }
    const checked = RecordsSettingsInputSchema.safeParse(input)
    if (!checked.success) return setProblem(formMessage(checked.error.issues[0]!.message))
    setProblem(null)
    save
      .mutateAsync(input)
      .then(() => notifications.show({ color: 'teal', message: 'The business hours were saved.' }))
      .catch((error: unknown) => setProblem(errorMessage(error, 'The business hours were not saved. Try again in a moment.')))
  }
  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={onSubmit} noValidate aria-labelledby="business-hours-title">
      <Stack gap="sm">
        <Title order={3} size="h4" id="business-hours-title">
          Business hours
        </Title>
        <Text size="sm" c="dimmed">
          With the after-hours rule on, a request received outside business hours ({initial.districtTimeZone}) or on a day the offices are
          closed counts as received on the next business day. The law does not require it; it is off unless the district decides otherwise.
        </Text>
        <Switch
          label="Count a request received after hours from the next business day"
          checked={afterHoursRule}
          onChange={(event) => setAfterHoursRule(event.currentTarget.checked)}
          disabled={!editable}
        />
        <Group align="flex-start" wrap="wrap">
          <TextInput
            label="Open from"
            type="time"
            value={start}
            onChange={(event) => setStart(event.currentTarget.value)}
            disabled={!editable}
            w={150}
          />
          <TextInput
            label="Open until"
            type="time"
            value={end}
            onChange={(event) => setEnd(event.currentTarget.value)}
            disabled={!editable}
            w={150}
          />
        </Group>
        {problem ? <FailureAlert message={problem} /> : null}
        {editable ? (
          <Group>
            <Button type="submit" variant="default" loading={save.isPending}>
              Save business hours
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  )
}
