import { Alert, Anchor, Button, Group, Paper, Select, Stack, Table, Text, Title } from '@mantine/core'
import { DEPOSIT_STATES } from '@platform/contracts/receipts'
import { Plus } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { Pager } from '@/components/data/pager'
import { errorMessage } from '@/lib/api-client'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useDeposits } from '../api/receipts'
import { Amount, DepositStateBadge } from './receipt-parts'
import { useDuties } from './use-duties'
import { ONE_LINE } from '@/components/data/one-line'
import { ScrollTable } from '@/components/data/scroll-table'

/** Deposits: each with its state; collectors start new ones. */
export function DepositsList() {
  useDocumentTitle('Deposits')
  const duties = useDuties()
  const [state, setState] = useState<string | null>(null)
  const [offset, setOffset] = useState(0)
  const limit = 25
  const deposits = useDeposits({ state: state ?? undefined, limit, offset })
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
      <Select
        label="State"
        placeholder="Any state"
        data={DEPOSIT_STATES.map((value) => ({ value, label: value.charAt(0) + value.slice(1).toLowerCase() }))}
        value={state}
        onChange={(value) => {
          setState(value)
          setOffset(0)
        }}
        clearable
        w={200}
      />
      {deposits.isError ? (
        <Alert color="red" title="The deposits could not be loaded">
          {errorMessage(deposits.error, 'Try again in a moment.')}
        </Alert>
      ) : null}
      <Paper withBorder radius="md">
        <ScrollTable minWidth={640} label="Deposits">
          <Table striped highlightOnHover>
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
              {(deposits.data?.data ?? []).map((deposit) => (
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
              {deposits.isSuccess && deposits.data.data.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={6}>
                    <Text c="dimmed">No deposits.</Text>
                  </Table.Td>
                </Table.Tr>
              ) : null}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </Paper>
      {deposits.data ? (
        <Pager total={deposits.data.pagination.total} limit={limit} offset={offset} onOffsetChange={setOffset} noun="deposits" />
      ) : null}
    </Stack>
  )
}
