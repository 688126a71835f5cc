import type { Compilable, CompiledQuery, Kysely } from 'kysely'
import type { Database } from './schema.js'

const marker = (index: number) => `\u0000param:${index}\u0000`

/**
 * A query compiled to SQL once, run many times with new parameter values. Building and compiling a Kysely query
 * costs more than running a small one, which matters only for the few queries on every call's path
 * (the session check, the menu). `build` receives placeholders standing for the run-time values.
 */
export function precompile<Row, Args extends unknown[]>(
  db: Kysely<Database>,
  build: (...placeholders: string[]) => Compilable<Row>,
  arity: number,
) {
  let compiled: CompiledQuery<Row> | undefined
  return async (...args: Args): Promise<Row[]> => {
    compiled ??= build(...Array.from({ length: arity }, (_, i) => marker(i))).compile()
    const parameters = compiled.parameters.map((value) => {
      if (typeof value !== 'string' || !value.startsWith('\u0000param:')) return value
      return args[Number(value.slice(7, -1))]
    })
    const result = await db.executeQuery<Row>({ ...compiled, parameters })
    return result.rows
  }
}
