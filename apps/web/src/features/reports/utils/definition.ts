import { reportsLabels } from '@platform/contracts/labels/reports'
import {
  columnKey,
  REPORT_SCHEMA_VERSION,
  type Aggregate,
  type Dataset,
  type DatasetField,
  type FieldType,
  type ReportColumn,
  type ReportDefinition,
} from '@platform/contracts/reports'

/*
 * Pure helpers behind the designer's forms. The draft is always a complete ReportDefinition (every default filled
 * in), so each tab edits plain arrays and objects and the live preview can send the draft as it stands.
 */

const IDENTIFIER = /^[a-z][a-z0-9_]{0,62}$/

/** Ids of parameters and calculations: lower-case letters, digits and _, starting with a letter (as the contract says). */
export const isIdentifier = (text: string) => IDENTIFIER.test(text)

export function newDefinition(dataset = ''): ReportDefinition {
  return {
    schemaVersion: REPORT_SCHEMA_VERSION,
    dataset,
    parameters: [],
    filters: [],
    calculations: [],
    rows: { mode: 'detail' },
    groups: [],
    columns: [],
    sort: [],
    totals: { grand: true, label: 'Total' },
    conditionalFormats: [],
    chart: null,
    layout: { title: '', orientation: 'portrait', pageSize: 'Letter', showParameters: true, footer: { pageNumbers: true, runAt: true } },
  }
}

/** The first of prefix_1, prefix_2 … that is not taken. */
export function nextId(prefix: string, taken: Iterable<string>): string {
  const used = new Set(taken)
  let n = 1
  while (used.has(`${prefix}_${n}`)) n += 1
  return `${prefix}_${n}`
}

export function moveItem<T>(list: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta
  if (index < 0 || index >= list.length || target < 0 || target >= list.length) return [...list]
  const next = [...list]
  const [item] = next.splice(index, 1)
  next.splice(target, 0, item!)
  return next
}

export function replaceItem<T>(list: readonly T[], index: number, item: T): T[] {
  return list.map((current, i) => (i === index ? item : current))
}

export function removeItem<T>(list: readonly T[], index: number): T[] {
  return list.filter((_, i) => i !== index)
}

export const isNumericFieldType = (type: FieldType) => type === 'integer' || type === 'decimal' || type === 'money'

export function fieldMap(dataset: Dataset | undefined): Map<string, DatasetField> {
  return new Map((dataset?.fields ?? []).map((field) => [field.name, field]))
}

/**
 * Another dataset: everything that names its fields (filters, calculations, columns, groups, sorts, formats, chart) is
 * cleared, since field names rarely carry over; parameters, totals and page setup stay.
 */
export function withDataset(definition: ReportDefinition, dataset: Dataset): ReportDefinition {
  if (definition.dataset === dataset.id) return definition
  const fields = fieldMap(dataset)
  return {
    ...newDefinition(dataset.id),
    parameters: definition.parameters.map((parameter) =>
      parameter.optionsFrom && !fields.has(parameter.optionsFrom) ? { ...parameter, optionsFrom: undefined } : parameter,
    ),
    rows: definition.rows,
    totals: definition.totals,
    layout: definition.layout,
  }
}

/** What the server calls an aggregate in a column's default label (report-plan.ts). */
export const AGGREGATE_LABELS: Record<Aggregate, string> = {
  sum: 'Total',
  avg: 'Average',
  min: 'Lowest',
  max: 'Highest',
  count: 'Count of',
  countDistinct: 'Distinct',
}
export const AGGREGATE_NAMES: Record<Aggregate, string> = reportsLabels.aggregate

/** The heading a column gets when it has no label of its own, worded as the server words it. */
export function defaultColumnLabel(column: ReportColumn, definition: ReportDefinition, dataset: Dataset | undefined): string {
  if (column.calc) return definition.calculations.find((calc) => calc.id === column.calc)?.label ?? column.calc
  const field = fieldMap(dataset).get(column.field ?? '')
  const label = field?.label ?? column.field ?? ''
  return column.agg ? `${AGGREGATE_LABELS[column.agg]} ${label}` : label
}

export interface ColumnChoice {
  /** The name sorts, conditional formats and charts use (columnKey). */
  key: string
  label: string
  /** A number on screen: what a chart can draw. */
  numeric: boolean
}

/** The report's columns as the other tabs refer to them. */
export function columnChoices(definition: ReportDefinition, dataset: Dataset | undefined): ColumnChoice[] {
  const fields = fieldMap(dataset)
  return definition.columns
    .filter((column) => Boolean(column.field) !== Boolean(column.calc))
    .map((column) => {
      const field = column.field ? fields.get(column.field) : undefined
      const numeric =
        Boolean(column.calc) || column.agg === 'count' || column.agg === 'countDistinct' || (field ? isNumericFieldType(field.type) : false)
      return { key: columnKey(column), label: column.label || defaultColumnLabel(column, definition, dataset), numeric }
    })
}

/**
 * Drops what points at a column or group that is gone (sorts, conditional formats, chart series), so no tab holds a
 * choice it cannot show. Runs after every edit of columns, groups or calculations.
 */
export function pruneDanglingKeys(definition: ReportDefinition, dataset: Dataset | undefined): ReportDefinition {
  const choices = columnChoices(definition, dataset)
  const keys = new Set(choices.map((choice) => choice.key))
  const numeric = new Set(choices.filter((choice) => choice.numeric).map((choice) => choice.key))
  const groupFields = new Set(definition.groups.map((group) => group.field))
  return {
    ...definition,
    sort: definition.sort.filter((sort) => keys.has(sort.key) || groupFields.has(sort.key)),
    conditionalFormats: definition.conditionalFormats.filter((format) => keys.has(format.column)),
    chart: definition.chart ? { ...definition.chart, series: definition.chart.series.filter((key) => numeric.has(key)) } : null,
  }
}

/** Removes a calculation and the columns that show it. */
export function removeCalculation(definition: ReportDefinition, index: number, dataset: Dataset | undefined): ReportDefinition {
  const id = definition.calculations[index]?.id
  return pruneDanglingKeys(
    {
      ...definition,
      calculations: removeItem(definition.calculations, index),
      columns: definition.columns.filter((column) => !id || column.calc !== id),
    },
    dataset,
  )
}

/** A select's value for a column's source: 'field:cost' or 'calc:variance'. */
export function columnSource(column: ReportColumn): string {
  return column.calc ? `calc:${column.calc}` : `field:${column.field ?? ''}`
}

/** The column with a new source; the aggregate stays only where the new field takes it. */
export function withColumnSource(column: ReportColumn, source: string, dataset: Dataset | undefined): ReportColumn {
  const [kind, name = ''] = source.split(/:(.*)/s)
  if (kind === 'calc') return { calc: name, label: column.label, format: column.format }
  const field = fieldMap(dataset).get(name)
  const agg = column.agg && field?.aggregates.includes(column.agg) ? column.agg : undefined
  return { field: name, agg, label: column.label, format: column.format }
}

/** Whether the draft is complete enough for the server to run it. */
export function canPreview(definition: ReportDefinition): boolean {
  return definition.dataset !== '' && definition.columns.length > 0
}

const blankToUndefined = (text: string | undefined) => (text && text.trim() ? text.trim() : undefined)

/**
 * The draft as it is sent: optional texts left blank are left out, choice lists lose their blank lines, so the server
 * judges what the person meant rather than a half-typed form.
 */
export function toSubmittable(definition: ReportDefinition): ReportDefinition {
  return {
    ...definition,
    parameters: definition.parameters.map((parameter) => {
      const choice = parameter.type === 'select' || parameter.type === 'multiSelect'
      const options = parameter.options?.map((option) => option.trim()).filter(Boolean)
      return {
        ...parameter,
        label: parameter.label.trim(),
        options: choice && !parameter.optionsFrom && options?.length ? options : undefined,
        optionsFrom: choice ? parameter.optionsFrom || undefined : undefined,
      }
    }),
    calculations: definition.calculations.map((calc) => ({ ...calc, label: calc.label.trim(), expr: calc.expr.trim() })),
    columns: definition.columns.map((column) => ({ ...column, label: blankToUndefined(column.label) })),
    groups: definition.groups.map((group) => ({ ...group, label: blankToUndefined(group.label) })),
    conditionalFormats: definition.conditionalFormats.map((format) => ({
      ...format,
      style: {
        color: blankToUndefined(format.style.color),
        background: blankToUndefined(format.style.background),
        bold: format.style.bold || undefined,
      },
    })),
    layout: {
      ...definition.layout,
      subtitle: blankToUndefined(definition.layout.subtitle),
      footer: { ...definition.layout.footer, text: blankToUndefined(definition.layout.footer.text) },
    },
  }
}

/** A parameter's new id, carried into the filters that use it. */
export function renameParameter(definition: ReportDefinition, from: string, to: string): ReportDefinition {
  const rename = <T>(value: T): T =>
    value !== null && typeof value === 'object' && !Array.isArray(value) && 'param' in value && value.param === from
      ? ({ param: to } as T)
      : value
  return {
    ...definition,
    // The parameters it narrows keep following it.
    parameters: definition.parameters.map((parameter) => ({
      ...parameter,
      ...(parameter.id === from ? { id: to } : {}),
      ...(parameter.filteredBy
        ? { filteredBy: parameter.filteredBy.map((narrow) => (narrow.param === from ? { ...narrow, param: to } : narrow)) }
        : {}),
    })),
    filters: definition.filters.map((filter) => ({
      ...filter,
      value: Array.isArray(filter.value) ? filter.value.map(rename) : rename(filter.value),
    })),
  }
}

/** A calculation's new id, carried into the columns that show it (their sorts, formats and series follow the key). */
export function renameCalculation(definition: ReportDefinition, from: string, to: string): ReportDefinition {
  const key = (name: string) => (name === from ? to : name)
  return {
    ...definition,
    calculations: definition.calculations.map((calc) => (calc.id === from ? { ...calc, id: to } : calc)),
    columns: definition.columns.map((column) => (column.calc === from ? { ...column, calc: to } : column)),
    sort: definition.sort.map((sort) => ({ ...sort, key: key(sort.key) })),
    conditionalFormats: definition.conditionalFormats.map((format) => ({ ...format, column: key(format.column) })),
    chart: definition.chart ? { ...definition.chart, series: definition.chart.series.map(key) } : null,
  }
}

/** Select data that always holds the current value, so a stale name shows as itself instead of as the first choice. */
export function withCurrent<T extends { value: string; label: string }>(
  data: T[],
  value: string,
  missingLabel: (value: string) => string,
): Array<T | { value: string; label: string }> {
  if (value === '' || data.some((item) => item.value === value)) return data
  return [{ value, label: missingLabel(value) }, ...data]
}
