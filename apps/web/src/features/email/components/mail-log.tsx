import { ActionIcon, Group, NativeSelect, Paper, Stack, Table, Text, TextInput, Tooltip } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { MAIL_KINDS, MAIL_STATUSES, type MailKind, type MailMessage, type MailStatus } from '@platform/contracts/email'
import { Eye, Search } from 'lucide-react'
import { useState } from 'react'
import { DateRangeInputs, useDateRange } from '@/components/data/date-range-inputs'
import { ExportCsvButton } from '@/components/data/export-button'
import { FiltersPanel } from '@/components/data/filters-panel'
import { ListResults } from '@/components/data/list-results'
import { ScrollTable } from '@/components/data/scroll-table'
import { BreakableText } from '@/components/data/breakable-text'
import { formatDateTime } from '@/lib/format'
import { usePageOffset } from '@/lib/use-page-offset'
import { exportMailLog, useMailLog, type MailFilters } from '../api/email'
import { attemptsText, kindLabel, serverAnswer, shorten, statusLabel } from '../utils/mail-status'
import { MailMessageDrawer } from './mail-message-drawer'
import { MailStatusBadge } from './mail-status-badge'
import { TableHeader } from '@/components/data/table-header'

const PAGE_SIZES = [25, 50, 100, 200] as const

function MailRow({ message, onOpen }: { message: MailMessage; onOpen: (message: MailMessage) => void }) {
  const answer = serverAnswer(message)
  return (
    <Table.Tr onClick={() => onOpen(message)} style={{ cursor: 'pointer' }} data-message-id={message.message_id}>
      <Table.Td miw={110}>{formatDateTime(message.created_at)}</Table.Td>
      <Table.Td style={{ overflowWrap: 'anywhere' }}>
        <BreakableText>{message.recipient}</BreakableText>
      </Table.Td>
      <Table.Td>{kindLabel(message.kind)}</Table.Td>
      <Table.Td>
        <Text size="sm" lineClamp={2}>
          {message.subject}
        </Text>
      </Table.Td>
      <Table.Td>
        <MailStatusBadge status={message.status} />
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {attemptsText(message.attempts)}
        </Text>
      </Table.Td>
      <Table.Td>
        <Text size="sm" c={message.last_error ? 'red.9' : 'dimmed'} title={answer ?? undefined}>
          {answer ? shorten(answer, 60) : '—'}
        </Text>
      </Table.Td>
      <Table.Td>
        <Tooltip label="View" withArrow>
          <ActionIcon
            variant="subtle"
            color="blue.8"
            aria-label={`View message to ${message.recipient}`}
            onClick={(event) => {
              event.stopPropagation()
              onOpen(message)
            }}
          >
            <Eye size={18} aria-hidden="true" />
          </ActionIcon>
        </Tooltip>
      </Table.Td>
    </Table.Tr>
  )
}

/** The mail log: every message the platform sent or tried to send, newest first. */
export function MailLog() {
  const [recipient, setRecipient] = useState('')
  const [debouncedRecipient] = useDebouncedValue(recipient.trim(), 300)
  const [kind, setKind] = useState<MailKind | ''>('')
  const [status, setStatus] = useState<MailStatus | ''>('')
  const range = useDateRange()
  const [limit, setLimit] = useState<number>(50)
  const filters: MailFilters = { recipient: debouncedRecipient, kind, status, from: range.from, to: range.to }
  const [offset, setOffset] = usePageOffset(JSON.stringify([filters, limit]))
  // The drawer keeps showing the message while it closes.
  const [selected, setSelected] = useState<MailMessage | null>(null)
  const [drawerOpened, setDrawerOpened] = useState(false)
  const openMessage = (message: MailMessage) => {
    setSelected(message)
    setDrawerOpened(true)
  }
  const log = useMailLog(filters, limit, offset)
  const activeCount = [recipient, kind, status, range.from, range.to].filter(Boolean).length

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="md">
        <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
          <FiltersPanel label="Filter the mail log" activeCount={activeCount} align="flex-start" style={{ flex: '1 1 auto' }}>
            <TextInput
              label="Recipient"
              placeholder="Search by e-mail address"
              leftSection={<Search size={16} aria-hidden="true" />}
              value={recipient}
              onChange={(event) => setRecipient(event.currentTarget.value)}
              type="search"
              maxLength={254}
              style={{ flex: '1 1 220px' }}
            />
            <NativeSelect
              label="Kind"
              value={kind}
              onChange={(event) => setKind(event.currentTarget.value as MailKind | '')}
              data={[{ value: '', label: 'All kinds' }, ...MAIL_KINDS.map((value) => ({ value, label: kindLabel(value) }))]}
            />
            <NativeSelect
              label="Status"
              value={status}
              onChange={(event) => setStatus(event.currentTarget.value as MailStatus | '')}
              data={[{ value: '', label: 'All statuses' }, ...MAIL_STATUSES.map((value) => ({ value, label: statusLabel(value) }))]}
            />
            <DateRangeInputs range={range} />
          </FiltersPanel>
          <ExportCsvButton download={() => exportMailLog(filters)} disabled={range.reversed} />
        </Group>

        <ListResults
          query={log}
          noun="messages"
          title="the mail log"
          filtered={activeCount > 0}
          pager={{ limit, offset, onOffsetChange: setOffset, pageSizes: PAGE_SIZES, onLimitChange: setLimit }}
        >
          {(messages, busy) => (
            <ScrollTable minWidth={880} label="Mail log" cardsOnPhone>
              <Table verticalSpacing="xs" striped highlightOnHover aria-label="Mail log" aria-busy={busy}>
                <TableHeader
                  columns={[
                    'Time',
                    { label: 'Recipient', miw: 160 },
                    { label: 'Kind', miw: 110 },
                    { label: 'Subject', miw: 140 },
                    'Status',
                    { label: 'Error or server answer', miw: 170 },
                    { label: 'Details', visuallyHidden: true },
                  ]}
                />
                <Table.Tbody>
                  {messages.map((message) => (
                    <MailRow key={message.message_id} message={message} onOpen={openMessage} />
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          )}
        </ListResults>
      </Stack>

      <MailMessageDrawer opened={drawerOpened} message={selected} onClose={() => setDrawerOpened(false)} />
    </Paper>
  )
}
