import { Box, Button, Drawer, Group, Stack, Table, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import type { MailMessage, MailMessageDetail } from '@platform/contracts/email'
import { Ban, RotateCw } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { FailureAlert } from '@/components/failure-alert'
import { LoadingState } from '@/components/loading-state'
import { errorMessage } from '@/lib/api-client'
import { formatDateTime } from '@/lib/format'
import { useMailAction, useMailMessage } from '../api/email'
import { canCancel, canResend, kindLabel, resendConfirmText } from '../utils/mail-status'
import { MailStatusBadge } from './mail-status-badge'

export interface MailMessageDrawerProps {
  opened: boolean
  /** The message as the list shows it; the bodies are loaded when the drawer opens. */
  message: MailMessage | null
  onClose: () => void
}

const preStyle = {
  whiteSpace: 'pre-wrap',
  wordBreak: 'break-word',
  margin: 0,
  padding: 'var(--mantine-spacing-sm)',
  background: 'var(--mantine-color-gray-0)',
  border: '1px solid var(--mantine-color-gray-3)',
  borderRadius: 'var(--mantine-radius-sm)',
  fontFamily: 'var(--mantine-font-family-monospace)',
  fontSize: 'var(--mantine-font-size-sm)',
  maxHeight: 360,
  overflow: 'auto',
} as const

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" w={150} style={{ verticalAlign: 'top' }}>
        {label}
      </Table.Th>
      <Table.Td style={{ wordBreak: 'break-word' }}>{children}</Table.Td>
    </Table.Tr>
  )
}

function MessageFields({ message }: { message: MailMessage }) {
  return (
    <Table verticalSpacing={6} aria-label="Message details" withRowBorders>
      <Table.Tbody>
        <Field label="Status">
          <MailStatusBadge status={message.status} />
        </Field>
        <Field label="Recipient">{message.recipient}</Field>
        <Field label="Kind">{kindLabel(message.kind)}</Field>
        <Field label="Subject">{message.subject}</Field>
        <Field label="Created">{formatDateTime(message.created_at)}</Field>
        <Field label="Sent">{formatDateTime(message.sent_at)}</Field>
        <Field label="Attempts">{message.attempts}</Field>
        <Field label="Next attempt">{formatDateTime(message.next_attempt_at)}</Field>
        <Field label="Last error">
          {message.last_error ? (
            <Text size="sm" c="red.9" style={{ whiteSpace: 'pre-wrap' }}>
              {message.last_error}
            </Text>
          ) : (
            '—'
          )}
        </Field>
        <Field label="Server answer">
          {message.smtp_response ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {message.smtp_response}
            </Text>
          ) : (
            '—'
          )}
        </Field>
        <Field label="Message ID">{message.message_id}</Field>
      </Table.Tbody>
    </Table>
  )
}

function MessageBodies({ detail }: { detail: MailMessageDetail }) {
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={3} size="h5">
          Text body
        </Title>
        <pre style={preStyle} role="region" aria-label="Text body" tabIndex={0}>
          {detail.body_text}
        </pre>
      </Stack>
      <Stack gap={4}>
        <Title order={3} size="h5">
          HTML body
        </Title>
        {detail.body_html ? (
          <Box
            component="iframe"
            title="HTML body"
            sandbox=""
            srcDoc={detail.body_html}
            style={{
              width: '100%',
              height: 420,
              border: '1px solid var(--mantine-color-gray-3)',
              borderRadius: 'var(--mantine-radius-sm)',
              background: 'white',
            }}
          />
        ) : (
          <Text size="sm" c="dimmed">
            This message has no HTML part.
          </Text>
        )}
      </Stack>
    </Stack>
  )
}

/** The full record of one message, with Resend (failed) and Cancel (waiting), each confirmed first. */
export function MailMessageDrawer({ opened, message, onClose }: MailMessageDrawerProps) {
  const detail = useMailMessage(opened && message ? message.message_id : null)
  const action = useMailAction()
  const [confirming, setConfirming] = useState<'resend' | 'cancel' | null>(null)
  // The fresh record once loaded (its status may have moved on since the list was read).
  const current: MailMessage | null = detail.data ?? message

  const onConfirm = () => {
    if (!current || !confirming) return
    const verb = confirming === 'resend' ? 'Resend' : 'Cancel'
    action.mutate(
      { id: current.message_id, action: confirming },
      {
        onSuccess: (result) =>
          notifications.show({
            color: result.success ? 'teal' : 'red',
            message: result.message,
            autoClose: result.success ? undefined : false,
          }),
        onError: (error) =>
          notifications.show({
            color: 'red',
            message: `${verb} failed: ${errorMessage(error, error instanceof Error ? error.message : 'unexpected error')}`,
            autoClose: false,
          }),
        onSettled: () => setConfirming(null),
      },
    )
  }

  return (
    <>
      <Drawer
        opened={opened}
        onClose={onClose}
        position="right"
        size="xl"
        title={current ? `Message to ${current.recipient}` : 'Message'}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {current ? (
          <Stack gap="lg">
            {canResend(current.status) || canCancel(current.status) ? (
              <Group gap="sm">
                {canResend(current.status) ? (
                  <Button leftSection={<RotateCw size={16} aria-hidden="true" />} onClick={() => setConfirming('resend')}>
                    Resend
                  </Button>
                ) : null}
                {canCancel(current.status) ? (
                  <Button
                    color="red.8"
                    variant="outline"
                    leftSection={<Ban size={16} aria-hidden="true" />}
                    onClick={() => setConfirming('cancel')}
                  >
                    Cancel
                  </Button>
                ) : null}
              </Group>
            ) : null}
            <MessageFields message={current} />
            {detail.isError ? (
              <FailureAlert message={`Failed to load the message: ${errorMessage(detail.error)}`} />
            ) : detail.data ? (
              <MessageBodies detail={detail.data} />
            ) : (
              <LoadingState label="Loading the message" query={detail} size="sm" py="lg" />
            )}
          </Stack>
        ) : null}
      </Drawer>

      <ConfirmDialog
        opened={confirming === 'resend'}
        title="Resend message"
        message={current ? resendConfirmText(current) : ''}
        confirmLabel="Resend"
        loading={action.isPending}
        onConfirm={onConfirm}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        opened={confirming === 'cancel'}
        title="Cancel message"
        message={current ? `The message to ${current.recipient} will not be sent.` : ''}
        confirmLabel="Cancel message"
        cancelLabel="Keep message"
        danger
        loading={action.isPending}
        onConfirm={onConfirm}
        onCancel={() => setConfirming(null)}
      />
    </>
  )
}
