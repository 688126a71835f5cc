/**
 * Fiscal years run July 1 to June 30 and are named `2025-26`. Every date rule is reckoned in
 * the district's time zone, so an instant is first turned into that zone's calendar date.
 */

import { districtWallClock } from './district-time.js'

/** The calendar date (YYYY-MM-DD) an instant falls on in a time zone. */
export function localDate(instant: Date, timeZone: string): string {
  const { wall } = districtWallClock(instant.getTime(), timeZone)
  return `${wall.getUTCFullYear()}-${String(wall.getUTCMonth() + 1).padStart(2, '0')}-${String(wall.getUTCDate()).padStart(2, '0')}`
}

/** The name of the fiscal year that starts on July 1 of `startYear`: 2025 → "2025-26". */
export function fiscalYearName(startYear: number): string {
  return `${startYear}-${String((startYear + 1) % 100).padStart(2, '0')}`
}

/** The fiscal year of a calendar date (YYYY-MM-DD). */
export function fiscalYearOfDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-\d{2}$/.exec(date)
  if (!match) throw new RangeError(`not a date: ${date}`)
  const year = Number(match[1])
  return fiscalYearName(Number(match[2]) >= 7 ? year : year - 1)
}

/** The fiscal year an instant belongs to in the district's time zone. */
export function fiscalYearOf(instant: Date, timeZone: string): string {
  return fiscalYearOfDate(localDate(instant, timeZone))
}

/** The first and last calendar dates of a fiscal year named like `2025-26`; null for a malformed name. */
export function fiscalYearDates(name: string): { first: string; last: string } | null {
  const match = /^(\d{4})-(\d{2})$/.exec(name)
  if (!match) return null
  const start = Number(match[1])
  if (fiscalYearName(start) !== name) return null
  return { first: `${start}-07-01`, last: `${start + 1}-06-30` }
}

// One check of a zone's name for both sides, kept with the rest of the district's clock.
export { isTimeZone } from './district-time.js'
