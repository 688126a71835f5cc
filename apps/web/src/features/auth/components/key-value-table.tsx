import { Code, Table } from '@mantine/core'
import { formatDateTime } from '@/lib/format'

export type KeyValueRow = [label: string, value: unknown]

/** Shows one value readably: yes/no, dates, JSON for objects, a dash for nothing. */
export function displayValue(value: unknown, asDate = false): string {
  if (value === null || value === undefined || value === '') return '—'
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (asDate && (typeof value === 'string' || typeof value === 'number')) return formatDateTime(value)
  if (typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

/** A captioned two-column table of labels and values. */
export function KeyValueTable({ caption, rows }: { caption: string; rows: KeyValueRow[] }) {
  return (
    <Table withTableBorder withColumnBorders striped layout="fixed" captionSide="top" verticalSpacing="xs">
      <Table.Caption ta="left" fw={600} c="var(--mantine-color-text)">
        {caption}
      </Table.Caption>
      <Table.Tbody>
        {rows.map(([label, value]) => (
          <Table.Tr key={label}>
            <Table.Th scope="row" w="40%">
              {label}
            </Table.Th>
            <Table.Td style={{ wordBreak: 'break-word' }}>
              {typeof value === 'object' && value !== null ? <Code>{JSON.stringify(value)}</Code> : displayValue(value)}
            </Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  )
}
