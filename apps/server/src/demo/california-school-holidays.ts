import { addDays, weekdayOf } from '@platform/contracts/records-clock'

/** The `nth` weekday (0 = Sunday) of a month; nth = -1 for the last one. */
function nthWeekday(year: number, month: number, weekday: number, nth: number): string {
  const first = `${year}-${String(month).padStart(2, '0')}-01`
  if (nth > 0) {
    const offset = (weekday - weekdayOf(first) + 7) % 7
    return addDays(first, offset + (nth - 1) * 7)
  }
  const nextMonth = month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`
  const last = addDays(nextMonth, -1)
  return addDays(last, -((weekdayOf(last) - weekday + 7) % 7))
}

/** A fixed-date holiday on a weekend is observed on the Monday after a Sunday, the Friday before a Saturday (Ed Code 37220(b)). */
function observed(date: string): string {
  const weekday = weekdayOf(date)
  if (weekday === 0) return addDays(date, 1)
  if (weekday === 6) return addDays(date, -1)
  return date
}

/**
 * California's legal holidays for public school districts (Education Code §37220), as the demo ships them. A school
 * break (winter or spring recess) is not a holiday and does not stop the records clock; a district adds its own
 * board-adopted days (Cesar Chavez Day, Native American Day, the day after Thanksgiving) through the holidays screen.
 */
export function californiaSchoolHolidays(year: number): Array<{ date: string; name: string }> {
  const fixed = (month: number, day: number) => observed(`${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`)
  return [
    { date: fixed(1, 1), name: "New Year's Day" },
    { date: nthWeekday(year, 1, 1, 3), name: 'Martin Luther King, Jr. Day' },
    { date: fixed(2, 12), name: 'Lincoln Day' },
    { date: nthWeekday(year, 2, 1, 3), name: 'Washington Day' },
    { date: nthWeekday(year, 5, 1, -1), name: 'Memorial Day' },
    { date: fixed(6, 19), name: 'Juneteenth' },
    { date: fixed(7, 4), name: 'Independence Day' },
    { date: nthWeekday(year, 9, 1, 1), name: 'Labor Day' },
    { date: fixed(11, 11), name: 'Veterans Day' },
    { date: nthWeekday(year, 11, 4, 4), name: 'Thanksgiving Day' },
    { date: fixed(12, 25), name: 'Christmas Day' },
  ].sort((a, b) => a.date.localeCompare(b.date))
}
