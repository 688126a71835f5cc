import { localDateTime } from '@platform/contracts/records-clock'
import { describe, expect, it } from 'vitest'
import { districtInstant } from './district-instant'

const LA = 'America/Los_Angeles'

describe('a date and time on the district clock as an instant', () => {
  it.each([
    ['2026-11-12', '14:10', LA, '2026-11-12T22:10:00.000Z'], // PST, UTC-8
    ['2026-07-01', '08:00', LA, '2026-07-01T15:00:00.000Z'], // PDT, UTC-7
    ['2026-03-08', '01:30', LA, '2026-03-08T09:30:00.000Z'], // just before the spring change
    ['2026-03-08', '03:30', LA, '2026-03-08T10:30:00.000Z'], // just after it
    ['2026-12-31', '23:59', LA, '2027-01-01T07:59:00.000Z'], // the year ends later in UTC
    ['2026-11-12', '14:10', 'America/New_York', '2026-11-12T19:10:00.000Z'],
    ['2026-11-12', '14:10', 'UTC', '2026-11-12T14:10:00.000Z'],
  ])('%s %s in %s is %s', (date, time, zone, expected) => {
    expect(districtInstant(date, time, zone)?.toISOString()).toBe(expected)
  })

  it('shows again as the same date and time on the district clock, every half hour of a year', () => {
    for (let day = 0; day < 365; day += 7) {
      for (const time of ['00:00', '06:30', '12:00', '17:45', '23:30']) {
        const date = new Date(Date.UTC(2026, 0, 1 + day)).toISOString().slice(0, 10)
        if (date === '2026-03-08' && time === '02:30') continue // does not exist in Los Angeles
        expect(localDateTime(districtInstant(date, time, LA)!, LA)).toEqual({ date, time })
      }
    }
  })

  it('refuses what is not a date and time', () => {
    expect(districtInstant('12/11/2026', '14:10', LA)).toBeNull()
    expect(districtInstant('2026-11-12', '2pm', LA)).toBeNull()
    expect(districtInstant('', '', LA)).toBeNull()
  })
})
