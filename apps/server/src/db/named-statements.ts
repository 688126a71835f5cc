import type pg from 'pg'

/**
 * At most this many statements are named: a bound on what each PostgreSQL connection keeps prepared, should a marked
 * query's text ever vary more than its few filters make it (past the bound, a statement runs unnamed, as any other).
 */
const MAX_NAMED_STATEMENTS = 200

/**
 * Named prepared statements on PostgreSQL, for the queries marked through `Db.executePrepared`. A connection parses
 * and plans such a statement the first time it runs it and keeps it; after five runs PostgreSQL keeps one generic
 * plan when that costs no more than planning each run. Planning was half of PostgreSQL's work for the searched user
 * list (one statement joining five tables: pgbench 2.3 ms a run unnamed, 1.3 ms named).
 *
 * Only queries whose best plan does not depend on their values are marked: a generic plan is chosen without them.
 * SQLite needs none of this: better-sqlite3 prepares every statement once (the statement cache in database.ts).
 */
export function createNamedStatements() {
  const names = new Map<string, string>()
  return {
    /** Runs this statement text under a name of its own from now on. */
    mark(text: string): void {
      if (!names.has(text) && names.size < MAX_NAMED_STATEMENTS) names.set(text, `marked_${names.size + 1}`)
    },
    /** Has a new pooled connection run marked statements (as Kysely sends them: text and values) under their names. */
    attach(client: pg.PoolClient): void {
      const query = client.query.bind(client) as (...args: unknown[]) => unknown
      client.query = ((...args: unknown[]) => {
        const [text, values] = args
        const name = typeof text === 'string' && args.length <= 2 ? names.get(text) : undefined
        return name ? query({ name, text, values }) : query(...args)
      }) as typeof client.query
    },
  }
}
