import type { Drill, ReportColumn, ReportDefinition, ReportFilter } from '@platform/contracts/reports'
import { DefinitionError, type ReportPlan } from './report-plan.js'

/**
 * The report of the detail rows behind one group of a grouped or summary report: the same dataset, parameters and
 * filters, plus one filter per group field holding the chosen row's value. The values arrive from the viewer, so each
 * must name a field the report groups by; they are bound as values like any filter's, never written into the SQL.
 */
export function drillDefinition(plan: ReportPlan, drill: Drill): ReportDefinition {
  const { definition } = plan
  const summary = definition.rows.mode === 'summary'
  const groupFields = plan.groups.map((group) => group.field.name)
  const drillable = summary ? [...groupFields, ...plan.extraDimensions.map((field) => field.name)] : groupFields
  if (drillable.length === 0) throw new DefinitionError(['This report has no groups: its rows are already the detail rows.'])
  for (const name of Object.keys(drill)) {
    if (!drillable.includes(name)) {
      const field = plan.fields.get(name)
      throw new DefinitionError([
        `This report is not grouped by ${field ? `'${field.label}'` : 'that field'}, so its rows cannot be opened by it.`,
      ])
    }
  }
  const filters: ReportFilter[] = Object.entries(drill).map(([field, value]) =>
    value === null ? { field, op: 'isNull', ignoreIfEmpty: false } : { field, op: 'eq', value, ignoreIfEmpty: false },
  )
  const columns: ReportColumn[] = summary ? summaryDetailColumns(plan, groupFields) : definition.columns
  const keys = new Set(columns.map((column) => column.calc ?? (column.agg ? `${column.agg}_${column.field}` : column.field)))
  const words = Object.entries(drill).map(([name, value]) => {
    const field = plan.fields.get(name)!
    const shown = value === null ? '(none)' : (field.labels?.[String(value)] ?? String(value))
    return `${plan.groups.find((group) => group.field.name === name)?.label ?? field.label}: ${shown}`
  })
  return {
    ...definition,
    rows: { mode: 'detail' },
    groups: [],
    filters: [...definition.filters, ...filters],
    calculations: summary ? [] : definition.calculations,
    columns,
    sort: definition.sort.filter((sort) => keys.has(sort.key)),
    conditionalFormats: definition.conditionalFormats.filter((format) => keys.has(format.column)),
    chart: null,
    layout: { ...definition.layout, subtitle: words.join(' · ') },
  }
}

/**
 * A summary's rows are made of records: they show the group fields the summary does not show as columns, then the
 * summary's field columns, whose aggregates now total the records (a calculation over aggregates has no value per record).
 */
function summaryDetailColumns(plan: ReportPlan, groupFields: string[]): ReportColumn[] {
  const shown = plan.definition.columns.filter((column) => column.field !== undefined)
  const missing = groupFields.filter((field) => !shown.some((column) => column.field === field && !column.agg))
  return [...missing.map((field) => ({ field })), ...shown]
}
