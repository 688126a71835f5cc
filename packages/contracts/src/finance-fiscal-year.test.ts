import { describe, expect, it } from 'vitest'
import { fiscalYearDates, fiscalYearName, fiscalYearOf, fiscalYearOfDate, isTimeZone, localDate } from './finance-fiscal-year.js'

describe('fiscal years (July 1 to June 30) in the district time zone', () => {
  it('names a year by its start', () => {
    expect(fiscalYearName(2025)).toBe('2025-26')
    expect(fiscalYearName(2099)).toBe('2099-00')
  })

  it('puts June 30 and July 1 on either side of the new year', () => {
    expect(fiscalYearOfDate('2026-06-30')).toBe('2025-26')
    expect(fiscalYearOfDate('2026-07-01')).toBe('2026-27')
    expect(fiscalYearOfDate('2026-01-15')).toBe('2025-26')
  })

  it('reckons an instant in the district time zone, not in UTC', () => {
    // 2026-07-01 05:30 UTC is still June 30 in Los Angeles (UTC-7 in summer).
    const instant = new Date('2026-07-01T05:30:00Z')
    expect(localDate(instant, 'America/Los_Angeles')).toBe('2026-06-30')
    expect(fiscalYearOf(instant, 'America/Los_Angeles')).toBe('2025-26')
    expect(fiscalYearOf(instant, 'UTC')).toBe('2026-27')
    expect(fiscalYearOf(new Date('2026-07-01T07:00:00Z'), 'America/Los_Angeles')).toBe('2026-27')
  })

  it("gives a year's first and last dates, and refuses malformed names", () => {
    expect(fiscalYearDates('2025-26')).toEqual({ first: '2025-07-01', last: '2026-06-30' })
    expect(fiscalYearDates('2025-27')).toBeNull()
    expect(fiscalYearDates('2025')).toBeNull()
  })

  it('knows a time zone from a typo', () => {
    expect(isTimeZone('America/Los_Angeles')).toBe(true)
    expect(isTimeZone('America/Los_Angles')).toBe(false)
  })
})
