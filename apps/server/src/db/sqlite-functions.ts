import type { Database } from 'better-sqlite3'
import { localDate } from '@platform/contracts/finance-fiscal-year'

/**
 * SQL functions SQLite lacks and the platform's queries use, added to every connection that runs them (the server's,
 * a reader's, a report query thread's). PostgreSQL has them built in.
 *
 * district_date(instant, zone): the calendar date (YYYY-MM-DD) an ISO instant falls on in an IANA time zone; SQLite
 * knows no time zones, and a day cut in UTC puts a Pacific evening on the next day.
 */
export function addSqliteFunctions(sqlite: Database): void {
  sqlite.function('district_date', { deterministic: true }, (instant: unknown, zone: unknown) => {
    if (typeof instant !== 'string' || typeof zone !== 'string') return null
    const date = new Date(instant)
    return Number.isNaN(date.getTime()) ? null : localDate(date, zone)
  })
}
