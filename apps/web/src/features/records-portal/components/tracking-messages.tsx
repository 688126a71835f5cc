import { Alert, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { TrackingMessageInputSchema, type TrackingInput, type TrackingView } from '@platform/contracts/records-portal'
import { useState } from 'react'
import { FailureAlert } from '@/components/failure-alert'
import { formatDateTime } from '@/lib/format'
import { withoutFieldNames } from '@/lib/schema-errors'
import { useSendMessage } from '../api/portal'
import { PortalSection } from './portal-parts'
import classes from './portal.module.css'

const resolve = withoutFieldNames(schemaResolver(TrackingMessageInputSchema, { sync: true }))

/** The district's messages are signed by its records office, never by a person. */
const AUTHOR = { REQUESTER: 'You', DISTRICT: 'Records office' } as const

function MessageForm({ link }: { link: TrackingInput }) {
  const send = useSendMessage(link)
  const [sent, setSent] = useState(false)
  const form = useForm({
    mode: 'controlled',
    initialValues: { message: '' },
    validate: (values) => resolve({ ...link, ...values }),
  })
  const onSubmit = form.onSubmit((values) => {
    setSent(false)
    send.mutate(values.message, {
      onSuccess: () => {
        form.reset()
        setSent(true)
      },
    })
  })
  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby="message-form-title">
      <Stack gap="sm">
        <Title order={3} size="h4" id="message-form-title">
          Write to the district
        </Title>
        <Textarea
          label="Your message"
          description="Ask a question or clarify what you are asking for. The records office answers here."
          required
          autosize
          minRows={3}
          maxRows={12}
          {...form.getInputProps('message')}
          onChange={(event) => {
            setSent(false)
            form.getInputProps('message').onChange(event)
          }}
        />
        {sent ? (
          <Alert color="teal" variant="light" role="status">
            Your message was sent to the records office.
          </Alert>
        ) : null}
        {send.isError ? <FailureAlert title="Your message was not sent" error={send.error} /> : null}
        <Group>
          <Button type="submit" loading={send.isPending}>
            Send message
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

/** Messages both ways, oldest first, and the form to write one. */
export function TrackingMessages({ link, messages }: { link: TrackingInput; messages: TrackingView['messages'] }) {
  return (
    <PortalSection id="messages" title="Messages">
      {messages.length === 0 ? (
        <Text c="gray.7">No messages yet.</Text>
      ) : (
        <Stack component="ol" gap="sm" m={0} p={0} className={classes.plainList} aria-label="Messages, oldest first">
          {messages.map((message) => (
            <Paper component="li" key={message.id} withBorder radius="md" p="sm" bg={message.from === 'DISTRICT' ? 'blue.0' : undefined}>
              <Text size="sm" fw={600}>
                {AUTHOR[message.from]}
                <Text span size="sm" c="gray.7" fw={400}>
                  {' · '}
                  {formatDateTime(message.at)}
                </Text>
              </Text>
              <Text className={classes.breakable} data-verbatim>
                {message.body}
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
      <MessageForm link={link} />
    </PortalSection>
  )
}
