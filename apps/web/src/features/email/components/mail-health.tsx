import { adminLabels } from '@platform/contracts/labels/admin'
import { Alert, Badge, Button, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core'
import type { MailActionResponseSchema, MailHealth as MailHealthData } from '@platform/contracts/email'
import { CheckCircle2, PlugZap, Send, XCircle } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import type { z } from 'zod'
import { FailureAlert } from '@/components/failure-alert'
import { LoadingState } from '@/components/loading-state'
import { errorMessage } from '@/lib/api-client'
import { formatCount, formatDateTime } from '@/lib/format'
import { useHealthAction, useMailHealth } from '../api/email'
import { formatDeliveryRate, kindLabel, serverAnswer } from '../utils/mail-status'
import { ScrollTable } from '@/components/data/scroll-table'
import { BreakableText } from '@/components/data/breakable-text'
import { TableHeader } from '@/components/data/table-header'

type ActionResult = z.infer<typeof MailActionResponseSchema>
type HealthAction = 'test-connection' | 'test-message'

/** 90 → "90 minutes", 60 → "1 hour", 1440 → "24 hours", 2.5 → "2.5 minutes". */
function formatMinutes(minutes: number): string {
  if (minutes >= 60 && minutes % 60 === 0) {
    const hours = minutes / 60
    return `${hours} ${hours === 1 ? 'hour' : 'hours'}`
  }
  return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'}`
}

function Card({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={title}>
      <Stack gap="xs">
        <Title order={2} size="h5">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  )
}

function Setting({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Group justify="space-between" gap="sm" wrap="nowrap">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} ta="right">
        {typeof value === 'string' ? <BreakableText>{value}</BreakableText> : value}
      </Text>
    </Group>
  )
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text size="xl" fw={700}>
        {value}
      </Text>
    </Paper>
  )
}

function HealthContent({ health }: { health: MailHealthData }) {
  const { smtp, last24h } = health
  const outbox = health.mode !== 'smtp'
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
        <Card title="Mode">
          <Group gap="xs">
            {health.mode === 'smtp' ? (
              <Badge color="teal.9" variant="filled" tt="none">
                {adminLabels.mailMode.smtp}
              </Badge>
            ) : (
              <Badge color="yellow.4" autoContrast variant="filled" tt="none">
                {adminLabels.mailMode.outbox}
              </Badge>
            )}
          </Group>
          <Text size="sm">
            {health.mode === 'smtp'
              ? 'Messages are handed to the mail server below.'
              : 'No mail server: messages are recorded and printed on the server console.'}
          </Text>
        </Card>
        <Card title="SMTP server">
          {smtp ? (
            <Stack gap={4}>
              <Setting label="Host" value={smtp.host} />
              <Setting label="Port" value={String(smtp.port)} />
              <Setting label="TLS" value={smtp.secure ? 'Yes' : 'No'} />
              <Setting label="User" value={smtp.user || '—'} />
              <Setting label="Password" value={smtp.passwordSet ? 'set' : 'not set'} />
            </Stack>
          ) : (
            <Text size="sm">No mail server is configured.</Text>
          )}
        </Card>
        <Card title="Sender">
          <Text size="sm" fw={600}>
            <BreakableText>{health.from}</BreakableText>
          </Text>
        </Card>
        <Card title="Retry window">
          <Text size="sm" fw={600}>
            {formatMinutes(health.retryWindowMinutes)}
          </Text>
          <Text size="sm" c="dimmed">
            How long a message is retried before it is marked failed.
          </Text>
        </Card>
      </SimpleGrid>

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="mail-last24h-heading">
        <Stack gap="sm">
          <Title order={2} size="h5" id="mail-last24h-heading">
            Last 24 hours
          </Title>
          <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="sm">
            <Figure label="Total" value={formatCount(last24h.total)} />
            {outbox ? (
              // Nothing leaves the platform in outbox mode: what the queue counts as sent was only recorded.
              <Figure label="Recorded, not sent" value={formatCount(last24h.sent)} />
            ) : (
              <Figure label="Sent" value={formatCount(last24h.sent)} />
            )}
            <Figure label="Failed" value={formatCount(last24h.failed)} />
            <Figure label="Waiting" value={formatCount(last24h.waiting)} />
            <Figure label="Delivery rate" value={outbox ? '—' : formatDeliveryRate(last24h.deliveryRate)} />
          </SimpleGrid>
          {outbox ? (
            <Text size="sm" c="dimmed">
              No mail server is configured, so no message was delivered. Each one was stored in the mail log and printed on the server
              console instead.
            </Text>
          ) : null}
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="mail-failures-heading">
        <Stack gap="sm">
          <Title order={2} size="h5" id="mail-failures-heading">
            Recent failures
          </Title>
          {health.recentFailures.length === 0 ? (
            <Text size="sm">No failures in the past 24 hours.</Text>
          ) : (
            <ScrollTable minWidth={720} label="Recent failures" cardsOnPhone>
              <Table verticalSpacing="xs" striped aria-label="Recent failures">
                <TableHeader columns={['Time', 'Recipient', 'Kind', 'Error']} />
                <Table.Tbody>
                  {health.recentFailures.map((message) => (
                    <Table.Tr key={message.message_id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(message.created_at)}</Table.Td>
                      <Table.Td>
                        <BreakableText>{message.recipient}</BreakableText>
                      </Table.Td>
                      <Table.Td>{kindLabel(message.kind)}</Table.Td>
                      <Table.Td>
                        <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                          {serverAnswer(message) ?? '—'}
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          )}
        </Stack>
      </Paper>
    </Stack>
  )
}

const ACTION_NAMES: Record<HealthAction, string> = { 'test-connection': 'Connection test', 'test-message': 'Test message' }

/** The mail settings in force, the last day's figures and failures, and the two tests. */
export function MailHealth() {
  const health = useMailHealth()
  const action = useHealthAction()
  const [result, setResult] = useState<{ action: HealthAction; success: boolean; message: string } | null>(null)

  const run = (which: HealthAction) => {
    setResult(null)
    action.mutate(which, {
      onSuccess: (answer: ActionResult) => setResult({ action: which, success: answer.success, message: answer.message }),
      onError: (error) =>
        setResult({
          action: which,
          success: false,
          message: errorMessage(error, 'The server could not be reached. Check your connection and try again.'),
        }),
    })
  }

  const running = action.isPending ? action.variables : null

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Group gap="sm" wrap="wrap">
            <Button
              variant="default"
              leftSection={<PlugZap size={16} aria-hidden="true" />}
              onClick={() => run('test-connection')}
              loading={running === 'test-connection'}
              disabled={action.isPending && running !== 'test-connection'}
            >
              Test connection
            </Button>
            <Button
              variant="default"
              leftSection={<Send size={16} aria-hidden="true" />}
              onClick={() => run('test-message')}
              loading={running === 'test-message'}
              disabled={action.isPending && running !== 'test-message'}
            >
              Send a test message to me
            </Button>
          </Group>
          <div aria-live="polite">
            {result ? (
              <Alert
                color={result.success ? 'teal' : 'red'}
                variant="light"
                icon={result.success ? <CheckCircle2 size={18} aria-hidden="true" /> : <XCircle size={18} aria-hidden="true" />}
                data-testid="mail-health-result"
              >
                <Text size="sm">
                  <Text span fw={700}>
                    {`${ACTION_NAMES[result.action]} ${result.success ? 'succeeded' : 'failed'}: `}
                  </Text>
                  {result.message}
                </Text>
              </Alert>
            ) : null}
          </div>
        </Stack>
      </Paper>

      {health.isError ? (
        <FailureAlert message={`Failed to load the mail health: ${errorMessage(health.error)}`} />
      ) : health.isPending ? (
        <LoadingState label="Loading the mail health" query={health} />
      ) : (
        <HealthContent health={health.data} />
      )}
    </Stack>
  )
}
