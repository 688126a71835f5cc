import { type CompiledQuery, type Kysely, sql } from 'kysely'
import { REPORT_LIMITS, type ReportResult, type ResultChart, type ResultRow } from '@platform/contracts/reports'
import type { Dialect } from '../../../db/database.js'
import type { Database } from '../../../db/schema.js'
import type { FormulaValue } from '../formula/formula-eval.js'
import { type Measure, type MeasureValues, rollUp } from './measures.js'
import type { AppliedParameters } from './parameters.js'
import { normaliseCell } from './report-cells.js'
import type { ReportRowSource } from '../exports/report-rows.js'
import { DefinitionError, type ReportPlan, shapingPlanOf } from './report-plan.js'
import { createResultRows } from './result-rows.js'
import { createReportQueries } from './report-queries.js'

/** Runs a compiled query (with the report timeout) and returns its rows; `stream` reads a long result in batches. */
export type QueryRunner = ((query: CompiledQuery) => Promise<Array<Record<string, unknown>>>) & {
  stream?: (query: CompiledQuery) => AsyncIterable<Array<Record<string, unknown>>>
  /** The time limit it runs each query under. */
  timeoutMs: number
}

type Cell = ResultRow['cells'][number]

/**
 * Turns a planned report into its result model: summary rows with subtotals rolled up in code from one GROUP BY at the
 * finest level, or detail rows with group headers and subtotals interleaved. The viewer shows a page of it; the
 * exports walk all of it; both get the same rows.
 */
export function createReportEngine(
  plan: ReportPlan,
  parameters: AppliedParameters,
  deps: { k: Kysely<Database>; dialect: Dialect; timeZone: string; run: QueryRunner },
) {
  const queries = createReportQueries(plan, parameters, deps.k, deps.dialect, deps.timeZone)
  const { measureSet, reader, label, groupFormat, groupWords, finish, dimensionsAt, subtotalRow, grandTotalRow, interleave } =
    createResultRows(plan)
  const { definition } = plan
  const summaryMode = definition.rows.mode === 'summary'
  const groupFields = plan.groups.map((group) => group.field.name)
  const dimensions = summaryMode ? [...groupFields, ...plan.extraDimensions.map((field) => field.name)] : groupFields
  // In a summary without other dimensions, the innermost group's rows are the summary rows themselves.
  const headerLevels = summaryMode && plan.extraDimensions.length === 0 ? Math.max(0, plan.groups.length - 1) : plan.groups.length

  // Drivers answer sums as numbers or numeric text; min and max of text or dates stay text.
  const numberOrNull = (value: unknown): number | string | null => {
    if (value === null || value === undefined) return null
    if (typeof value === 'number') return value
    const number = Number(value)
    return typeof value === 'string' && value.trim() !== '' && Number.isFinite(number) ? number : String(value)
  }
  const measuresOf = (row: Record<string, unknown>, measures: Measure[]): MeasureValues =>
    new Map(measures.map((measure) => [measure.id, numberOrNull(row[measure.id])]))

  // A query needs something to select: with no measure at all, the rows are counted (and the count goes unused).
  const measuresToRun = (): Measure[] =>
    measureSet.measures.length > 0 ? measureSet.measures : [{ id: 'rows', kind: 'count', sql: sql`count(*)` }]

  /** The groups' measures at every level, keyed by their values so far ('[]' is the grand total). */
  async function rollups(): Promise<Map<string, MeasureValues>> {
    const measures = measuresToRun()
    const finest = (await deps.run(queries.grouped(groupFields, measures))).map((row) => ({
      path: groupFields.map((_name, index) => (row[`d${index}`] ?? null) as FormulaValue),
      values: measuresOf(row, measures),
    }))
    return rollUpRows(finest, measures, groupFields.length)
  }

  /** Summary rows already hold every measure at the finest level: the groups above are rolled up from them. */
  function rollUpLeaves(leaves: Array<{ dims: Map<string, FormulaValue>; values: MeasureValues }>, measures: Measure[]) {
    const rows = leaves.map((leaf) => ({ path: groupFields.map((name) => leaf.dims.get(name) ?? null), values: leaf.values }))
    // With dimensions beyond the groups, the finest group is itself a roll-up (and its distinct counts need a query).
    return rollUpRows(rows, measures, plan.extraDimensions.length > 0 ? groupFields.length + 1 : groupFields.length)
  }

  async function rollUpRows(
    finest: Array<{ path: FormulaValue[]; values: MeasureValues }>,
    measures: Measure[],
    distinctLevels: number,
  ): Promise<Map<string, MeasureValues>> {
    const byKey = new Map<string, MeasureValues>()
    for (let level = groupFields.length; level >= 0; level -= 1) {
      const buckets = new Map<string, MeasureValues[]>()
      for (const row of finest) {
        const key = JSON.stringify(row.path.slice(0, level))
        const bucket = buckets.get(key)
        if (bucket) bucket.push(row.values)
        else buckets.set(key, [row.values])
      }
      for (const [key, children] of buckets)
        byKey.set(key, level === groupFields.length && children.length === 1 ? children[0]! : rollUp(measures, children))
    }
    // Distinct counts do not add up: each level is counted by its own query.
    const distinct = measures.filter((measure) => measure.kind === 'countDistinct')
    if (distinct.length > 0) {
      for (let level = 0; level < Math.min(distinctLevels, groupFields.length + 1); level += 1) {
        for (const row of await deps.run(queries.grouped(groupFields.slice(0, level), distinct))) {
          const key = JSON.stringify(groupFields.slice(0, level).map((_name, index) => (row[`d${index}`] ?? null) as FormulaValue))
          const values = byKey.get(key)
          if (values) for (const measure of distinct) values.set(measure.id, numberOrNull(row[measure.id]))
        }
      }
    }
    if (!byKey.has('[]')) byKey.set('[]', rollUp(measures, []))
    return byKey
  }

  function chartFrom(categories: Array<{ name: string; cells: Cell[] }>): ResultChart | null {
    if (!definition.chart) return null
    return {
      type: definition.chart.type,
      categoryLabel: plan.groups[0]?.label ?? plan.columns[0]?.label ?? '',
      categories: categories.map((category) => category.name),
      series: definition.chart.series.map((key) => {
        const index = plan.columns.findIndex((column) => column.key === key)
        return {
          key,
          name: plan.columns[index]!.label,
          values: categories.map((category) => (typeof category.cells[index] === 'number' ? (category.cells[index] as number) : null)),
        }
      }),
    }
  }

  // Summary rows

  /** Each rendered row with the summary rows it spans (first..last index), so a page can be cut by summary rows. */
  type Spanned = { row: ResultRow; first: number; last: number }

  async function summaryRows(): Promise<{ rows: ResultRow[]; spans: Spanned[]; chart: ResultChart | null; leaves: number }> {
    const measures = measuresToRun()
    const fetched = await deps.run(queries.grouped(dimensions, measures))
    if (fetched.length > REPORT_LIMITS.summaryRows) {
      throw new DefinitionError([
        `The summary has more than ${REPORT_LIMITS.summaryRows.toLocaleString('en-US')} rows: add a filter or group by fewer fields.`,
      ])
    }
    const leaves = fetched.map((row) => {
      const dims = new Map<string, FormulaValue>(dimensions.map((name, index) => [name, (row[`d${index}`] ?? null) as FormulaValue]))
      const values = measuresOf(row, measures)
      const cells = reader.cells(dims, values, true).map((cell, index) => normaliseCell(plan.columns[index]!, cell))
      return { dims, values, cells }
    })
    sortLeaves(leaves)
    const rolled = await rollUpLeaves(leaves, measures)
    const spans: Spanned[] = []
    const emit = (subset: typeof leaves, offset: number, level: number, path: FormulaValue[]) => {
      if (level >= headerLevels) {
        subset.forEach((leaf, index) =>
          spans.push({
            row: {
              ...finish({ kind: 'detail', level: headerLevels, label: null, cells: leaf.cells }),
              drill: Object.fromEntries(leaf.dims),
            },
            first: offset + index,
            last: offset + index,
          }),
        )
        return
      }
      let start = 0
      while (start < subset.length) {
        const value = subset[start]!.dims.get(groupFields[level]!) ?? null
        let end = start
        while (end < subset.length && (subset[end]!.dims.get(groupFields[level]!) ?? null) === value) end += 1
        const group = plan.groups[level]!
        const range = { first: offset + start, last: offset + end - 1 }
        spans.push({
          row: {
            kind: 'groupHeader',
            level,
            label: `${group.label}: ${label(value, groupFormat(level), groupWords(level))}`,
            cells: plan.columns.map(() => null),
            ...(group.pageBreakBefore && spans.length > 0 ? { pageBreakBefore: true } : {}),
            drill: Object.fromEntries([...path, value].map((at, index) => [groupFields[index]!, at])),
          },
          ...range,
        })
        emit(subset.slice(start, end), offset + start, level + 1, [...path, value])
        if (group.subtotal) spans.push({ row: subtotalRow([...path, value], rolled), first: range.last, last: range.last })
        start = end
      }
    }
    emit(leaves, 0, 0, [])
    if (definition.totals.grand) spans.push({ row: grandTotalRow(rolled), first: leaves.length - 1, last: leaves.length - 1 })
    const rows = spans.map((span) => span.row)
    const categories =
      plan.groups.length > 0
        ? [...new Set(leaves.map((leaf) => JSON.stringify(leaf.dims.get(groupFields[0]!) ?? null)))].map((key) => {
            const value = JSON.parse(key) as FormulaValue
            return {
              name: label(value, groupFormat(0), groupWords(0)),
              cells: reader.cells(dimensionsAt([value]), rolled.get(JSON.stringify([value])) ?? new Map(), false),
            }
          })
        : leaves.map((leaf) => ({ name: label(leaf.cells[0] as FormulaValue, plan.columns[0]?.format ?? null), cells: leaf.cells }))
    return { rows, spans, chart: chartFrom(categories), leaves: leaves.length }
  }

  /**
   * A page of summary rows (offset and limit count summary rows, as in detail mode), with the headers of the groups it
   * shows (repeated as continued when a group began on an earlier page), the subtotals that close on it, and the grand
   * total on the last page.
   */
  function summaryPage(spans: Spanned[], leaves: number, offset: number, limit: number): ResultRow[] {
    const end = offset + limit
    const rows: ResultRow[] = []
    for (const span of spans) {
      if (span.row.kind === 'groupHeader') {
        if (span.last < offset || span.first >= end) continue
        rows.push(span.first < offset ? { ...span.row, label: `${span.row.label} (continued)`, pageBreakBefore: false } : span.row)
      } else if (span.row.kind === 'grandTotal') {
        if (end >= leaves) rows.push(span.row)
      } else if (span.last >= offset && span.last < end) {
        rows.push(span.row)
      }
    }
    return rows
  }

  function sortLeaves(leaves: Array<{ dims: Map<string, FormulaValue>; cells: Cell[] }>) {
    const keyOrder = definition.sort.map((sort) => ({
      index: plan.columns.findIndex((column) => column.key === sort.key),
      group: groupFields.indexOf(sort.key),
      dir: sort.dir === 'desc' ? -1 : 1,
    }))
    const compare = (a: unknown, b: unknown) =>
      a === b ? 0 : a === null || a === undefined ? 1 : b === null || b === undefined ? -1 : (a as number) < (b as number) ? -1 : 1
    leaves.sort((a, b) => {
      for (const [index, name] of groupFields.entries()) {
        const dir = keyOrder.find((order) => order.group === index)?.dir ?? 1
        const result = compare(a.dims.get(name), b.dims.get(name)) * dir
        if (result !== 0) return result
      }
      for (const order of keyOrder) {
        if (order.index < 0) continue
        const result = compare(a.cells[order.index], b.cells[order.index]) * order.dir
        if (result !== 0) return result
      }
      for (const field of plan.extraDimensions) {
        const result = compare(a.dims.get(field.name), b.dims.get(field.name))
        if (result !== 0) return result
      }
      return 0
    })
  }

  async function detailChart(rolled: Map<string, MeasureValues>): Promise<ResultChart | null> {
    if (!definition.chart || plan.groups.length === 0) return null
    const firstLevel = [...rolled.keys()].map((key) => JSON.parse(key) as FormulaValue[]).filter((path) => path.length === 1)
    firstLevel.sort((a, b) => String(a[0]).localeCompare(String(b[0])))
    return chartFrom(
      firstLevel.map((path) => ({
        name: label(path[0]!, groupFormat(0), groupWords(0)),
        cells: reader.cells(dimensionsAt(path), rolled.get(JSON.stringify(path)) ?? new Map(), false),
      })),
    )
  }

  const needsRollups = () => plan.groups.length > 0 || definition.totals.grand

  return {
    /** One page of the result model. */
    async page(offset: number, limit: number, now: Date): Promise<Omit<ReportResult, 'timeZone'>> {
      const base = {
        title: definition.layout.title,
        subtitle: definition.layout.subtitle ?? null,
        parameters: parameters.display,
        columns: plan.columns.map((column) => ({ key: column.key, label: column.label, format: column.format, align: column.align })),
        generatedAt: now.toISOString(),
        layout: definition.layout,
      }
      if (summaryMode) {
        const { spans, chart, leaves } = await summaryRows()
        return {
          ...base,
          rows: summaryPage(spans, leaves, offset, limit),
          chart,
          page: { offset, limit, total: leaves, hasMore: offset + limit < leaves },
        }
      }
      const start = Math.max(0, offset - 1)
      // The count reads every matching row and takes most of a page's time, far more than the page itself, so the
      // page and the roll-ups are read beside it: on PostgreSQL each statement on a connection of its own; SQLite
      // reads them in turn.
      const [total, rolled, fetched] = await Promise.all([
        deps.run(queries.count()).then(([countRow]) => Number(countRow?.n ?? 0)),
        needsRollups() ? rollups() : new Map<string, MeasureValues>(),
        deps.run(queries.detailPage(start, limit + 1 + (offset - start))),
      ])
      const before = offset > 0 ? (fetched[0] ?? null) : null
      const records = fetched.slice(offset - start, offset - start + limit)
      const after = fetched[offset - start + limit] ?? null
      const rows = interleave(records, before, after, offset + records.length >= total, rolled, true)
      return { ...base, rows, chart: await detailChart(rolled), page: { offset, limit, total, hasMore: offset + limit < total } }
    },

    /**
     * What an export reads its rows from: a summary's rows themselves (there are few), or a detail result's query,
     * compiled, with the groups' measures, for the thread that reads and shapes its records (exports/report-rows.ts).
     */
    async exportSource(): Promise<ReportRowSource> {
      if (summaryMode) return { kind: 'rows', rows: (await summaryRows()).rows }
      const rolled = needsRollups() ? await rollups() : new Map<string, MeasureValues>()
      const query = queries.detailPage(null, null)
      return {
        kind: 'query',
        plan: shapingPlanOf(plan),
        query: { sql: query.sql, parameters: [...query.parameters] },
        rolled,
        timeoutMs: deps.run.timeoutMs,
      }
    },

    async chart(): Promise<ResultChart | null> {
      if (summaryMode) return (await summaryRows()).chart
      return needsRollups() ? detailChart(await rollups()) : null
    },
  }
}
export type ReportEngine = ReturnType<typeof createReportEngine>
