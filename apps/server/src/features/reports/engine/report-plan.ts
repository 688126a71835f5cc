import {
  type Aggregate,
  type Format,
  type ReportDefinition,
  type ReportFilter,
  type ReportParameter,
  ReportDefinitionSchema,
  columnKey,
} from '@platform/contracts/reports'
import { labelOf } from '@platform/contracts/labels'
import { reportsLabels } from '@platform/contracts/labels/reports'
import { type CatalogueDataset, type CatalogueField, aggregatesFor, isNumericType } from '../catalogue/dataset.js'
import { FormulaError, type FormulaNode, fieldsOf, isAggregateCall, parseFormula } from '../formula/formula-parser.js'

/** A definition that cannot run, with every problem named. */
export class DefinitionError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join(' '))
  }
}

export interface PlannedColumn {
  key: string
  label: string
  format: Format
  align: 'left' | 'right'
  field: CatalogueField | null
  agg: Aggregate | null
  calc: FormulaNode | null
}

export interface ReportPlan {
  definition: ReportDefinition
  dataset: CatalogueDataset
  fields: Map<string, CatalogueField>
  columns: PlannedColumn[]
  groups: Array<{ field: CatalogueField; label: string; subtotal: boolean; pageBreakBefore: boolean }>
  /** Summary: the fields rows are grouped by beyond the groups (columns showing a field without an aggregate). */
  extraDimensions: CatalogueField[]
  /** The district's zone: group labels that are times are read on its clock. */
  timeZone?: string
}

/**
 * A plan as it crosses to another thread: all of it but its dataset's queries, which are written in the server's
 * thread (they may hold what the person may see) and cross as compiled SQL.
 */
export type ShapingPlan = Omit<ReportPlan, 'dataset'> & { dataset: Omit<CatalogueDataset, 'source' | 'scoped'> }

export function shapingPlanOf(plan: ReportPlan): ShapingPlan {
  const { source: _source, scoped: _scoped, ...dataset } = plan.dataset
  return { ...plan, dataset }
}

const FORMAT_OF_TYPE: Record<CatalogueField['type'], Format> = {
  string: 'text',
  integer: 'integer',
  decimal: 'decimal',
  money: 'money',
  date: 'date',
  datetime: 'datetime',
  boolean: 'text',
}

function formatOf(field: CatalogueField, agg: Aggregate | null): Format {
  if (agg === 'count' || agg === 'countDistinct') return 'integer'
  if (agg === 'avg' && field.type === 'integer') return 'decimal'
  return FORMAT_OF_TYPE[field.type]
}

/**
 * Checks a definition against its dataset and prepares it to run: every name must be a field of the dataset, every
 * aggregate fit the field's type, every formula parse and use aggregates where the rows are summaries. Collects all
 * problems so the designer can show them together.
 */
export function planReport(raw: unknown, dataset: CatalogueDataset): ReportPlan {
  const parsed = ReportDefinitionSchema.safeParse(raw)
  if (!parsed.success) {
    throw new DefinitionError(parsed.error.issues.slice(0, 10).map((issue) => `${issue.path.join('.') || 'definition'}: ${issue.message}.`))
  }
  const definition = parsed.data
  const problems: string[] = []
  const fields = new Map(dataset.fields.map((field) => [field.name, field]))
  const fieldNamed = (name: string, where: string): CatalogueField | null => {
    const field = fields.get(name)
    if (!field) problems.push(`${where}: ${dataset.label} has no field '${name}'.`)
    return field ?? null
  }
  const summary = definition.rows.mode === 'summary'

  const calculations = new Map<string, FormulaNode>()
  for (const calc of definition.calculations) {
    try {
      const node = parseFormula(calc.expr)
      for (const name of fieldsOf(node)) fieldNamed(name, `Calculation '${calc.label}'`)
      checkFormula(node, summary, calc.label, fields, problems)
      calculations.set(calc.id, node)
    } catch (error) {
      if (!(error instanceof FormulaError)) throw error
      problems.push(`Calculation '${calc.label}': ${error.message}.`)
    }
  }

  const groups = definition.groups.flatMap((group, index) => {
    const field = fieldNamed(group.field, `Group ${index + 1}`)
    if (!field) return []
    if (field.groupable === false) problems.push(`Group ${index + 1}: '${field.label}' cannot be grouped by.`)
    return [{ field, label: group.label ?? field.label, subtotal: group.subtotal, pageBreakBefore: group.pageBreakBefore }]
  })

  const columns: PlannedColumn[] = []
  const extraDimensions: CatalogueField[] = []
  for (const [index, column] of definition.columns.entries()) {
    const where = `Column ${index + 1}`
    if (column.calc) {
      const node = calculations.get(column.calc)
      const calc = definition.calculations.find((candidate) => candidate.id === column.calc)
      if (!calc) {
        problems.push(`${where}: there is no calculation '${column.calc}'.`)
        continue
      }
      if (!node) continue
      columns.push({
        key: column.calc,
        label: column.label ?? calc.label,
        format: column.format ?? calc.format,
        align: 'right',
        field: null,
        agg: null,
        calc: node,
      })
      continue
    }
    const field = fieldNamed(column.field!, where)
    if (!field) continue
    const agg = column.agg ?? null
    if (agg && !aggregatesFor(field.type).includes(agg)) {
      problems.push(
        `${where}: ${aggregateWords(agg)} does not apply to '${field.label}' (${typeWords(field.type)}); it takes ${aggregatesFor(field.type).map(aggregateWords).join(', ')}.`,
      )
      continue
    }
    if (summary && !agg) {
      if (field.groupable === false) problems.push(`${where}: in a summary, '${field.label}' needs an aggregate such as sum or count.`)
      else if (!groups.some((group) => group.field.name === field.name)) extraDimensions.push(field)
    }
    const format = column.format ?? formatOf(field, agg)
    columns.push({
      key: columnKey(column),
      label: column.label ?? (agg ? `${aggLabel(agg)} ${field.label}` : field.label),
      format,
      align: isNumericType(field.type) || agg === 'count' || agg === 'countDistinct' ? 'right' : 'left',
      field,
      agg,
      calc: null,
    })
  }
  const keys = new Set(columns.map((column) => column.key))
  if (keys.size !== columns.length)
    problems.push('Two columns show the same thing; give each column its own field, aggregate or calculation.')

  for (const [index, filter] of definition.filters.entries()) checkFilter(filter, index, definition.parameters, fieldNamed, problems)
  for (const [index, parameter] of definition.parameters.entries()) {
    if (parameter.optionsFrom) fieldNamed(parameter.optionsFrom, `Parameter '${parameter.label}'`)
    checkNarrowing(parameter, definition.parameters.slice(0, index), fieldNamed, problems)
    if ((parameter.type === 'select' || parameter.type === 'multiSelect') && !parameter.options && !parameter.optionsFrom) {
      problems.push(`Parameter '${parameter.label}': a choice needs options or a field to take them from.`)
    }
  }
  const ids = new Set(definition.parameters.map((parameter) => parameter.id))
  if (ids.size !== definition.parameters.length) problems.push('Two parameters have the same id.')

  for (const sort of definition.sort) {
    if (!keys.has(sort.key) && !groups.some((group) => group.field.name === sort.key))
      problems.push(`Sort: '${sort.key}' is not a column or a group of the report.`)
  }
  for (const format of definition.conditionalFormats) {
    if (!keys.has(format.column)) problems.push(`Conditional format: '${format.column}' is not a column of the report.`)
  }
  if (definition.chart) {
    if (groups.length === 0 && !summary) problems.push('Chart: a chart needs a group (its categories) or summary rows.')
    for (const key of definition.chart.series) {
      const column = columns.find((candidate) => candidate.key === key)
      if (!column) problems.push(`Chart: '${key}' is not a column of the report.`)
      else if (column.align !== 'right') problems.push(`Chart: '${column.label}' is not a number.`)
    }
  }
  if (problems.length > 0) throw new DefinitionError(problems)
  return { definition, dataset, fields, columns, groups, extraDimensions }
}

const aggLabel = (agg: Aggregate) =>
  ({ sum: 'Total', avg: 'Average', min: 'Lowest', max: 'Highest', count: 'Count of', countDistinct: 'Distinct' })[agg]

function checkFormula(node: FormulaNode, summary: boolean, label: string, fields: Map<string, CatalogueField>, problems: string[]) {
  const before = problems.length
  const walk = (current: FormulaNode, insideAggregate: boolean) => {
    if (current.kind === 'field' && summary && !insideAggregate) {
      problems.push(`Calculation '${label}': in a summary, '${current.name}' must be inside an aggregate such as sum(${current.name}).`)
    }
    if (current.kind === 'call') {
      const aggregate = isAggregateCall(current)
      if (aggregate && !summary)
        problems.push(`Calculation '${label}': ${current.name}() works in summary rows only; detail rows are single records.`)
      if (aggregate && insideAggregate) problems.push(`Calculation '${label}': an aggregate cannot contain another one.`)
      const places = current.name === 'round' ? current.args[1] : undefined
      if (places && (places.kind !== 'number' || !Number.isInteger(places.value) || places.value > 10))
        problems.push(`Calculation '${label}': round() takes a number of places from 0 to 10, such as round(x, 2).`)
      for (const arg of current.args) walk(arg, insideAggregate || aggregate)
    }
    if (current.kind === 'negate') walk(current.operand, insideAggregate)
    if (current.kind === 'binary') {
      walk(current.left, insideAggregate)
      walk(current.right, insideAggregate)
    }
  }
  walk(node, false)
  if (problems.length === before) typeOf(node, label, fields, problems)
}

type ValueKind = 'number' | 'text' | 'truth' | 'unknown'
const KIND_WORDS: Record<ValueKind, string> = { number: 'a number', text: 'text', truth: 'a comparison', unknown: 'a value' }

/**
 * What a formula gives, checked the way PostgreSQL will: arithmetic on numbers, comparisons of like with like, if() on a
 * comparison. SQLite would let a mismatch through and PostgreSQL would refuse it, so both are held to the stricter rule.
 */
function typeOf(node: FormulaNode, label: string, fields: Map<string, CatalogueField>, problems: string[]): ValueKind {
  const refuse = (text: string): ValueKind => {
    problems.push(`Calculation '${label}': ${text}.`)
    return 'unknown'
  }
  const kindOf = (current: FormulaNode) => typeOf(current, label, fields, problems)
  const describe = (current: FormulaNode, kind: ValueKind) => {
    if (current.kind === 'string') return `the text '${current.value}'`
    const field = current.kind === 'field' ? fields.get(current.name) : undefined
    return field ? `'${field.label}' (${typeWords(field.type)})` : KIND_WORDS[kind]
  }
  const expect = (current: FormulaNode, wanted: ValueKind, where: string): boolean => {
    const kind = kindOf(current)
    if (kind === 'unknown' || kind === wanted) return true
    refuse(`${where} needs ${KIND_WORDS[wanted]}, not ${describe(current, kind)}`)
    return false
  }
  const same = (nodes: FormulaNode[], where: string): ValueKind => {
    const kinds = nodes.map(kindOf)
    const known = kinds.filter((kind) => kind !== 'unknown')
    if (known.some((kind) => kind !== known[0]))
      return refuse(`${where} mixes ${[...new Set(known)].map((kind) => KIND_WORDS[kind]).join(' and ')}`)
    return known[0] ?? 'unknown'
  }
  switch (node.kind) {
    case 'number':
      return 'number'
    case 'string':
      return 'text'
    case 'field': {
      const field = fields.get(node.name)
      if (!field) return 'unknown'
      // Booleans are stored as 0 and 1.
      return isNumericType(field.type) || field.type === 'boolean' ? 'number' : 'text'
    }
    case 'negate':
      expect(node.operand, 'number', "'-'")
      return 'number'
    case 'binary': {
      if (['+', '-', '*', '/'].includes(node.operator)) {
        for (const side of [node.left, node.right]) {
          const kind = kindOf(side)
          if (kind === 'number' || kind === 'unknown') continue
          const field = side.kind === 'field' ? fields.get(side.name) : undefined
          if (side.kind === 'string') refuse(`'${node.operator}' needs numbers, not the text '${side.value}'`)
          else if (field) refuse(`'${node.operator}' needs numbers, but '${field.label}' is ${typeWords(field.type)}`)
          else refuse(`'${node.operator}' needs numbers, not ${KIND_WORDS[kind]}`)
        }
        return 'number'
      }
      const kind = same([node.left, node.right], `'${node.operator}'`)
      if (kind === 'truth') refuse(`'${node.operator}' cannot compare comparisons; use if()`)
      return 'truth'
    }
    case 'call':
      switch (node.name) {
        case 'count':
          node.args.forEach(kindOf)
          return 'number'
        case 'sum':
        case 'avg':
        case 'abs':
        case 'round':
          node.args.forEach((arg) => expect(arg, 'number', `${node.name}()`))
          return 'number'
        case 'min':
        case 'max': {
          const kind = kindOf(node.args[0]!)
          return kind === 'truth' ? refuse(`${node.name}() needs a number or text, not a comparison`) : kind
        }
        case 'coalesce':
        case 'nullif':
          return same(node.args, `${node.name}()`)
        case 'if':
          expect(node.args[0]!, 'truth', 'The first argument of if()')
          return same(node.args.slice(1), 'if()')
      }
  }
}

/** A parameter's choices are narrowed by parameters before it, each through a field that can be filtered on. */
function checkNarrowing(
  parameter: ReportParameter,
  earlier: ReportParameter[],
  fieldNamed: (name: string, where: string) => CatalogueField | null,
  problems: string[],
) {
  const where = `Parameter '${parameter.label}'`
  if (!parameter.filteredBy?.length) return
  if (!parameter.optionsFrom) problems.push(`${where}: only choices taken from a field can be narrowed by other parameters.`)
  for (const narrow of parameter.filteredBy) {
    const by = earlier.find((candidate) => candidate.id === narrow.param)
    if (!by) problems.push(`${where}: its choices can be narrowed only by a parameter before it, and '${narrow.param}' is not one.`)
    const field = fieldNamed(narrow.field, where)
    if (field && field.filterable === false) problems.push(`${where}: '${field.label}' cannot be filtered on.`)
  }
}

function checkFilter(
  filter: ReportFilter,
  index: number,
  parameters: ReportParameter[],
  fieldNamed: (name: string, where: string) => CatalogueField | null,
  problems: string[],
) {
  const where = `Filter ${index + 1}`
  const field = fieldNamed(filter.field, where)
  if (!field) return
  if (field.filterable === false) problems.push(`${where}: '${field.label}' cannot be filtered on.`)
  if ((filter.op === 'contains' || filter.op === 'startsWith') && field.type !== 'string')
    problems.push(`${where}: '${opWords(filter.op)}' works on text, and '${field.label}' is ${typeWords(field.type)}.`)
  const values = Array.isArray(filter.value) ? filter.value : filter.value === undefined ? [] : [filter.value]
  for (const value of values) {
    if (value && typeof value === 'object' && !parameters.some((parameter) => parameter.id === value.param))
      problems.push(`${where}: there is no parameter '${value.param}'.`)
  }
  const needsNone = filter.op === 'isNull' || filter.op === 'isNotNull'
  if (!needsNone && filter.value === undefined) problems.push(`${where}: '${opWords(filter.op)}' needs a value.`)
  if (filter.op === 'between' && !(Array.isArray(filter.value) && filter.value.length === 2))
    problems.push(`${where}: 'is between' needs two values, the lowest and the highest.`)
}

/* Codes in the words people read in these messages: 'whole number', not 'integer'; 'count distinct', not 'countDistinct'. */
const typeWords = (type: string) => labelOf(reportsLabels.fieldType, type).toLowerCase()
const aggregateWords = (agg: string) => labelOf(reportsLabels.aggregate, agg).toLowerCase()
const opWords = (op: string) => labelOf(reportsLabels.filterOp, op)
