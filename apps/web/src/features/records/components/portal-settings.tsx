import { Anchor, Button, Group, Paper, Stack, Switch, Text, Textarea, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { RecordsSettingsInputSchema, type RecordsSettingsSchema } from '@platform/contracts/records'
import { ExternalLink } from 'lucide-react'
import type { z } from 'zod'
import { FailureAlert } from '@/components/failure-alert'
import { useSaveRecordsSettings } from '../api/records'
import { useContractForm } from './request-parts'

export type RecordsSettings = z.infer<typeof RecordsSettingsSchema>

/** Where the public files and follows requests, in the platform itself (no account needed). */
export const PUBLIC_RECORDS_PAGE = '/public-records'

/** The link to the public records page, opened beside the platform so the staff screen stays. */
export function PublicPageLink() {
  return (
    <Anchor href={PUBLIC_RECORDS_PAGE} target="_blank" rel="noopener" size="sm">
      <Group gap={4} component="span" wrap="nowrap">
        Open the public request page
        <ExternalLink size={14} aria-hidden="true" />
        <span className="visually-hidden">(opens in a new tab)</span>
      </Group>
    </Anchor>
  )
}

/**
 * The public records page's settings: the archive of closed requests (off by default) and the introduction above the
 * form (empty: the platform's own). Saved with the business hours as they are saved, in the one PUT.
 */
export function PortalSettingsForm({ initial, editable }: { initial: RecordsSettings; editable: boolean }) {
  const save = useSaveRecordsSettings()
  const inputOf = (values: { publicArchive: boolean; portalIntro: string }) => ({
    afterHoursRule: initial.afterHoursRule,
    businessHoursStart: initial.businessHoursStart,
    businessHoursEnd: initial.businessHoursEnd,
    publicArchive: values.publicArchive,
    portalIntro: values.portalIntro.trim() || null,
  })
  const { form } = useContractForm(
    RecordsSettingsInputSchema,
    { publicArchive: initial.publicArchive, portalIntro: initial.portalIntro ?? '' },
    inputOf,
  )
  const onSubmit = form.onSubmit((values) => {
    save
      .mutateAsync(inputOf(values))
      .then(() => notifications.show({ color: 'teal', message: 'The public records page’s settings were saved.' }))
      .catch(() => undefined) // shown below from save.error
  })
  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={onSubmit} noValidate aria-labelledby="portal-settings-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={3} size="h4" id="portal-settings-title">
            The public records page
          </Title>
          <PublicPageLink />
        </Group>
        <Text size="sm" c="dimmed">
          Anyone may file a request on the public records page without an account, and follow it through the private link they are e-mailed.
        </Text>
        <Stack gap={4}>
          <Switch
            label="Publish the public archive of closed requests"
            aria-describedby="public-archive-what"
            {...form.getInputProps('publicArchive', { type: 'checkbox' })}
            disabled={!editable}
          />
          {/* Said apart from the label, so the switch's name stays short and this reads as its description. */}
          <Text id="public-archive-what" size="sm" c="dimmed">
            Each closed request with a public summary is published with its number, the summary, its dates, the outcome and the documents
            released. The requester’s name and contact are never published. Off, nothing is published.
          </Text>
        </Stack>
        <Textarea
          label="Introduction on the request page"
          description="What the district holds and how to ask, above the form. Left empty, the page shows the platform’s own introduction."
          {...form.getInputProps('portalIntro')}
          disabled={!editable}
          autosize
          minRows={3}
          maxRows={12}
        />
        {save.isError ? <FailureAlert title="The public records page’s settings were not saved" error={save.error} /> : null}
        {editable ? (
          <Group>
            <Button type="submit" variant="default" loading={save.isPending}>
              Save the public page’s settings
            </Button>
          </Group>
        ) : null}
      </Stack>
    </Paper>
  )
}
