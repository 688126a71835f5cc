import { NativeSelect, Table, Text } from '@mantine/core'
import { FIELD_TYPES, type FieldType, type UploadColumn } from '@platform/contracts/reports'
import { FIELD_TYPE_NAMES } from '../../utils/field-types'
import { ScrollTable } from '@/components/data/scroll-table'
import { TableHeader } from '@/components/data/table-header'

const TYPE_OPTIONS = FIELD_TYPES.map((type) => ({ value: type, label: FIELD_TYPE_NAMES[type] }))

export interface UploadColumnsTableProps {
  columns: readonly UploadColumn[]
  /** Sample values of each column, in the same order. */
  samples: readonly (readonly string[])[]
  disabled?: boolean
  onChange: (index: number, type: FieldType) => void
}

/** The file's columns: each header, the type its values are stored as (proposed by the server, open to change), and samples. */
export function UploadColumnsTable({ columns, samples, disabled, onChange }: UploadColumnsTableProps) {
  return (
    <ScrollTable minWidth={560} label="Columns of the file">
      <Table aria-label="Columns of the file" verticalSpacing={4} withTableBorder>
        <TableHeader columns={['Column', 'Name in formulas', 'Type', 'Sample values']} />
        <Table.Tbody>
          {columns.map((column, index) => {
            const label = column.label || column.name
            return (
              <Table.Tr key={column.name}>
                <Table.Th scope="row" fw={400}>
                  {label}
                </Table.Th>
                <Table.Td>
                  <Text component="code" size="sm" ff="monospace">
                    {column.name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <NativeSelect
                    aria-label={`Type of ${label}`}
                    size="xs"
                    value={column.type}
                    data={TYPE_OPTIONS}
                    disabled={disabled}
                    onChange={(event) => onChange(index, event.currentTarget.value as FieldType)}
                  />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" c={samples[index]?.length ? undefined : 'dimmed'}>
                    {samples[index]?.length ? samples[index].join(' · ') : 'No values'}
                  </Text>
                </Table.Td>
              </Table.Tr>
            )
          })}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  )
}
