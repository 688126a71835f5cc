import { Alert, Button, Group, Paper, Select, Stack, Text, TextInput, Textarea, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { CHANNELS, RequestInputSchema, type Channel } from '@platform/contracts/records'
import { useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { FormAlerts } from '@/components/form-alerts'
import { districtTimeZone } from '@/lib/district-time'
import { schemaErrors } from '@/lib/schema-errors'
import { useTextFields } from '@/lib/use-text-fields'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useCreateRequest } from '../api/records'
import { districtInstant, districtNow } from '../utils/district-instant'
import { CHANNEL_LABELS } from './records-labels'
import { useRecordsDuties } from './use-records-duties'

const FIELDS = ['channel', 'requesterName', 'requesterContact', 'text', 'clarifiedText'] as const
type Field = (typeof FIELDS)[number]

/** Intake: when and how the request came, who asked (kept private) and the text exactly as received. */
export function NewRequest() {
  useDocumentTitle('Record a request')
  const navigate = useNavigate()
  const duties = useRecordsDuties()
  const create = useCreateRequest()
  const zone = districtTimeZone()
  const [now] = useState(() => districtNow(zone))
  const [channel, setChannel] = useState<Channel | null>(null)
  const fields = useTextFields({ date: now.date, time: now.time, requesterName: '', requesterContact: '', text: '', clarifiedText: '' })
  const { date, time, requesterName, requesterContact, text, clarifiedText } = fields.values
  const [problem, setProblem] = useState<string | null>(null)
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({})

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const receivedAt = districtInstant(date, time, zone)
    const input = {
      receivedAt: receivedAt?.toISOString(),
      channel,
      requesterName,
      requesterContact,
      text,
      clarifiedText: clarifiedText.trim() || null,
    }
    const found = schemaErrors(RequestInputSchema, input, FIELDS)
    setErrors(found)
    // The date and time are two fields making one instant: their problem is said once, above the button.
    if (!receivedAt) return setProblem('Enter the date and time the request was received.')
    if (receivedAt.getTime() > Date.now())
      return setProblem('The request cannot have been received in the future: check the date and time.')
    setProblem(null)
    if (Object.keys(found).length > 0) return
    create
      .mutateAsync(RequestInputSchema.parse(input))
      .then((result) => {
        notifications.show({
          color: 'teal',
          message: `Request ${result.data.number} was recorded; the determination is due ${result.data.determinationDueOn}.`,
        })
        void navigate(`/apps/public-info/requests/${result.data.id}`)
      })
      .catch(() => undefined) // the error is shown under the form
  }

  if (duties.loaded && !duties.has('COORDINATOR')) {
    return (
      <Alert color="blue" title="You do not record requests">
        Recording a request needs the COORDINATOR duty in Public Information. Ask your administrator.
      </Alert>
    )
  }

  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={onSubmit} noValidate aria-labelledby="new-request-title">
      <Stack gap="sm" maw={760}>
        <Title order={2} id="new-request-title">
          Record a request
        </Title>
        <Text size="sm" c="dimmed">
          The clock starts from the day received (on the district&apos;s clock, {zone}). The text as received can never be edited
          afterwards; a clarified text can be added later.
        </Text>
        <Group grow align="flex-start" wrap="wrap">
          <TextInput label="Received on" type="date" {...fields.bind('date')} max={now.date} required miw={160} />
          <TextInput label="Received at (time)" type="time" {...fields.bind('time')} required miw={140} />
        </Group>
        <Select
          label="Channel"
          placeholder="How the request came in"
          data={CHANNELS.map((value) => ({ value, label: CHANNEL_LABELS[value] }))}
          value={channel}
          onChange={(value) => setChannel(value as Channel | null)}
          error={errors.channel}
          required
        />
        <TextInput
          label="Requester name"
          {...fields.bind('requesterName', errors.requesterName)}
          required
          description="Private: never shown in the public log."
        />
        <TextInput
          label="Requester contact"
          {...fields.bind('requesterContact', errors.requesterContact)}
          required
          description="E-mail, postal address or telephone."
        />
        <Textarea label="Request text as received" {...fields.bind('text', errors.text)} required autosize minRows={4} />
        <Textarea label="Clarified text (optional)" {...fields.bind('clarifiedText', errors.clarifiedText)} autosize minRows={2} />
        <FormAlerts problem={problem} mutation={create} failedTitle="The request was not recorded" />
        <Group>
          <Button type="submit" loading={create.isPending}>
            Record request
          </Button>
        </Group>
      </Stack>
    </Paper>
  )
}
