import { type RawBuilder, sql } from 'kysely'
import type { FormulaNode } from './formula-parser.js'

/**
 * A row-level formula as SQL over the dataset alias `ds`. Field names were checked against the catalogue before; numbers
 * are written as literals (they were parsed as numbers), text is a bound value. Division never fails on zero.
 */
export function formulaToSql(node: FormulaNode, column: (field: string) => RawBuilder<unknown>): RawBuilder<unknown> {
  const visit = (current: FormulaNode): RawBuilder<unknown> => {
    switch (current.kind) {
      case 'number':
        return sql.lit(current.value)
      case 'string':
        return sql`${current.value}`
      case 'field':
        return column(current.name)
      case 'negate':
        return sql`(-cast(${visit(current.operand)} as double precision))`
      case 'binary': {
        const left = visit(current.left)
        const right = visit(current.right)
        if (current.operator === '/') return sql`(cast(${left} as double precision) / nullif(${right}, 0))`
        // Comparisons keep their operands' types; arithmetic is done in double precision, where PostgreSQL's 32-bit
        // integers would overflow (and fail the query) and SQLite would have moved to floating point by itself.
        if (['+', '-', '*'].includes(current.operator))
          return sql`(cast(${left} as double precision) ${sql.raw(current.operator)} ${right})`
        return sql`(${left} ${sql.raw(current.operator)} ${right})`
      }
      case 'call': {
        const args = current.args.map(visit)
        switch (current.name) {
          case 'count':
            return args.length === 0 ? sql`count(*)` : sql`count(${args[0]})`
          case 'sum':
          case 'avg':
          case 'min':
          case 'max':
          case 'abs':
            return sql`${sql.raw(current.name)}(${args[0]})`
          case 'round':
            // PostgreSQL rounds to places only a numeric; SQLite takes the same cast.
            return sql`round(cast(${args[0]} as numeric), ${args[1] ?? sql.lit(0)})`
          case 'coalesce':
            return sql`coalesce(${sql.join(args)})`
          case 'nullif':
            return sql`nullif(${args[0]}, ${args[1]})`
          case 'if':
            return sql`(case when ${args[0]} then ${args[1]} else ${args[2]} end)`
        }
      }
    }
  }
  return visit(node)
}
