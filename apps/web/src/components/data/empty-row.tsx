import { Table, Text, type MantineSize } from '@mantine/core'
import type { ReactNode } from 'react'

/** The one row of a table with nothing to list: a dimmed sentence across all `columns`. */
export function EmptyRow({ columns, size, children }: { columns: number; size?: MantineSize; children: ReactNode }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={columns}>
        <Text c="dimmed" size={size}>
          {children}
        </Text>
      </Table.Td>
    </Table.Tr>
  )
}
