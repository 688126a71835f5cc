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

/**
 * Ages in days, in groups a report can count by: `limits` [7, 30] gives '0-7 days', '8-30 days' and 'over 30 days'.
 * The limits and labels are written into the SQL as literals, so a grouped report groups by the same text every run.
 */
export function ageBucket(column: string, dialect: Dialect, limits: readonly number[]): RawBuilder<string> {
  const age = ageDays(column, dialect)
  const whens = limits.map(
    (limit, i) => sql`when ${age} <= ${sql.lit(limit)} then ${sql.lit(`${i === 0 ? 0 : limits[i - 1]! + 1}-${limit} days`)}`,
  )
  return sql<string>`case ${sql.join(whens, sql` `)} else ${sql.lit(`over ${limits[limits.length - 1]} days`)} end`
}

/** The month (yyyy-mm) of a date or ISO time stored as text. */
export const monthOf = (column: string): RawBuilder<string> => sql<string>`substr(${sql.ref(column)}, 1, 7)`

/** The date (yyyy-mm-dd) an ISO time falls on in the district's time zone, in each dialect. */
export const districtDateOf = (column: string, dialect: Dialect, timeZone: string): RawBuilder<string> =>
  dialect === 'sqlite'
    ? sql<string>`district_date(${sql.ref(column)}, ${timeZone})`
    : sql<string>`to_char(cast(${sql.ref(column)} as timestamptz) at time zone ${timeZone}, 'YYYY-MM-DD')`

/** The week (its Monday, yyyy-mm-dd) an ISO time falls in on the district's calendar, in each dialect. */
export const districtWeekOf = (column: string, dialect: Dialect, timeZone: string): RawBuilder<string> =>
  dialect === 'sqlite'
    ? sql<string>`date(district_date(${sql.ref(column)}, ${timeZone}), 'weekday 0', '-6 days')`
    : sql<string>`to_char(date_trunc('week', cast(${sql.ref(column)} as timestamptz) at time zone ${timeZone}), 'YYYY-MM-DD')`

/** No site: what a query over sites reads when no person's scope is known. */
const NO_SITES: SiteScope = { all: false, siteIds: [] }

/**
 * A query over sites both ways a report reads it: `source` reads no site, `scoped` the sites of the person running the
 * report (`visibleSites`, asked on every run, so a duty granted or taken away counts at once).
 */
export function siteScoped<Source, User>(build: (scope: SiteScope) => Source, visibleSites: (user: User) => Promise<SiteScope>) {
  return { source: build(NO_SITES), scoped: async (user: User) => build(await visibleSites(user)) }
}
