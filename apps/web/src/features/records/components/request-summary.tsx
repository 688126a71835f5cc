import { Button, Stack, Text, Textarea } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { PublicSummaryInputSchema, type RequestDetail } from '@platform/contracts/records'
import { FailureAlert } from '@/components/failure-alert'
import { useSavePublicSummary } from '../api/records-requester'
import { Section, useContractForm } from './request-parts'

const ARCHIVE_NOTE =
  'The public archive shows it only once the request is closed, and only while the archive is on (Holidays and settings). It never shows the requester’s name or contact.'

/** What the public archive says of the request, in staff's words; coordinators write it, others read it once written. */
export function PublicSummarySection({ request }: { request: RequestDetail }) {
  if (!request.actions.publicSummary && request.publicSummary === null) return null
  return (
    <Section title="Public summary">
      <Text size="sm" c="dimmed">
        {ARCHIVE_NOTE}
      </Text>
      {request.actions.publicSummary ? (
        <SummaryForm key={request.publicSummary ?? ''} request={request} />
      ) : (
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {request.publicSummary}
        </Text>
      )}
    </Section>
  )
}

function SummaryForm({ request }: { request: RequestDetail }) {
  const save = useSavePublicSummary()
  const { form } = useContractForm(PublicSummaryInputSchema, { summary: request.publicSummary ?? '' })
  return (
    <form
      aria-label="Public summary"
      noValidate
      onSubmit={form.onSubmit((values) => {
        save
          .mutateAsync({ id: request.id, ...PublicSummaryInputSchema.parse(values) })
          .then(() => notifications.show({ color: 'teal', message: 'The public summary was saved.' }))
          .catch(() => undefined) // shown below from save.error
      })}
    >
      <Stack gap="xs">
        <Textarea
          label="Summary for the public archive"
          description="What was asked, in plain words, without the requester’s name or contact."
          {...form.getInputProps('summary')}
          autosize
          minRows={2}
        />
        {save.isError ? <FailureAlert title="The public summary was not saved" error={save.error} /> : null}
        <div>
          <Button type="submit" size="xs" variant="default" loading={save.isPending}>
            Save summary
          </Button>
        </div>
      </Stack>
    </form>
  )
}
