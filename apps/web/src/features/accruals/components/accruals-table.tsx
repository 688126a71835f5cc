import { Anchor, Table, Text } from '@mantine/core'
import type { AccrualSummary } from '@platform/contracts/accruals'
import { formatCents } from '@platform/contracts/finance-money'
import { Link } from 'react-router'
import { EmptyRow } from '@/components/data/empty-row'
import { ScrollTable } from '@/components/data/scroll-table'
import { AccrualStateBadge, FlagBadges, TYPE_LABELS } from './accrual-parts'
import { requestPath } from './paths'
import { TableHeader } from '@/components/data/table-header'

/** A page of accrual requests; on a phone each row is a card. */
export function AccrualsTable({ rows, label, loaded }: { rows: AccrualSummary[]; label: string; loaded: boolean }) {
  return (
    <ScrollTable minWidth={900} label={label} cardsOnPhone>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={label}>
        <TableHeader columns={['Request', 'Site', 'Type', 'Vendor or payer', 'Amount', 'State', 'Requester']} />
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.id}>
              <Table.Td>
                <Anchor component={Link} to={requestPath(row.id)} fw={600}>
                  Accrual {row.id}
                </Anchor>
                <Text size="xs" c="dimmed">
                  {row.fiscalYear}
                  {row.poNumber ? ` · PO ${row.poNumber}` : ''}
                </Text>
              </Table.Td>
              <Table.Td>{row.siteCode}</Table.Td>
              <Table.Td>{TYPE_LABELS[row.type]}</Table.Td>
              <Table.Td>
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {row.vendor}
                </Text>
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {row.description}
                </Text>
              </Table.Td>
              <Table.Td>{formatCents(row.amountCents)}</Table.Td>
              <Table.Td>
                <AccrualStateBadge state={row.state} />
                <FlagBadges flags={row.flags} />
              </Table.Td>
              <Table.Td>{row.requesterName}</Table.Td>
            </Table.Tr>
          ))}
          {loaded && rows.length === 0 ? <EmptyRow columns={7}>No requests match.</EmptyRow> : null}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  )
}
