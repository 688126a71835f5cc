import { Alert, Anchor, Button, Group, Paper, Select, Stack, Table, Text, TextInput, Title } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { RECEIPT_STATES } from '@platform/contracts/receipts'
import { Plus } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { Pager } from '@/components/data/pager'
import { useDocumentTitle } from '@/lib/use-document-title'
import { errorMessage } from '@/lib/api-client'
import { useSites } from '@/features/finance'
import { useReceipts } from '../api/receipts'
import { Amount, ReceiptStateBadge } from './receipt-parts'
import { useDuties } from './use-duties'
import { ONE_LINE } from '@/components/data/one-line'
import { ScrollTable } from '@/components/data/scroll-table'

/** Receipts: every receipt the person may see, filtered by site, state, dates, and payer or number. */
export function ReceiptsList() {
  useDocumentTitle('Receipts')
  const duties = useDuties()
  const sites = useSites()
  const [siteId, setSiteId] = useState<string | null>(null)
  const [state, setState] = useState<string | null>(null)
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const [typed, setTyped] = useState('')
  const [search] = useDebouncedValue(typed.trim(), 300)
  const [offset, setOffset] = useState(0)
  const limit = 25
  const receipts = useReceipts({
    siteId: siteId ?? undefined,
    state: state ?? undefined,
    from: from || undefined,
    to: to || undefined,
    search: search || undefined,
    limit,
    offset,
  })
  const siteOptions = (sites.data ?? []).map((site) => ({ value: String(site.id), label: `${site.code} · ${site.name}` }))

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <Title order={2}>Receipts</Title>
        {duties.has('COLLECTOR') ? (
          <Button component={Link} to="/apps/payment-receipts/receipts/new" leftSection={<Plus size={16} aria-hidden="true" />}>
            New receipt
          </Button>
        ) : null}
      </Group>
      <Group gap="sm" align="flex-end" wrap="wrap">
        <Select
          label="Site"
          placeholder="All sites"
          data={siteOptions}
          value={siteId}
          onChange={(value) => {
            setSiteId(value)
            setOffset(0)
          }}
          clearable
          w={220}
        />
        <Select
          label="State"
          placeholder="Any state"
          data={RECEIPT_STATES.map((value) => ({ value, label: value.charAt(0) + value.slice(1).toLowerCase() }))}
          value={state}
          onChange={(value) => {
            setState(value)
            setOffset(0)
          }}
          clearable
          w={160}
        />
        <TextInput
          label="From"
          type="date"
          value={from}
          onChange={(event) => {
            setFrom(event.currentTarget.value)
            setOffset(0)
          }}
          w={160}
        />
        <TextInput
          label="To"
          type="date"
          value={to}
          onChange={(event) => {
            setTo(event.currentTarget.value)
            setOffset(0)
          }}
          w={160}
        />
        <TextInput
          label="Payer or number"
          value={typed}
          onChange={(event) => {
            setTyped(event.currentTarget.value)
            setOffset(0)
          }}
          w={220}
        />
      </Group>
      {receipts.isError ? (
        <Alert color="red" title="The receipts could not be loaded">
          {errorMessage(receipts.error, 'Try again in a moment.')}
        </Alert>
      ) : null}
      <Paper withBorder radius="md">
        <ScrollTable minWidth={720} label="Receipts">
          <Table striped highlightOnHover>
            <Table.Caption>Receipts</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">Number</Table.Th>
                <Table.Th scope="col">Date</Table.Th>
                <Table.Th scope="col">Payer</Table.Th>
                <Table.Th scope="col">Tender</Table.Th>
                <Table.Th scope="col">Amount</Table.Th>
                <Table.Th scope="col">State</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {(receipts.data?.data ?? []).map((receipt) => (
                <Table.Tr key={receipt.id}>
                  <Table.Td ff="monospace" style={ONE_LINE}>
                    <Anchor component={Link} to={`/apps/payment-receipts/receipts/${receipt.id}`}>
                      {receipt.number}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{receipt.issuedOn}</Table.Td>
                  <Table.Td>{receipt.payer}</Table.Td>
                  <Table.Td>
                    {receipt.tender === 'MONEY_ORDER'
                      ? 'Money order'
                      : receipt.tender === 'CHECK'
                        ? `Check ${receipt.checkNumber ?? ''}`
                        : 'Cash'}
                  </Table.Td>
                  <Table.Td>
                    <Amount cents={receipt.amountCents} />
                  </Table.Td>
                  <Table.Td>
                    <ReceiptStateBadge state={receipt.state} />
                  </Table.Td>
                </Table.Tr>
              ))}
              {receipts.isSuccess && receipts.data.data.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={6}>
                    <Text c="dimmed">No receipts match.</Text>
                  </Table.Td>
                </Table.Tr>
              ) : null}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </Paper>
      {receipts.data ? (
        <Pager total={receipts.data.pagination.total} limit={limit} offset={offset} onOffsetChange={setOffset} noun="receipts" />
      ) : null}
    </Stack>
  )
}
