import { type RawBuilder, sql } from 'kysely'
import type { Dialect } from './database.js'

/** The sites a person's query may read: every site, or these (none: an empty list). */
export type SiteScope = { all: true } | { all: false; siteIds: number[] }

/** Rows of the sites in scope only: administrators and all-site duties see every site. */
export function withinSites<Q extends { where: (...args: never[]) => Q }>(query: Q, column: string, scope: SiteScope): Q {
  if (scope.all) return query
  // An empty list is not valid SQL in every dialect: -1 names no site.
  return (query.where as unknown as (ref: string, op: string, value: number[]) => Q)(
    column,
    'in',
    scope.siteIds.length > 0 ? scope.siteIds : [-1],
  )
}

/** A column of cents as dollars, for reports. */
export const dollars = (column: string): RawBuilder<number> => sql<number>`${sql.ref(column)} / 100.0`

/** Whole days from a stored date (yyyy-mm-dd) to today, in each dialect. */
export const ageDays = (column: string, dialect: Dialect): RawBuilder<number> =>
  dialect === 'sqlite'
    ? sql<number>`cast(julianday('now') - julianday(${sql.ref(column)}) as integer)`
    : sql<number>`(current_date - cast(${sql.ref(column)} as date))`
