import { Badge, Button, Table, Text } from '@mantine/core'
import { formatDateTime } from '@/lib/format'
import type { AccountSession } from '../utils/sign-out-targets'
import { ScrollTable } from '@/components/data/scroll-table'
import { TableHeader } from '@/components/data/table-header'

export interface SessionsTableProps {
  /** Names the table for screen readers, e.g. 'Sessions on Firefox on Windows'. */
  label: string
  sessions: readonly AccountSession[]
  onSignOut: (session: AccountSession) => void
  disabled?: boolean
}

/** One device's open sessions: when each started, was last active and from where, each with its own 'Sign out'. */
export function SessionsTable({ label, sessions, onSignOut, disabled }: SessionsTableProps) {
  if (sessions.length === 0) {
    return (
      <Text size="sm" c="dimmed">
        No open sessions.
      </Text>
    )
  }
  return (
    <ScrollTable minWidth={560} label={label} cardsOnPhone>
      <Table verticalSpacing="xs" aria-label={label}>
        <TableHeader columns={['Started', 'Last active', 'Address', { label: 'Actions', visuallyHidden: true }]} />
        <Table.Tbody>
          {sessions.map((session) => {
            const started = formatDateTime(session.startedAt)
            return (
              <Table.Tr key={session.id}>
                <Table.Td>
                  {started}
                  {session.current ? (
                    <Badge ml="xs" color="teal.9" variant="filled">
                      This session
                    </Badge>
                  ) : null}
                </Table.Td>
                <Table.Td>{formatDateTime(session.lastSeenAt)}</Table.Td>
                <Table.Td>{session.ip ?? 'Unknown'}</Table.Td>
                <Table.Td ta="right">
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() => onSignOut(session)}
                    disabled={disabled}
                    aria-label={`Sign out the session started ${started}${session.current ? ' (this session)' : ''}`}
                  >
                    Sign out
                  </Button>
                </Table.Td>
              </Table.Tr>
            )
          })}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  )
}
