import { receiptsLabels } from '@platform/contracts/labels/receipts'
import type { Tender } from '@platform/contracts/receipts'
import { Button, Group, Paper, Select, Stack, Table, TextInput, Title } from '@mantine/core'
import { useDebouncedValue } from '@mantine/hooks'
import { RECEIPT_STATES } from '@platform/contracts/receipts'
import { Plus } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { DateRangeInputs, useDateRange } from '@/components/data/date-range-inputs'
import { FilterSelect } from '@/components/data/filter-select'
import { FiltersPanel } from '@/components/data/filters-panel'
import { ListResults } from '@/components/data/list-results'
import { ScrollTable } from '@/components/data/scroll-table'
import { useSites } from '@/features/finance'
import { useDocumentTitle } from '@/lib/use-document-title'
import { usePageOffset } from '@/lib/use-page-offset'
import { useReceipts } from '../api/receipts'
import { Amount, ReceiptStateBadge, stateLabel } from './receipt-parts'
import { useDuties } from './use-duties'
import { TableHeader } from '@/components/data/table-header'
import { RecordLinkCell } from '@/components/data/record-link-cell'

const LIMIT = 25

const tenderOf = (receipt: { tender: Tender; checkNumber: string | null }) =>
  `${receiptsLabels.tender[receipt.tender]}${receipt.tender !== 'CASH' && receipt.checkNumber ? ` no. ${receipt.checkNumber}` : ''}`

/** Receipts: every receipt the person may see, filtered by site, state, dates, and payer or number. */
export function ReceiptsList() {
  useDocumentTitle('Receipts')
  const duties = useDuties()
  const sites = useSites()
  const [siteId, setSiteId] = useState<string | null>(null)
  const [state, setState] = useState<string | null>(null)
  const range = useDateRange()
  const [typed, setTyped] = useState('')
  const [search] = useDebouncedValue(typed.trim(), 300)
  const filters = {
    siteId: siteId ?? undefined,
    state: state ?? undefined,
    from: range.from || undefined,
    to: range.to || undefined,
    search: search || undefined,
  }
  const [offset, setOffset] = usePageOffset(JSON.stringify(filters))
  // Reversed dates would find nothing: the list waits until they are put right (the To field says why).
  const receipts = useReceipts({ ...filters, ...(range.reversed ? { from: undefined, to: undefined } : {}), limit: LIMIT, offset })
  const siteOptions = (sites.data ?? []).map((site) => ({ value: String(site.id), label: `${site.code} · ${site.name}` }))
  const activeCount = [siteId, state, range.from, range.to, typed].filter(Boolean).length

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
      <FiltersPanel label="Filter receipts" activeCount={activeCount} align="flex-end">
        <Select label="Site" placeholder="All sites" data={siteOptions} value={siteId} onChange={setSiteId} clearable w={220} />
        <FilterSelect label="State" values={RECEIPT_STATES} labels={stateLabel} value={state} onChange={setState} w={160} />
        <DateRangeInputs range={range} />
        <TextInput label="Payer or number" value={typed} onChange={(event) => setTyped(event.currentTarget.value)} w={220} />
      </FiltersPanel>
      <ListResults
        query={receipts}
        noun="receipts"
        title="the receipts"
        filtered={activeCount > 0}
        pager={{ limit: LIMIT, offset, onOffsetChange: setOffset }}
      >
        {(rows, busy) => (
          <Paper withBorder radius="md">
            <ScrollTable minWidth={720} label="Receipts" cardsOnPhone>
              <Table striped highlightOnHover aria-busy={busy}>
                <Table.Caption>Receipts</Table.Caption>
                <TableHeader columns={['Number', 'Date', 'Payer', 'Tender', 'Amount', 'State']} />
                <Table.Tbody>
                  {rows.map((receipt) => (
                    <Table.Tr key={receipt.id}>
                      <RecordLinkCell to={`/apps/payment-receipts/receipts/${receipt.id}`}>{receipt.number}</RecordLinkCell>
                      <Table.Td>{receipt.issuedOn}</Table.Td>
                      <Table.Td>{receipt.payer}</Table.Td>
                      <Table.Td>{tenderOf(receipt)}</Table.Td>
                      <Table.Td>
                        <Amount cents={receipt.amountCents} />
                      </Table.Td>
                      <Table.Td>
                        <ReceiptStateBadge state={receipt.state} />
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
