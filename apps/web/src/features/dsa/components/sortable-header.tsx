import { Group, Table, UnstyledButton } from '@mantine/core'
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react'
import type { DsaSortField, ProjectSort } from '../api/dsa'

export interface SortableHeaderProps {
  field: DsaSortField
  label: string
  sort: ProjectSort
  onSort: (field: DsaSortField) => void
  align?: 'left' | 'right'
}

/** A column header that sorts the list on the server; aria-sort tells screen readers which column sorts and how. */
export function SortableHeader({ field, label, sort, onSort, align = 'left' }: SortableHeaderProps) {
  const active = sort.sort === field
  const Icon = !active ? ArrowUpDown : sort.order === 'asc' ? ArrowUp : ArrowDown
  return (
    <Table.Th scope="col" aria-sort={active ? (sort.order === 'asc' ? 'ascending' : 'descending') : 'none'} ta={align}>
      <UnstyledButton onClick={() => onSort(field)} fw={700} fz="sm" style={{ whiteSpace: 'nowrap' }}>
        <Group gap={4} wrap="nowrap" justify={align === 'right' ? 'flex-end' : 'flex-start'}>
          {label}
          <Icon size={14} aria-hidden="true" opacity={active ? 1 : 0.5} />
        </Group>
      </UnstyledButton>
    </Table.Th>
  )
}
