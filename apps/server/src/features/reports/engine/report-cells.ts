import type { Aggregate, CellStyle, ConditionalFormat, ResultRow } from '@platform/contracts/reports'
import { exactNumber } from '@platform/contracts/report-format'
import { evaluateFormula, type FormulaValue } from '../formula/formula-eval.js'
import { type FormulaNode, isAggregateCall } from '../formula/formula-parser.js'
import { type MeasureSet, type MeasureValues, aggregateValue } from './measures.js'
import type { PlannedColumn, ShapingPlan } from './report-plan.js'

type Cell = ResultRow['cells'][number]

/** How each column's value is found in a grouped row: from the group's values and its measures. */
export interface GroupedCellReader {
  cells(dimensions: Map<string, FormulaValue>, measures: MeasureValues, isLeaf: boolean): Cell[]
}

/** Registers the measures every column needs and reads grouped rows (summary rows, subtotals, grand totals). */
export function createGroupedCellReader(plan: ShapingPlan, measureSet: MeasureSet): GroupedCellReader {
  const readers = plan.columns.map((column): ((dims: Map<string, FormulaValue>, values: MeasureValues, isLeaf: boolean) => Cell) => {
    if (column.calc) {
      const calls = new Map<FormulaNode, { kind: Aggregate; ids: string[] }>()
      const collect = (node: FormulaNode) => {
        if (node.kind === 'call') {
          if (isAggregateCall(node)) calls.set(node, measureSet.forCall(node as Extract<FormulaNode, { kind: 'call' }>))
          else node.args.forEach(collect)
        }
        if (node.kind === 'binary') [node.left, node.right].forEach(collect)
        else if (node.kind === 'negate') collect(node.operand)
      }
      collect(column.calc)
      if (calls.size === 0) return () => null // a row-level calculation has no subtotal
      return (dims, values) =>
        toCell(
          evaluateFormula(column.calc!, {
            field: (name) => dims.get(name) ?? null,
            aggregate: (node) => {
              const measure = calls.get(node)
              return measure ? aggregateValue(measure.kind, measure.ids, values) : null
            },
          }),
        )
    }
    if (column.agg) {
      const measure = measureSet.forAggregate(column.agg, column.field!.name)
      return (_dims, values) => aggregateValue(measure.kind, measure.ids, values)
    }
    const name = column.field!.name
    const labels = column.field!.labels
    // A field shown without an aggregate: the leaf's own value; in a subtotal, only when it is one of its groups.
    return (dims, _values, isLeaf) => (isLeaf || dims.has(name) ? worded(toCell(dims.get(name) ?? null), labels) : null)
  })
  // Sums of money carry binary noise (0.1 + 0.2): every grouped cell leaves here exact to the cent.
  return { cells: (dims, measures, isLeaf) => readers.map((read, i) => exactNumber(read(dims, measures, isLeaf), plan.columns[i]!.format)) }
}

function toCell(value: FormulaValue): Cell {
  return typeof value === 'number' && !Number.isFinite(value) ? null : value
}

/** A code the field's label table names, as its words; any other value as it is. */
export function worded(value: Cell, labels: Readonly<Record<string, string>> | undefined): Cell {
  return labels && typeof value === 'string' ? (labels[value] ?? value) : value
}

/**
 * Numbers come back as text from some drivers (PostgreSQL numeric): a numeric column holds numbers. A code of a field
 * with a label table becomes its words.
 */
export function normaliseCell(column: PlannedColumn, value: unknown): Cell {
  if (value === null || value === undefined) return null
  const numeric = column.align === 'right'
  if (numeric) {
    const number = typeof value === 'number' ? value : Number(value)
    return Number.isFinite(number) ? exactNumber(number, column.format) : null
  }
  if (typeof value === 'boolean' || typeof value === 'number') return value
  if (typeof value === 'string') return column.agg ? value : worded(value, column.field?.labels)
  return String(value)
}

/** The styles the conditional formats give a row's cells; undefined when none applies. */
export function stylesFor(plan: ShapingPlan, formats: ConditionalFormat[], cells: Cell[]): Array<CellStyle | null> | undefined {
  if (formats.length === 0) return undefined
  let any = false
  const styles = plan.columns.map((column, index) => {
    let style: CellStyle | null = null
    for (const format of formats) {
      if (format.column !== column.key) continue
      if (matches(cells[index] ?? null, format.when.op, format.when.value)) {
        style = { ...(style ?? {}), ...format.style }
        any = true
      }
    }
    return style
  })
  return any ? styles : undefined
}

function matches(value: Cell, op: string, target: number | string): boolean {
  if (value === null || typeof value === 'boolean') return false
  const left = typeof target === 'number' ? Number(value) : String(value)
  if (typeof left === 'number' && Number.isNaN(left)) return false
  switch (op) {
    case 'eq':
      return left === target
    case 'ne':
      return left !== target
    case 'lt':
      return left < target
    case 'lte':
      return left <= target
    case 'gt':
      return left > target
    case 'gte':
      return left >= target
    default:
      return false
  }
}
