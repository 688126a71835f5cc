import type { BenchDatabases, BenchDialect } from './database.js'
import type { RecordFigure } from './figures.js'

/** What the runner hands every scenario: the database kind, how many times to measure, fresh databases, the figures. */
export interface BenchContext {
  dialect: BenchDialect
  runs: number
  databases: BenchDatabases
  record: RecordFigure
}
