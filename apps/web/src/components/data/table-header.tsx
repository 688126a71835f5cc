import { Table } from '@mantine/core'

/**
 * A column heading: its label, or the label with how the column is aligned (`ta`), its least width (`miw`), or a label
 * said only to screen readers (`visuallyHidden`, for a column of buttons).
 */
export type HeaderColumn = string | { label: string; ta?: 'right'; miw?: number; visuallyHidden?: boolean }

/** The header of a table: one row of column headings, in order; a `false` column (one not shown now) is left out. */
export function TableHeader({ columns }: { columns: readonly (HeaderColumn | false)[] }) {
  return (
    <Table.Thead>
      <Table.Tr>
        {columns.map((column, index) => {
          if (column === false) return null
          const { label, ta, miw, visuallyHidden }: Exclude<HeaderColumn, string> = typeof column === 'string' ? { label: column } : column
          return (
            <Table.Th key={index} scope="col" ta={ta} miw={miw}>
              {visuallyHidden ? <span className="visually-hidden">{label}</span> : label}
            </Table.Th>
          )
        })}
      </Table.Tr>
    </Table.Thead>
  )
}
