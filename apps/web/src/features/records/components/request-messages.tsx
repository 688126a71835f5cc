import { Badge, Button, Group, Paper, Stack, Text, Textarea } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { StaffMessageInputSchema, type RequestDetail } from '@platform/contracts/records'
import { useEffect } from 'react'
import { useLocation } from 'react-router'
import { FailureAlert } from '@/components/failure-alert'
import { formatDateTime } from '@/lib/format'
import { useAnswerRequester } from '../api/records-requester'
import { DeliveryStatus } from './delivery-status'
import { Section, useContractForm } from './request-parts'

/** Where My queue opens the request page: at its messages. */
export const MESSAGES_ANCHOR = 'messages'

type Message = RequestDetail['messages'][number]

/**
 * The requester's messages and the staff's answers, oldest first, with how each answer reached them; the count of
 * messages still unanswered; and the answer form for those who may write to the requester.
 */
export function MessagesSection({ request }: { request: RequestDetail }) {
  useOpenedAtAnchor(MESSAGES_ANCHOR)
  const unanswered = request.unansweredMessages
  return (
    <Section
      title="Messages"
      anchor={MESSAGES_ANCHOR}
      badge={
        unanswered > 0 ? (
          <Badge color="red.9" variant="filled" tt="none">
            {unanswered === 1 ? '1 unanswered' : `${unanswered} unanswered`}
          </Badge>
        ) : null
      }
    >
      {request.messages.length === 0 ? (
        <Text c="dimmed" size="sm">
          No messages yet. The requester writes from their tracking page.
        </Text>
      ) : (
        <Stack component="ol" gap="sm" aria-label="Messages with the requester" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {request.messages.map((message) => (
            <MessageItem key={message.id} message={message} />
          ))}
        </Stack>
      )}
      {request.actions.message ? <AnswerForm request={request} /> : null}
    </Section>
  )
}

function MessageItem({ message }: { message: Message }) {
  const fromRequester = message.direction === 'FROM_REQUESTER'
  return (
    <Paper
      component="li"
      withBorder
      radius="sm"
      p="sm"
      style={{ borderLeft: `4px solid var(--mantine-color-${fromRequester ? 'blue-7' : 'teal-8'})` }}
    >
      <Stack gap={4}>
        <Group gap="xs" wrap="wrap">
          <Text fw={600} size="sm">
            {fromRequester ? 'From the requester' : `Answer by ${message.authorName ?? 'the records office'}`}
          </Text>
          <Text size="sm" c="dimmed">
            {formatDateTime(message.createdAt)}
          </Text>
        </Group>
        <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
          {message.body}
        </Text>
        {fromRequester ? null : message.delivery ? (
          <DeliveryStatus delivery={message.delivery} />
        ) : (
          <Text size="sm" c="dimmed">
            Not e-mailed (no e-mail address): shown on the requester’s tracking page.
          </Text>
        )}
      </Stack>
    </Paper>
  )
}

/** The answer to the requester, checked by the contract the server applies; it says where the answer will go. */
function AnswerForm({ request }: { request: RequestDetail }) {
  const answer = useAnswerRequester()
  const { form } = useContractForm(StaffMessageInputSchema, { message: '' })
  const email = request.requester.email
  const where = email
    ? `It is e-mailed to ${email} and shown on their tracking page.`
    : 'The requester gave no e-mail address: the answer is not e-mailed. It is kept on the request and shown on their tracking page.'
  return (
    <form
      aria-label="Answer the requester"
      noValidate
      onSubmit={form.onSubmit((values) => {
        answer
          .mutateAsync({ id: request.id, ...StaffMessageInputSchema.parse(values) })
          .then(() => {
            form.reset()
            notifications.show({
              color: 'teal',
              message: email ? `The answer was queued for ${email}.` : 'The answer was kept on the request.',
            })
          })
          .catch(() => undefined) // shown below from answer.error
      })}
    >
      <Stack gap="xs">
        <Textarea label="Answer to the requester" description={where} {...form.getInputProps('message')} autosize minRows={3} />
        {answer.isError ? <FailureAlert title="The answer was not sent" error={answer.error} /> : null}
        <div>
          <Button type="submit" size="xs" loading={answer.isPending}>
            {email ? 'Send answer' : 'Keep answer'}
          </Button>
        </div>
      </Stack>
    </form>
  )
}

/** Brings the section into view when the page was opened at its anchor (`…/requests/12#messages`). */
function useOpenedAtAnchor(anchor: string) {
  const { hash } = useLocation()
  useEffect(() => {
    if (hash !== `#${anchor}`) return
    document.getElementById(anchor)?.scrollIntoView?.({ block: 'start' })
  }, [hash, anchor])
}
