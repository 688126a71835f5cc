import { List, Table, Text } from '@mantine/core'
import type { ImportRow } from '@platform/contracts/users'
import { ImportActionBadge } from '@/components/csv-import'
import { ScrollTable } from '@/components/data/scroll-table'
import { TableHeader } from '@/components/data/table-header'

/** The rows of an import preview or result: what happens to each line of the file, and why. */
export function ImportRowsTable({ rows, caption }: { rows: readonly ImportRow[]; caption: string }) {
  return (
    <ScrollTable minWidth={900} label={caption} cardsOnPhone>
      <Table striped verticalSpacing="xs" aria-label={caption}>
        <TableHeader columns={['Line', 'Email', 'Name', 'Organization', 'Role', 'Applications', 'Action', 'Reasons']} />
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={`${row.line}-${row.email}`}>
              <Table.Td>{row.line}</Table.Td>
              <Table.Td>{row.email}</Table.Td>
              <Table.Td>{row.full_name}</Table.Td>
              <Table.Td>{row.organization_code}</Table.Td>
              <Table.Td>{row.role_code}</Table.Td>
              <Table.Td>{row.applications.join(', ')}</Table.Td>
              <Table.Td>
                <ImportActionBadge action={row.action} />
              </Table.Td>
              <Table.Td>
                {row.reasons.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    —
                  </Text>
                ) : row.reasons.length === 1 ? (
                  <Text size="sm">{row.reasons[0]}</Text>
                ) : (
                  <List size="sm" spacing={2}>
                    {row.reasons.map((reason) => (
                      <List.Item key={reason}>{reason}</List.Item>
                    ))}
                  </List>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  )
}
