import { Badge, Button, Code, Group, Paper, Stack, Table, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import type { AuditCheckpoint } from '@platform/contracts/audit'
import { ShieldCheck } from 'lucide-react'
import { useState } from 'react'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { FailureAlert } from '@/components/failure-alert'
import { BreakableText } from '@/components/data/breakable-text'
import { ListResults } from '@/components/data/list-results'
import { ScrollTable } from '@/components/data/scroll-table'
import { TableHeader } from '@/components/data/table-header'
import { formatCount, formatDateTime } from '@/lib/format'
import { usePageOffset } from '@/lib/use-page-offset'
import { useAuditCheckpoints, useSignCheckpoint } from '../api/audit'

const PAGE_SIZES = [10, 20, 50] as const

/** Who or what made it: the day of a daily checkpoint, or the person who asked for it. */
function madeWhy(checkpoint: AuditCheckpoint): string {
  return checkpoint.kind === 'daily' ? `Daily, ${checkpoint.dailyOf}` : `On demand${checkpoint.madeBy ? ` by ${checkpoint.madeBy}` : ''}`
}

function sentTo(checkpoint: AuditCheckpoint): string {
  if (checkpoint.mailedTo.length > 0) return checkpoint.mailedTo.join(', ')
  return checkpoint.mailedAt ? 'Kept in the log only' : 'Not sent yet'
}

/**
 * Activity → Checkpoints (super administrators): the audit chain's head as the platform signed it, each day and on
 * demand, with the key that verifies every checkpoint. The auditors keep the e-mailed copies outside the platform;
 * this is the platform's own log of them (decision 034).
 */
export function CheckpointsPanel() {
  const [limit, setLimit] = useState<number>(10)
  const [offset, setOffset] = usePageOffset(String(limit))
  const checkpoints = useAuditCheckpoints(limit, offset)
  const sign = useSignCheckpoint()
  const [confirming, setConfirming] = useState(false)
  const auditors = checkpoints.data?.auditorCount ?? 0

  const signNow = () =>
    sign.mutate(undefined, {
      onSuccess: ({ message }) => {
        setConfirming(false)
        notifications.show({ color: 'teal', message })
      },
      onError: () => setConfirming(false),
    })

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={4} style={{ flex: '1 1 320px' }}>
            <Title order={2} size="h3">
              Checkpoints
            </Title>
            <Text size="sm" c="dimmed">
              Each day, and whenever you ask, the platform signs the last row of the audit log with its signing key and e-mails the signed
              checkpoint to the auditors. A checkpoint kept outside the platform shows later that no row up to it was changed, even by
              someone holding the chain's key.
            </Text>
          </Stack>
          <Button leftSection={<ShieldCheck size={16} aria-hidden="true" />} onClick={() => setConfirming(true)}>
            Sign a checkpoint now
          </Button>
        </Group>

        {sign.isError ? <FailureAlert title="The checkpoint was not signed" error={sign.error} fallback="Try again in a moment." /> : null}

        {checkpoints.data ? (
          <Stack gap={4}>
            <Text size="sm">
              {auditors > 0
                ? `Each checkpoint is e-mailed to ${formatCount(auditors)} auditor${auditors === 1 ? '' : 's'}, as text and as a .json file.`
                : 'No auditor addresses are configured (AUDITOR_EMAILS): checkpoints are kept in this log only.'}
            </Text>
            <Text size="sm">
              <Text span fw={600}>
                Public key
              </Text>{' '}
              (id <Code>{checkpoints.data.publicKeyId}</Code>). Every checkpoint must verify with it; the auditors keep a copy.
            </Text>
            <Code block style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
              {checkpoints.data.publicKey.trim()}
            </Code>
          </Stack>
        ) : null}

        <ListResults
          query={checkpoints}
          noun="checkpoints"
          title="the checkpoints"
          filtered={false}
          pager={{ limit, offset, onOffsetChange: setOffset, pageSizes: PAGE_SIZES, onLimitChange: setLimit }}
        >
          {(rows, busy) => (
            <ScrollTable minWidth={900} label="Checkpoints" cardsOnPhone>
              <Table verticalSpacing="xs" striped aria-label="Checkpoints" aria-busy={busy}>
                <TableHeader columns={['Checkpoint', 'Signed', 'Made', 'Last row', 'Rows', 'Its hash', 'Sent to']} />
                <Table.Tbody>
                  {rows.map((checkpoint) => (
                    <Table.Tr key={checkpoint.checkpointId}>
                      <Table.Td>
                        <Badge color="gray.7" variant="filled" tt="none">
                          {`#${checkpoint.checkpointId}`}
                        </Badge>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(checkpoint.signedAt)}</Table.Td>
                      <Table.Td>{madeWhy(checkpoint)}</Table.Td>
                      <Table.Td>{formatCount(checkpoint.lastAuditId)}</Table.Td>
                      <Table.Td>{formatCount(checkpoint.rowCount)}</Table.Td>
                      <Table.Td>
                        <Text size="xs" ff="monospace" title={checkpoint.lastHash}>
                          {`${checkpoint.lastHash.slice(0, 16)}…`}
                        </Text>
                      </Table.Td>
                      <Table.Td>
                        <Text size="sm">
                          <BreakableText>{sentTo(checkpoint)}</BreakableText>
                        </Text>
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          )}
        </ListResults>
      </Stack>

      <ConfirmDialog
        opened={confirming}
        title="Sign a checkpoint now"
        message={
          auditors > 0
            ? 'Sign the audit log as it stands now and e-mail the signed checkpoint to the auditors?'
            : 'Sign the audit log as it stands now and keep the signed checkpoint in the log?'
        }
        confirmLabel={auditors > 0 ? 'Sign and send' : 'Sign'}
        loading={sign.isPending}
        onConfirm={signNow}
        onCancel={() => setConfirming(false)}
      />
    </Paper>
  )
}
