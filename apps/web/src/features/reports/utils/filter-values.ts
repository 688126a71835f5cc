import { reportsLabels } from '@platform/contracts/labels/reports'
import type { FieldType, FilterOp, ReportFilter, ReportValue } from '@platform/contracts/reports'
import { isNumericFieldType } from './definition'

/* What a filter's value looks like for each operator, and how typed text becomes a value of the field's type. */

export const FILTER_OP_LABELS: Record<FilterOp, string> = reportsLabels.filterOp

const ORDERED_OPS: FilterOp[] = ['eq', 'ne', 'in', 'notIn', 'lt', 'lte', 'gt', 'gte', 'between', 'isNull', 'isNotNull']

/** The operators that make sense for a field: text matching for text only, order comparisons not for yes / no. */
export function filterOpsFor(type: FieldType): FilterOp[] {
  if (type === 'string')
    return ['eq', 'ne', 'in', 'notIn', 'contains', 'startsWith', 'lt', 'lte', 'gt', 'gte', 'between', 'isNull', 'isNotNull']
  if (type === 'boolean') return ['eq', 'ne', 'isNull', 'isNotNull']
  return ORDERED_OPS
}

export type ValueShape = 'none' | 'one' | 'list' | 'pair'

export function valueShape(op: FilterOp): ValueShape {
  if (op === 'isNull' || op === 'isNotNull') return 'none'
  if (op === 'in' || op === 'notIn') return 'list'
  if (op === 'between') return 'pair'
  return 'one'
}

/** The filter with another operator; its value is kept when it still fits, else made empty in the new shape. */
export function withOp(filter: ReportFilter, op: FilterOp): ReportFilter {
  const from = valueShape(filter.op)
  const to = valueShape(op)
  if (from === to) return { ...filter, op }
  const isParam = filter.value !== null && typeof filter.value === 'object' && !Array.isArray(filter.value)
  // A parameter can stand for one value or (multiSelect) a list, so it survives one ↔ list.
  if (isParam && (to === 'one' || to === 'list')) return { ...filter, op }
  return { ...filter, op, value: emptyValue(op) }
}

/** An operator's value before anything is typed: none, null, an empty list or an empty pair. */
export function emptyValue(op: FilterOp): ReportFilter['value'] {
  const shape = valueShape(op)
  return shape === 'none' ? undefined : shape === 'list' ? [] : shape === 'pair' ? [null, null] : null
}

const NUMBER_TEXT = /^\s*-?(?:\d+\.?\d*|\.\d+)\s*$/

/** Typed text as a value of the field's type: numbers for number fields, true / false for yes-no, else the text. */
export function parseLiteral(text: string, type: FieldType): string | number | boolean | null {
  const trimmed = text.trim()
  if (trimmed === '') return null
  if (isNumericFieldType(type) && NUMBER_TEXT.test(trimmed.replace(/,/g, ''))) return Number(trimmed.replace(/,/g, ''))
  if (type === 'boolean') {
    if (/^(true|yes)$/i.test(trimmed)) return true
    if (/^(false|no)$/i.test(trimmed)) return false
  }
  return type === 'string' ? text : trimmed
}

/** A comma-separated list as values of the field's type. */
export function parseList(text: string, type: FieldType): Array<string | number | boolean | null> {
  return text
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => parseLiteral(item, type))
}

export function isParamValue(value: unknown): value is { param: string } {
  return value !== null && typeof value === 'object' && !Array.isArray(value) && 'param' in value
}

/** The text an input shows for a literal value ('' for none or a parameter). */
export function literalText(value: ReportValue | ReportValue[] | undefined): string {
  if (value === undefined || value === null || isParamValue(value)) return ''
  if (Array.isArray(value))
    return value
      .map((item) => literalText(item))
      .filter(Boolean)
      .join(', ')
  return String(value)
}
