import { Button, Group, Paper, Stack, Table, Title } from '@mantine/core'
import { DEPOSIT_STATES } from '@platform/contracts/receipts'
import { Plus } from 'lucide-react'
import { Link, useSearchParams } from 'react-router'
import { FilterSelect } from '@/components/data/filter-select'
import { FiltersPanel } from '@/components/data/filters-panel'
import { ListResults } from '@/components/data/list-results'
import { ScrollTable } from '@/components/data/scroll-table'
import { formatDateTime } from '@/lib/format'
import { useDocumentTitle } from '@/lib/use-document-title'
import { usePageOffset } from '@/lib/use-page-offset'
import { useDeposits } from '../api/receipts'
import { Amount, DepositStateBadge, stateLabel } from './receipt-parts'
import { useDuties } from './use-duties'
import { TableHeader } from '@/components/data/table-header'
import { RecordLinkCell } from '@/components/data/record-link-cell'

const LIMIT = 25

/** The state chosen in the address (`?state=OPEN`), so the overview's figures open the list already filtered. */
function useStateFilter(): [state: string | null, setState: (state: string | null) => void] {
  const [params, setParams] = useSearchParams()
  const asked = params.get('state')
  const state = asked !== null && (DEPOSIT_STATES as readonly string[]).includes(asked) ? asked : null
  const setState = (next: string | null) =>
    setParams(
      (current) => {
        const changed = new URLSearchParams(current)
        if (next === null) changed.delete('state')
        else changed.set('state', next)
        return changed
      },
      { replace: true },
    )
  return [state, setState]
}

/** Deposits: each with its state; collectors start new ones. The state filter lives in the address. */
export function DepositsList() {
  useDocumentTitle('Deposits')
  const duties = useDuties()
  const [state, setState] = useStateFilter()
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
        <FilterSelect label="State" values={DEPOSIT_STATES} labels={stateLabel} value={state} onChange={setState} w={200} />
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
                <TableHeader columns={['Deposit', 'Gathered', 'Receipts', 'Expected', 'Over/short', 'State']} />
                <Table.Tbody>
                  {rows.map((deposit) => (
                    <Table.Tr key={deposit.id}>
                      <RecordLinkCell to={`/apps/payment-receipts/deposits/${deposit.id}`}>{deposit.label}</RecordLinkCell>
                      <Table.Td>{formatDateTime(deposit.createdAt)}</Table.Td>
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
