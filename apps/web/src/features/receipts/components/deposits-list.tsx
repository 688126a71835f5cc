import { Anchor, Button, Group, Paper, Select, Stack, Table, Title } from '@mantine/core'
import { DEPOSIT_STATES } from '@platform/contracts/receipts'
import { Plus } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { FiltersPanel } from '@/components/data/filters-panel'
import { ListResults } from '@/components/data/list-results'
import { ONE_LINE } from '@/components/data/one-line'
import { ScrollTable } from '@/components/data/scroll-table'
import { useDocumentTitle } from '@/lib/use-document-title'
import { usePageOffset } from '@/lib/use-page-offset'
import { useDeposits } from '../api/receipts'
import { Amount, DepositStateBadge } from './receipt-parts'
import { useDuties } from './use-duties'

const LIMIT = 25

/** Deposits: each with its state; collectors start new ones. */
export function DepositsList() {
  useDocumentTitle('Deposits')
  const duties = useDuties()
  const [state, setState] = useState<string | null>(null)
  const [offset, setOffset] = usePageOffset(state ?? '')
  const deposits = useDeposits({ state: state ?? undefined, limit: LIMIT, offset })
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>Deposits</Title>
        {duties.has('COLLECTOR') ? (
          <Button component={Link} to="/apps/payment-receipts/deposits/new" leftSection={<Plus size={16} aria-hidden="true" />}>
            New deposit
          </Button>
        ) : null}
      </Group>
      <FiltersPanel label="Filter deposits" activeCount={state ? 1 : 0}>
        <Select
          label="State"
          placeholder="Any state"
          data={DEPOSIT_STATES.map((value) => ({ value, label: value.charAt(0) + value.slice(1).toLowerCase() }))}
          value={state}
          onChange={setState}
          clearable
          w={200}
        />
      </FiltersPanel>
      <ListResults
        query={deposits}
        noun="deposits"
        title="the deposits"
        filtered={state !== null}
        pager={{ limit: LIMIT, offset, onOffsetChange: setOffset }}
      >
        {(rows, busy) => (
          <Paper withBorder radius="md">
            <ScrollTable minWidth={640} label="Deposits" cardsOnPhone>
              <Table striped highlightOnHover aria-busy={busy}>
                <Table.Caption>Deposits</Table.Caption>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">Deposit</Table.Th>
                    <Table.Th scope="col">Gathered</Table.Th>
                    <Table.Th scope="col">Receipts</Table.Th>
                    <Table.Th scope="col">Expected</Table.Th>
                    <Table.Th scope="col">Over/short</Table.Th>
                    <Table.Th scope="col">State</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((deposit) => (
                    <Table.Tr key={deposit.id}>
                      <Table.Td ff="monospace" style={ONE_LINE}>
                        <Anchor component={Link} to={`/apps/payment-receipts/deposits/${deposit.id}`}>
                          {deposit.label}
                        </Anchor>
                      </Table.Td>
                      <Table.Td>{deposit.createdAt.slice(0, 10)}</Table.Td>
                      <Table.Td>{deposit.receiptCount}</Table.Td>
                      <Table.Td>
                        <Amount cents={deposit.amountCents} />
                      </Table.Td>
                      <Table.Td>{deposit.overShortCents === null ? '—' : <Amount cents={deposit.overShortCents} />}</Table.Td>
                      <Table.Td>
                        <DepositStateBadge state={deposit.state} />
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </ScrollTable>
          </Paper>
        )}
      </ListResults>
    </Stack>
  )
}
