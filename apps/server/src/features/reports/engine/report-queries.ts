import { MAX_ID } from '@platform/contracts/input'
import { type CompiledQuery, type Kysely, type RawBuilder, type SelectQueryBuilder, sql } from 'kysely'
import type { Dialect } from '../../../db/database.js'
import type { Database } from '../../../db/schema.js'
import { formulaToSql } from '../formula/formula-sql.js'
import type { AppliedParameters, ParameterValue } from './parameters.js'
import type { Measure } from './measures.js'
import type { PlannedColumn, ReportPlan } from './report-plan.js'

/** The dataset's column `name` in report queries. Names reach here only after planReport checked them. */
export const columnOf = (name: string): RawBuilder<unknown> => sql.ref(`ds.${name}`)

type Query = SelectQueryBuilder<Database & { ds: Record<string, unknown> }, 'ds', Record<string, unknown>>

/** SQL for a report: the dataset as subquery `ds`, its filters, and the detail, count and grouped queries. */
export function createReportQueries(
  plan: ReportPlan,
  parameters: AppliedParameters,
  k: Kysely<Database>,
  dialect: Dialect,
  /** The district's zone: a dataset's days and weeks of a stored time are the district's. */
  timeZone: string,
) {
  const source = plan.dataset.source(k, dialect, timeZone)
  const from = () =>
    ('as' in source && typeof source.as === 'function'
      ? k.selectFrom((source as SelectQueryBuilder<Database, never, Record<string, unknown>>).as('ds'))
      : k.selectFrom(sql`(${source})`.as('ds'))) as unknown as Query

  const resolve = (value: unknown): ParameterValue | undefined => {
    if (value && typeof value === 'object' && !Array.isArray(value) && 'param' in value)
      return parameters.values.get((value as { param: string }).param) ?? null
    return value as ParameterValue
  }
  // A whole number a 32-bit column can hold is bound as it is (so an index still serves); any other number is compared
  // as numeric, which PostgreSQL can do with every column type, rather than failing to fit the column's own type.
  const bound = (value: string | number | boolean | null) =>
    typeof value === 'number' && !(Number.isInteger(value) && Math.abs(value) <= MAX_ID) ? sql`cast(${value} as numeric)` : value
  const isEmpty = (value: unknown) => value === null || value === undefined || value === '' || (Array.isArray(value) && value.length === 0)

  function filtered(): Query {
    let query = from()
    for (const filter of plan.definition.filters) {
      const column = columnOf(filter.field)
      const raw = Array.isArray(filter.value) ? filter.value.map(resolve) : resolve(filter.value)
      const field = plan.fields.get(filter.field)!
      // Values take the field's type: a year typed as 2024 matches the text '2024', and PostgreSQL compares like with like.
      const asFieldType = (value: string | number | boolean | null) =>
        value === null
          ? null
          : field.type === 'integer' || field.type === 'decimal' || field.type === 'money'
            ? Number(value)
            : typeof value === 'boolean'
              ? value
              : String(value)
      const values = (Array.isArray(raw) ? raw.flat() : [raw])
        .filter((value) => value !== undefined)
        .map((value) => bound(asFieldType(value as string | number | boolean | null)))
      if (filter.ignoreIfEmpty && (isEmpty(raw) || (Array.isArray(raw) && raw.every(isEmpty)))) continue
      const first = values[0] ?? null
      const text = (value: unknown) => (value === null || typeof value === 'object' ? '' : String(value))
      const like = (pattern: string) => sql<boolean>`lower(${column}) like ${pattern} escape '\\'`
      const escaped = text(first)
        .toLowerCase()
        .replace(/[\\%_]/g, (char) => `\\${char}`)
      const condition: RawBuilder<boolean> = (() => {
        switch (filter.op) {
          case 'eq':
            return first === null ? sql<boolean>`${column} is null` : sql<boolean>`${column} = ${first}`
          case 'ne':
            return first === null ? sql<boolean>`${column} is not null` : sql<boolean>`(${column} <> ${first} or ${column} is null)`
          case 'lt':
            return sql<boolean>`${column} < ${first}`
          case 'lte':
            return sql<boolean>`${column} <= ${first}`
          case 'gt':
            return sql<boolean>`${column} > ${first}`
          case 'gte':
            return sql<boolean>`${column} >= ${first}`
          case 'between':
            return sql<boolean>`${column} between ${values[0] ?? null} and ${values[1] ?? null}`
          case 'in':
            return values.length === 0 ? sql<boolean>`1 = 0` : sql<boolean>`${column} in (${sql.join(values)})`
          case 'notIn':
            return values.length === 0 ? sql<boolean>`1 = 1` : sql<boolean>`(${column} not in (${sql.join(values)}) or ${column} is null)`
          case 'contains':
            return like(`%${escaped}%`)
          case 'startsWith':
            return like(`${escaped}%`)
          case 'isNull':
            return sql<boolean>`${column} is null`
          case 'isNotNull':
            return sql<boolean>`${column} is not null`
        }
      })()
      query = query.where(condition)
    }
    return query
  }

  const expressionOf = (column: PlannedColumn): RawBuilder<unknown> =>
    column.calc ? formulaToSql(column.calc, columnOf) : columnOf(column.field!.name)
  const groupAlias = (index: number) => `g${index}`

  /** Detail rows in report order: groups, then the sort, then the dataset's key (pages never overlap); all of them without a limit. */
  function detailPage(offset: number | null, limit: number | null): CompiledQuery {
    let query = filtered().select(plan.columns.map((column) => expressionOf(column).as(column.key)))
    query = query.select(plan.groups.map((group, index) => columnOf(group.field.name).as(groupAlias(index))))
    for (const group of plan.groups) query = query.orderBy(columnOf(group.field.name), ascendingFor(plan, group.field.name))
    for (const sort of plan.definition.sort) {
      const column = plan.columns.find((candidate) => candidate.key === sort.key)
      if (column) query = query.orderBy(expressionOf(column), sort.dir)
    }
    const ordered = query.orderBy(columnOf(plan.dataset.key))
    return limit === null
      ? ordered.compile()
      : ordered
          .limit(limit)
          .offset(offset ?? 0)
          .compile()
  }

  const count = (): CompiledQuery =>
    filtered()
      .select(sql<number>`count(*)`.as('n'))
      .compile()

  /** One row per combination of `dimensions`, with every measure. */
  function grouped(dimensions: string[], measures: Measure[]): CompiledQuery {
    const query = filtered()
      .select(dimensions.map((name, index) => columnOf(name).as(`d${index}`)))
      .select(measures.map((measure) => measure.sql.as(measure.id)))
    // On SQLite, '+column' keeps the planner from walking an index in group order with a table lookup per row, which
    // is slower over a large table than reading it once and sorting the groups.
    const keys = dimensions.map((name) => (dialect === 'sqlite' ? sql`+${columnOf(name)}` : columnOf(name)))
    return (dimensions.length > 0 ? query.groupBy(keys) : query).compile()
  }

  /**
   * The distinct values of a field (a parameter's choices), among the rows whose `narrowing` fields hold one of the
   * values given (the earlier parameters' values); `among`: only these values, to check ones that were sent.
   */
  const distinct = (
    field: string,
    limit: number,
    narrowing: Array<{ field: string; values: Array<string | number | boolean> }> = [],
    among?: Array<string | number | boolean>,
  ): CompiledQuery => {
    const typed = (name: string, value: string | number | boolean) => {
      const type = plan.fields.get(name)?.type
      return bound(
        type === 'integer' || type === 'decimal' || type === 'money' ? Number(value) : typeof value === 'boolean' ? value : String(value),
      )
    }
    let query = from().select(columnOf(field).as('value')).where(columnOf(field), 'is not', null)
    for (const narrow of narrowing)
      query = query.where(
        sql<boolean>`${columnOf(narrow.field)} in (${sql.join(narrow.values.map((value) => typed(narrow.field, value)))})`,
      )
    if (among) query = query.where(sql<boolean>`${columnOf(field)} in (${sql.join(among.map((value) => typed(field, value)))})`)
    return query.groupBy(columnOf(field)).orderBy(columnOf(field)).limit(limit).compile()
  }

  return { detailPage, count, grouped, distinct }
}
export type ReportQueries = ReturnType<typeof createReportQueries>

function ascendingFor(plan: ReportPlan, field: string): 'asc' | 'desc' {
  return plan.definition.sort.find((sort) => sort.key === field)?.dir ?? 'asc'
}
