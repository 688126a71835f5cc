import type { RawBuilder } from 'kysely'
import { sql } from 'kysely'
import type { Aggregate } from '@platform/contracts/reports'
import type { FormulaNode } from '../formula/formula-parser.js'
import { formulaToSql } from '../formula/formula-sql.js'

/** What SQL adds up per finest group; every higher level is rolled up from these in code (SQLite has no ROLLUP). */
export type MeasureKind = 'sum' | 'count' | 'min' | 'max' | 'countDistinct'

export interface Measure {
  id: string
  kind: MeasureKind
  sql: RawBuilder<unknown>
}

/** The measures a report needs, each once. */
export function createMeasureSet(column: (field: string) => RawBuilder<unknown>) {
  const measures: Measure[] = []
  const bySignature = new Map<string, string>()

  function add(kind: MeasureKind, argument: RawBuilder<unknown> | null, signature: string): string {
    const key = `${kind}:${signature}`
    const existing = bySignature.get(key)
    if (existing) return existing
    const id = `m${measures.length}`
    const expression =
      kind === 'count'
        ? argument
          ? sql`count(${argument})`
          : sql`count(*)`
        : kind === 'countDistinct'
          ? sql`count(distinct ${argument})`
          : sql`${sql.raw(kind)}(${argument})`
    measures.push({ id, kind, sql: expression })
    bySignature.set(key, id)
    return id
  }

  /** The measures behind an aggregate of a field: avg is a sum and a count. */
  function forAggregate(agg: Aggregate, field: string): { kind: Aggregate; ids: string[] } {
    const argument = column(field)
    if (agg === 'avg') return { kind: agg, ids: [add('sum', argument, field), add('count', argument, field)] }
    return { kind: agg, ids: [add(agg, argument, field)] }
  }

  /** The measures behind an aggregate call in a formula, e.g. sum(cost * 1.1). */
  function forCall(node: Extract<FormulaNode, { kind: 'call' }>): { kind: Aggregate; ids: string[] } {
    const argNode = node.args[0]
    const argument = argNode ? formulaToSql(argNode, column) : null
    const signature = JSON.stringify(argNode ?? null)
    if (node.name === 'avg') return { kind: 'avg', ids: [add('sum', argument, signature), add('count', argument, signature)] }
    return { kind: node.name as Aggregate, ids: [add(node.name as MeasureKind, argument, signature)] }
  }

  return { measures, forAggregate, forCall }
}
export type MeasureSet = ReturnType<typeof createMeasureSet>

export type MeasureValue = number | string | null
export type MeasureValues = Map<string, MeasureValue>

/** Rolls the measures of several groups up into their parent's. countDistinct cannot be, and is filled separately. */
export function rollUp(measures: Measure[], children: MeasureValues[]): MeasureValues {
  const total: MeasureValues = new Map()
  for (const measure of measures) {
    let value = null as MeasureValue
    for (const child of children) {
      const next = child.get(measure.id) ?? null
      if (next === null) continue
      if (value === null) value = next
      else if (measure.kind === 'sum' || measure.kind === 'count') value = Number(value) + Number(next)
      // min and max also apply to text and dates, which compare as they are stored (ISO dates sort as text).
      else if (measure.kind === 'min') value = next < value ? next : value
      else if (measure.kind === 'max') value = next > value ? next : value
    }
    if (measure.kind === 'count' && value === null) value = 0
    total.set(measure.id, measure.kind === 'countDistinct' ? null : value)
  }
  return total
}

/** An aggregate's value from its measures (avg from its sum and count). */
export function aggregateValue(kind: Aggregate, ids: string[], values: MeasureValues): MeasureValue {
  if (kind === 'avg') {
    const sum = values.get(ids[0]!) ?? null
    const count = values.get(ids[1]!) ?? null
    return sum === null || !count ? null : Number(sum) / Number(count)
  }
  return values.get(ids[0]!) ?? null
}
