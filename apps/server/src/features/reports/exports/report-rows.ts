import { CompiledQuery } from 'kysely'
import type { ResultRow } from '@platform/contracts/reports'
import type { Db } from '../../../db/database.js'
import type { MeasureValues } from '../engine/measures.js'
import { createReportQueryRunner } from '../engine/query-runner.js'
import type { ShapingPlan } from '../engine/report-plan.js'
import { createResultRows } from '../engine/result-rows.js'

/**
 * What an export's rows are made from, as it crosses to the thread that writes the file: a summary's rows themselves,
 * or a detail result's compiled query (what the person may see is already in it) with the groups' measures, read and
 * shaped there on that thread's own connection.
 */
export type ReportRowSource =
  | { kind: 'rows'; rows: ResultRow[] }
  | {
      kind: 'query'
      plan: ShapingPlan
      query: { sql: string; parameters: unknown[] }
      rolled: Map<string, MeasureValues>
      timeoutMs: number
    }

/** Every row of an export, in order, read from `db` (the reading thread's own) under the report's time limit. */
export async function* reportRows(db: Db, source: ReportRowSource): AsyncGenerator<ResultRow> {
  if (source.kind === 'rows') {
    yield* source.rows
    return
  }
  const queries = createReportQueryRunner(db, db.file, { interactiveMs: source.timeoutMs, exportMs: source.timeoutMs })
  try {
    const run = queries.runner('export')
    const query = CompiledQuery.raw(source.query.sql, source.query.parameters)
    // One pass over the result where the runner can stream it; an in-memory database (the tests) answers at once.
    const batches = run.stream
      ? run.stream(query)
      : (async function* () {
          yield await run(query)
        })()
    yield* createResultRows(source.plan).detailRows(batches, source.rolled)
  } finally {
    await queries.close()
  }
}

/** A source whose rows are read here, once, into the source itself: for a thread that cannot open this database. */
export async function materialised(db: Db, source: ReportRowSource): Promise<ReportRowSource> {
  if (source.kind === 'rows') return source
  const rows: ResultRow[] = []
  for await (const row of reportRows(db, source)) rows.push(row)
  return { kind: 'rows', rows }
}
