import type { Format, ResultRow } from '@platform/contracts/reports'
import { formatCell, isDateFormat } from '@platform/contracts/report-format'
import type { FormulaValue } from '../formula/formula-eval.js'
import { type MeasureValues, createMeasureSet } from './measures.js'
import { createGroupedCellReader, normaliseCell, stylesFor } from './report-cells.js'
import type { ShapingPlan } from './report-plan.js'
import { columnOf } from './report-queries.js'

/**
 * How a report's records become the rows of its result model: detail records with their group headers, subtotals and
 * grand total, given the groups' measures. Needs no database: the viewer's pages use it in the server's thread, and an
 * export in the thread that reads its records (exports/report-rows.ts).
 */
export function createResultRows(plan: ShapingPlan) {
  const measureSet = createMeasureSet(columnOf)
  const reader = createGroupedCellReader(plan, measureSet)
  const { definition } = plan
  const groupFields = plan.groups.map((group) => group.field.name)
  const formats = definition.conditionalFormats

  const groupFormats = plan.groups.map((group): Format | null =>
    group.field.type === 'date' || group.field.type === 'datetime' ? group.field.type : null,
  )
  const groupLabels = plan.groups.map((group) => group.field.labels)
  /**
   * A group's value as its label: dates and times as the cells show them, on the district's clock; a code as the words
   * of the field's label table.
   */
  const label = (value: FormulaValue, format: Format | null = null, labels?: Readonly<Record<string, string>>) => {
    if (value === null || value === '') return '(blank)'
    if (format && isDateFormat(format)) return formatCell(value, format, plan.timeZone)
    return typeof value === 'string' && labels ? (labels[value] ?? value) : String(value)
  }
  /** The display format of the group at a level, when its values are dates or times. */
  const groupFormat = (level: number): Format | null => groupFormats[level] ?? null
  /** The label table of the group at a level, when its field has one. */
  const groupWords = (level: number) => groupLabels[level]
  const finish = (row: Omit<ResultRow, 'styles'>): ResultRow => {
    const styles = row.kind === 'groupHeader' ? undefined : stylesFor(plan, formats, row.cells)
    return styles ? { ...row, styles } : row
  }

  function dimensionsAt(path: FormulaValue[]): Map<string, FormulaValue> {
    return new Map(path.map((value, index) => [groupFields[index]!, value]))
  }

  function subtotalRow(path: FormulaValue[], rolled: Map<string, MeasureValues>): ResultRow {
    const level = path.length - 1
    const values = rolled.get(JSON.stringify(path)) ?? new Map()
    // The group's value alone: every output writes it as 'Subtotal: {value}' (exports/row-label.ts).
    return finish({
      kind: 'subtotal',
      level,
      label: label(path[level]!, groupFormat(level), groupWords(level)),
      cells: reader.cells(dimensionsAt(path), values, false),
    })
  }

  function grandTotalRow(rolled: Map<string, MeasureValues>): ResultRow {
    return finish({
      kind: 'grandTotal',
      level: 0,
      label: definition.totals.label,
      cells: reader.cells(new Map(), rolled.get('[]') ?? new Map(), false),
    })
  }

  const pathOf = (row: Record<string, unknown>) => groupFields.map((_name, index) => (row[`g${index}`] ?? null) as FormulaValue)
  const detailCells = (row: Record<string, unknown>) => plan.columns.map((column) => normaliseCell(column, row[column.key]))

  /** Detail records with their group headers, subtotals and the grand total, as they follow one another. */
  function interleave(
    records: Array<Record<string, unknown>>,
    before: Record<string, unknown> | null,
    after: Record<string, unknown> | null,
    atEnd: boolean,
    rolled: Map<string, MeasureValues>,
    /** A viewer page that starts inside a group repeats its headers, marked as continued; a stream does not. */
    repeatHeaders: boolean,
  ): ResultRow[] {
    const rows: ResultRow[] = []
    records.forEach((record, index) => {
      const path = pathOf(record)
      const previous = index === 0 ? before : records[index - 1]!
      const previousPath = previous ? pathOf(previous) : null
      const firstChange =
        index === 0 && repeatHeaders ? 0 : previousPath ? path.findIndex((value, level) => value !== previousPath[level]) : 0
      if (firstChange >= 0) {
        for (let level = firstChange; level < path.length; level += 1) {
          const continued =
            index === 0 && previousPath !== null && previousPath.slice(0, level + 1).every((value, at) => value === path[at])
          const group = plan.groups[level]!
          rows.push({
            kind: 'groupHeader',
            level,
            label: `${group.label}: ${label(path[level]!, groupFormat(level), groupWords(level))}${continued ? ' (continued)' : ''}`,
            cells: plan.columns.map(() => null),
            ...(group.pageBreakBefore && !continued && previousPath !== null ? { pageBreakBefore: true } : {}),
            drill: Object.fromEntries(groupFields.slice(0, level + 1).map((name, at) => [name, path[at] ?? null])),
          })
        }
      }
      rows.push(finish({ kind: 'detail', level: plan.groups.length, label: null, cells: detailCells(record) }))
      const next = index === records.length - 1 ? after : records[index + 1]!
      const nextPath = next ? pathOf(next) : null
      const closing = nextPath ? path.findIndex((value, level) => value !== nextPath[level]) : 0
      if (next === null && !atEnd) return
      if (closing >= 0) {
        for (let level = path.length - 1; level >= closing; level -= 1) {
          if (plan.groups[level]!.subtotal) rows.push(subtotalRow(path.slice(0, level + 1), rolled))
        }
      }
      if (next === null && atEnd && definition.totals.grand) rows.push(grandTotalRow(rolled))
    })
    return rows
  }

  return {
    measureSet,
    reader,
    label,
    groupFormat,
    groupWords,
    finish,
    dimensionsAt,
    subtotalRow,
    grandTotalRow,
    interleave,

    /** Every row of a detail result, from its records in batches (in the result's order): what an export writes. */
    async *detailRows(
      batches: AsyncIterable<Array<Record<string, unknown>>>,
      rolled: Map<string, MeasureValues>,
    ): AsyncGenerator<ResultRow> {
      let before: Record<string, unknown> | null = null
      let chunk: Array<Record<string, unknown>> = []
      for await (const batch of batches) {
        if (batch.length === 0) continue
        if (chunk.length > 0) {
          yield* interleave(chunk, before, batch[0]!, false, rolled, false)
          before = chunk[chunk.length - 1]!
        }
        chunk = batch
      }
      if (chunk.length > 0) yield* interleave(chunk, before, null, true, rolled, false)
      else if (definition.totals.grand) yield grandTotalRow(rolled)
    },
  }
}
export type ResultRows = ReturnType<typeof createResultRows>
