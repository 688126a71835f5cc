import { Alert, Button, Group, Paper, Select, Stack, Text, TextInput, Textarea, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { type FormErrors, schemaResolver, useForm } from '@mantine/form'
import { recordsLabels } from '@platform/contracts/labels/records'
import { CHANNELS, RequestInputSchema } from '@platform/contracts/records'
import { dayInWords } from '@platform/contracts/records-clock'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { FailureAlert } from '@/components/failure-alert'
import { ApiError } from '@/lib/api-client'
import { districtTimeZone } from '@/lib/district-time'
import { formMessage } from '@/lib/schema-errors'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useCreateRequest } from '../api/records'
import { districtInstant, districtNow } from '../utils/district-instant'
import { CHANNEL_LABELS } from './records-labels'
import { useRecordsDuties } from './use-records-duties'

export interface NewRequestValues {
  date: string
  time: string
  channel: string | null
  requesterName: string
  requesterContact: string
  text: string
  clarifiedText: string
}

/** What the form sends: the district date and time made one instant, an empty clarified text left out. */
export function requestInput(values: NewRequestValues, zone: string) {
  return {
    receivedAt: districtInstant(values.date, values.time, zone)?.toISOString(),
    channel: values.channel,
    requesterName: values.requesterName,
    requesterContact: values.requesterContact,
    text: values.text,
    clarifiedText: values.clarifiedText.trim() || null,
  }
}

const resolve = schemaResolver(RequestInputSchema, { sync: true })

/**
 * The form's errors by field, from the contract's schema: the date and time make one instant, so its problem is said
 * under the time; a time still to come is refused here as the server would.
 */
export function validateNewRequest(values: NewRequestValues, zone: string, now: Date = new Date()): FormErrors {
  const input = requestInput(values, zone)
  const errors: FormErrors = {}
  for (const [path, message] of Object.entries(resolve(input))) {
    if (typeof message === 'string') errors[path === 'receivedAt' ? 'time' : path] = formMessage(message)
  }
  if (input.receivedAt && Date.parse(input.receivedAt) > now.getTime())
    errors.time = 'The request cannot have been received in the future: check the date and time.'
  return errors
}

/** Intake: when and how the request came, who asked (kept private) and the text exactly as received. */
export function NewRequest() {
  useDocumentTitle('Record a request')
  const navigate = useNavigate()
  const duties = useRecordsDuties()
  const create = useCreateRequest()
  const zone = districtTimeZone()
  const [now] = useState(() => districtNow(zone))
  const form = useForm<NewRequestValues>({
    mode: 'controlled',
    initialValues: {
      date: now.date,
      time: now.time,
      channel: null,
      requesterName: '',
      requesterContact: '',
      text: '',
      clarifiedText: '',
    },
    validate: (values) => validateNewRequest(values, zone),
  })

  const onSubmit = form.onSubmit((values) => {
    create
      .mutateAsync(RequestInputSchema.parse(requestInput(values, zone)))
      .then((result) => {
        notifications.show({
          color: 'teal',
          message: `Request ${result.data.number} was recorded; the determination is due ${dayInWords(result.data.determinationDueOn)}.`,
        })
        void navigate(`/apps/public-info/requests/${result.data.id}`)
      })
      .catch((error: unknown) => {
        // The server's clock decides what "the future" is: its refusal belongs under the time.
        if (error instanceof ApiError && error.code === 'received_in_future') form.setFieldError('time', error.message)
      })
  })

  if (duties.loaded && !duties.has('COORDINATOR')) {
    return (
      <Alert color="blue" title="You do not record requests">
        Recording a request needs the {recordsLabels.duty.COORDINATOR.toLowerCase()} duty in Public Information. Ask your administrator.
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
          <TextInput label="Received on" type="date" {...form.getInputProps('date')} max={now.date} required miw={160} />
          <TextInput label="Received at (time)" type="time" {...form.getInputProps('time')} required miw={140} />
        </Group>
        <Select
          label="Channel"
          placeholder="How the request came in"
          data={CHANNELS.map((value) => ({ value, label: CHANNEL_LABELS[value] }))}
          {...form.getInputProps('channel')}
          required
        />
        <TextInput
          label="Requester name"
          {...form.getInputProps('requesterName')}
          required
          description="Private: never shown in the public log."
        />
        <TextInput
          label="Requester contact"
          {...form.getInputProps('requesterContact')}
          required
          description="E-mail, postal address or telephone."
        />
        <Textarea label="Request text as received" {...form.getInputProps('text')} required autosize minRows={4} />
        <Textarea label="Clarified text (optional)" {...form.getInputProps('clarifiedText')} autosize minRows={2} />
        {create.isError && !(create.error instanceof ApiError && create.error.code === 'received_in_future') ? (
          <FailureAlert title="The request was not recorded" error={create.error} />
        ) : null}
        <Group>
          <Button type="submit" loading={create.isPending}>
            Record request
          </Button>
        </Group>
      </Stack>
    </Paper>
  )
}
