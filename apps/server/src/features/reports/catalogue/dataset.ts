import type { Aggregate, FieldType } from '@platform/contracts/reports'
import type { Kysely, RawBuilder, SelectQueryBuilder } from 'kysely'
import type { Dialect } from '../../../db/database.js'
import type { Database } from '../../../db/schema.js'
import type { AuthUser } from '../../../plugins/access.js'

/** Who may read a dataset; checked every time a report over it runs. */
export type DatasetAccess = 'everyone' | 'admin' | { application: string }

export interface CatalogueField {
  name: string
  label: string
  type: FieldType
  filterable?: boolean
  groupable?: boolean
  /**
   * The words for the codes the field holds (a label table's group, e.g. an accrual's type): cells, group labels and
   * exports show the words; filters and sorts still work on the codes.
   */
  labels?: Readonly<Record<string, string>>
}

/**
 * A dataset of the catalogue: a query, written in server code, whose columns are named after its fields. Reports read
 * it as a subquery (`ds`), so no name a person types ever reaches SQL unchecked.
 */
export interface CatalogueDataset {
  id: string
  label: string
  description: string
  kind: 'builtin' | 'upload'
  access: DatasetAccess
  fields: CatalogueField[]
  /** Who uploaded it (uploaded datasets). */
  ownerId?: number | null
  /** A field that is unique per row: the last tie-breaker of every sort, so pages never overlap. */
  key: string
  source(
    k: Kysely<Database>,
    dialect: Dialect,
    timeZone: string,
  ): SelectQueryBuilder<Database, never, Record<string, unknown>> | RawBuilder<unknown>
  /** For datasets whose rows belong to sites: the source narrowed to what this person may see (`source` then shows nothing). */
  scoped?: (user: AuthUser) => Promise<CatalogueDataset['source']>
}

const NUMERIC: Aggregate[] = ['sum', 'avg', 'min', 'max', 'count', 'countDistinct']
const ORDERED: Aggregate[] = ['min', 'max', 'count', 'countDistinct']
const COUNTED: Aggregate[] = ['count', 'countDistinct']

/** The aggregates that make sense for a type. */
export function aggregatesFor(type: FieldType): Aggregate[] {
  if (type === 'integer' || type === 'decimal' || type === 'money') return NUMERIC
  if (type === 'boolean') return COUNTED
  return ORDERED
}

export const isNumericType = (type: FieldType) => type === 'integer' || type === 'decimal' || type === 'money'
