import { Button, Group, Paper, Stack, Switch, Text, TextInput, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { RecordsSettingsInputSchema } from '@platform/contracts/records'
import { useRecordsSettings, useSaveRecordsSettings } from '../api/records'
import { useContractForm } from './request-parts'
import { FailureAlert } from '@/components/failure-alert'
import { PortalSettingsForm, type RecordsSettings } from './portal-settings'

/**
 * The district's settings for Public Information: the after-hours rule (off by default) and the business hours it
 * reads, and the public records page (the archive, the introduction); administrators change them.
 */
export function BusinessHours({ editable }: { editable: boolean }) {
  const settings = useRecordsSettings()
  if (!settings.data) return null
  const key = JSON.stringify(settings.data)
  return (
    <>
      <BusinessHoursForm key={`hours-${key}`} initial={settings.data} editable={editable} />
      <PortalSettingsForm key={`portal-${key}`} initial={settings.data} editable={editable} />
    </>
  )
}

function BusinessHoursForm({ initial, editable }: { initial: RecordsSettings; editable: boolean }) {
  const save = useSaveRecordsSettings()
  const { form } = useContractForm(RecordsSettingsInputSchema, {
    afterHoursRule: initial.afterHoursRule,
    businessHoursStart: initial.businessHoursStart,
    businessHoursEnd: initial.businessHoursEnd,
  })
  const onSubmit = form.onSubmit((values) => {
    // One PUT carries every setting: the public records page's are sent as they are saved.
    save
      .mutateAsync({ ...values, publicArchive: initial.publicArchive, portalIntro: initial.portalIntro })
      .then(() => notifications.show({ color: 'teal', message: 'The business hours were saved.' }))
      .catch(() => undefined) // shown below from save.error
  })
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
          {...form.getInputProps('afterHoursRule', { type: 'checkbox' })}
          disabled={!editable}
        />
        <Group align="flex-start" wrap="wrap">
          <TextInput label="Open from" type="time" {...form.getInputProps('businessHoursStart')} disabled={!editable} w={150} />
          <TextInput label="Open until" type="time" {...form.getInputProps('businessHoursEnd')} disabled={!editable} w={150} />
        </Group>
        {save.isError ? <FailureAlert title="The business hours were not saved" error={save.error} /> : null}
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
