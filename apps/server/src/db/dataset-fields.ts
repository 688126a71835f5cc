import type { FieldType } from '@platform/contracts/reports'
import { sql } from 'kysely'
import type { Dialect } from './database.js'
import { ageBucket, ageDays } from './sql-fragments.js'

/*
 * Fields that several Reports Studio datasets share (the built-in ones, Accruals, Payment Receipts, Public
 * Information), declared once so that a field reads alike in every dataset that has it. They live here, beside the SQL
 * fragments, because features may not import one another's values; each column helper is kept next to its fields.
 */

/** A field as the catalogue declares it (its CatalogueField, which db/ may not import: it sits under the features). */
type SharedField = { name: string; label: string; type: FieldType; groupable?: boolean }

/** A row's own id, in the column `name`: unique per row, so never a group. */
export const idField = (name: string): SharedField => ({ name, label: 'Id', type: 'integer', groupable: false })

/** A line's key, `parent/line number` (see `lineKey`): unique per line, so never a group. */
export const LINE_KEY_FIELD: SharedField = { name: 'line_key', label: 'Line', type: 'string', groupable: false }

/** The `line_key` column: a line's parent and its number, e.g. `R-000123/2`. */
export const lineKey = (parent: string, lineNo: string) => sql<string>`${sql.ref(parent)} || '/' || ${sql.ref(lineNo)}`.as('line_key')

export const FISCAL_YEAR_FIELD: SharedField = { name: 'fiscal_year', label: 'Fiscal year', type: 'string' }

export const STATE_FIELD: SharedField = { name: 'state', label: 'State', type: 'string' }

/** The site a row belongs to; read by `SITE_COLUMNS`. */
export const SITE_FIELDS: SharedField[] = [
  { name: 'site_code', label: 'Site code', type: 'string' },
  { name: 'site_name', label: 'Site', type: 'string' },
]

/** The `SITE_FIELDS` columns, from `finance_sites` joined as `s`. */
export const SITE_COLUMNS = ['s.code as site_code', 's.name as site_name'] as const

/** An account string and the fund and resource segments a ledger listing sums by. */
export const ACCOUNT_SEGMENT_FIELDS: SharedField[] = [
  { name: 'account', label: 'Account', type: 'string' },
  { name: 'fund', label: 'Fund', type: 'string' },
  { name: 'resource', label: 'Resource', type: 'string' },
]

/** An amount in dollars (see `dollars`): summed, never grouped by. */
export const AMOUNT_FIELD: SharedField = { name: 'amount', label: 'Amount', type: 'money', groupable: false }

/** How old a row is, in days and in the groups of `ageBucket`; read by `ageColumns`. */
export const AGE_FIELDS: SharedField[] = [
  { name: 'age_days', label: 'Age (days)', type: 'integer' },
  { name: 'age_bucket', label: 'Age', type: 'string' },
]

/** The `age_days` and `age_bucket` columns, counted from a stored date. */
export const ageColumns = (column: string, dialect: Dialect, limits: readonly number[]) =>
  [ageDays(column, dialect).as('age_days'), ageBucket(column, dialect, limits).as('age_bucket')] as const
