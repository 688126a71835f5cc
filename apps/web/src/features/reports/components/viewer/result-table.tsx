import { Anchor, Table } from '@mantine/core'
import type { CellStyle, ResultColumn, ResultRow } from '@platform/contracts/reports'
import type { CSSProperties, ReactNode } from 'react'
import { formatCell } from '@platform/contracts/report-format'
import { labelCellIndex, labelSpan, rowLabelText } from '@platform/contracts/report-labels'
import { ScrollTable } from '@/components/data/scroll-table'

/** How far each group level's label is indented, as the PDF indents it. */
const INDENT_REM = 1.25

const ROW_STYLES: Record<ResultRow['kind'], (level: number) => CSSProperties> = {
  groupHeader: (level) => ({
    backgroundColor: level === 0 ? 'var(--mantine-color-gray-1)' : 'var(--mantine-color-gray-0)',
    fontWeight: 700,
  }),
  detail: () => ({}),
  subtotal: () => ({ fontWeight: 700, borderTop: '1px solid var(--mantine-color-gray-5)' }),
  grandTotal: () => ({
    fontWeight: 700,
    backgroundColor: 'var(--mantine-color-blue-0)',
    borderTop: '2px solid var(--mantine-color-gray-8)',
  }),
}

/** A conditional format's look as style props (the CSP allows these; it forbids style attributes in HTML). */
function cellStyle(style: CellStyle | null | undefined): CSSProperties | undefined {
  if (!style) return undefined
  return { color: style.color, backgroundColor: style.background, fontWeight: style.bold ? 700 : undefined }
}

/** A group's row opens the rows behind it: its name (or first cell) becomes the control that does. */
function DrillLink({ row, text, onDrill }: { row: ResultRow; text: string; onDrill: (row: ResultRow) => void }) {
  const values = Object.values(row.drill ?? {})
    .map((value) => (value === null ? '(none)' : String(value)))
    .join(', ')
  return (
    <Anchor component="button" type="button" fw="inherit" onClick={() => onDrill(row)} aria-label={`${text || values}: show its rows`}>
      {text || 'Show rows'}
    </Anchor>
  )
}

function ResultTableRow({
  row,
  columns,
  timeZone,
  onDrill,
}: {
  row: ResultRow
  columns: ResultColumn[]
  timeZone: string
  onDrill: ((row: ResultRow) => void) | undefined
}) {
  const label = rowLabelText(row)
  const labelAt = label === null ? -1 : labelCellIndex(row, columns.length)
  const drill = onDrill && row.drill ? onDrill : undefined
  const indent = row.kind === 'grandTotal' ? 0 : Math.max(0, row.level) * INDENT_REM
  const cells: ReactNode[] = []
  for (let i = 0; i < columns.length; i += 1) {
    const column = columns[i]!
    if (i === labelAt) {
      // The label runs on over the empty cells after it, as in the exports; it names the row for screen readers.
      const span = labelSpan(row, i, columns.length)
      cells.push(
        <Table.Th
          key={i}
          scope="row"
          colSpan={span}
          style={{ paddingLeft: `calc(var(--table-horizontal-spacing, 0.625rem) + ${indent}rem)` }}
        >
          {drill ? <DrillLink row={row} text={label ?? ''} onDrill={drill} /> : label}
        </Table.Th>,
      )
      i += span - 1
      continue
    }
    cells.push(
      <Table.Td key={i} ta={column.align} style={cellStyle(row.styles?.[i])}>
        {/* A label with no empty cell to sit in still names its row for screen readers. */}
        {i === 0 && label !== null && labelAt === -1 ? <span className="visually-hidden">{label}: </span> : null}
        {drill && label === null && i === 0 ? (
          <DrillLink row={row} text={formatCell(row.cells[i], column.format, timeZone)} onDrill={drill} />
        ) : (
          formatCell(row.cells[i], column.format, timeZone)
        )}
      </Table.Td>,
    )
  }
  return (
    <Table.Tr data-row-kind={row.kind} style={ROW_STYLES[row.kind](row.level)}>
      {cells}
    </Table.Tr>
  )
}

/**
 * The report's rows: group headers, details, subtotals and the grand total, each cell formatted as the exports format
 * it, dates and times on the district's clock (`timeZone`, the result's).
 */
export function ResultTable({
  columns,
  rows,
  label,
  timeZone,
  onDrill,
}: {
  columns: ResultColumn[]
  rows: ResultRow[]
  label: string
  timeZone: string
  /** Opens the detail rows behind a group's row; without it, rows are plain text (the designer's preview). */
  onDrill?: (row: ResultRow) => void
}) {
  return (
    <ScrollTable minWidth={Math.max(480, columns.length * 130)} label={label}>
      <Table aria-label={label} verticalSpacing={6} withTableBorder>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.key} scope="col" ta={column.align}>
                {column.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <ResultTableRow key={index} row={row} columns={columns} timeZone={timeZone} onDrill={onDrill} />
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  )
}
