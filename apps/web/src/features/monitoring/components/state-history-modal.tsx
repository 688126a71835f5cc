import { Modal, Stack, Table, Text } from '@mantine/core'
import type { StateChange } from '@platform/contracts/monitoring'
import type { ReactNode } from 'react'
import { HISTORY_LIMIT, useStateHistory } from '../api/monitoring'
import { formatCheckedAt } from '../utils/monitoring'
import { HealthBadge, ServerStateBadge } from './tone-badge'
import { ScrollTable } from '@/components/data/scroll-table'
import { TableHeader } from '@/components/data/table-header'
import { FailureAlert } from '@/components/failure-alert'
import { LoadingState } from '@/components/loading-state'

export const HISTORY_FAILED = 'Failed to load the state history'
export const NO_CHANGES = 'No changes recorded yet'

/** 'before → after'; a server's first row has no before, so it reads 'First seen → after'. */
function FromTo({ before, after }: { before: ReactNode; after: ReactNode }) {
  return (
    <Text component="span" size="sm" style={{ whiteSpace: 'nowrap' }}>
      {before}
      {' → '}
      {after}
    </Text>
  )
}

const FIRST_SEEN = (
  <Text component="span" size="sm" c="dimmed">
    First seen
  </Text>
)

function ChangeRow({ change }: { change: StateChange }) {
  const firstSeen = change.previousState === null
  return (
    <Table.Tr>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>
        <time dateTime={change.changedAt}>{formatCheckedAt(change.changedAt)}</time>
      </Table.Td>
      <Table.Th scope="row" fw={600}>
        {change.serverName}
      </Table.Th>
      <Table.Td>
        <FromTo
          before={firstSeen ? FIRST_SEEN : <ServerStateBadge state={change.previousState ?? ''} />}
          after={<ServerStateBadge state={change.state} />}
        />
      </Table.Td>
      <Table.Td>
        {firstSeen ? (
          <HealthBadge health={change.health} />
        ) : (
          <FromTo before={<HealthBadge health={change.previousHealth} />} after={<HealthBadge health={change.health} />} />
        )}
      </Table.Td>
    </Table.Tr>
  )
}

function StateHistoryContent({ domain }: { domain: string }) {
  const history = useStateHistory(domain, true)
  if (history.isPending) {
    return <LoadingState label={`Loading the state history of ${domain}`} query={history} py="lg" />
  }
  if (history.isError) {
    return <FailureAlert title={HISTORY_FAILED} error={history.error} />
  }
  const changes = history.data
  if (changes.length === 0) return <Text>{NO_CHANGES}</Text>
  return (
    <Stack gap="xs">
      <ScrollTable minWidth={560} label={`State changes of ${domain}`} cardsOnPhone>
        <Table verticalSpacing="xs" striped aria-label={`State changes of ${domain}`}>
          <TableHeader columns={['Time', 'Server', 'State', 'Health']} />
          <Table.Tbody>
            {changes.map((change) => (
              <ChangeRow key={change.id} change={change} />
            ))}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      {changes.length >= HISTORY_LIMIT ? (
        <Text size="sm" c="dimmed">
          The latest {HISTORY_LIMIT} changes are shown.
        </Text>
      ) : null}
    </Stack>
  )
}

/**
 * 'State history of {domain}': every recorded change of its servers' state or health, newest first. Mantine's Modal
 * traps the focus, closes on Escape and gives the focus back to the History button; the list is read each time it opens.
 */
export function StateHistoryModal({ domain, opened, onClose }: { domain: string; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title={`State history of ${domain}`} size="xl" closeButtonProps={{ 'aria-label': 'Close' }}>
      {opened ? <StateHistoryContent domain={domain} /> : null}
    </Modal>
  )
}
