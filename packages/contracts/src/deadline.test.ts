import { describe, expect, it } from 'vitest'
import { deadlineStatus, endOfDistrictDay, startOfDistrictDayInstant } from './deadline.js'

const LA = 'America/Los_Angeles'

describe('a deadline is the end of the district day', () => {
  it('ends at 11:59:59.999 PM Pacific, in standard and in daylight time', () => {
    expect(endOfDistrictDay('2026-11-24', LA)).toBe('2026-11-25T07:59:59.999Z')
    expect(endOfDistrictDay('2026-07-01', LA)).toBe('2026-07-02T06:59:59.999Z')
  })

  it('holds across the days the clocks change', () => {
    // Clocks go back on Nov 1, 2026 and forward on Mar 8, 2026: the day's end is in the zone of that evening.
    expect(endOfDistrictDay('2026-11-01', LA)).toBe('2026-11-02T07:59:59.999Z')
    expect(endOfDistrictDay('2026-10-31', LA)).toBe('2026-11-01T06:59:59.999Z')
    expect(endOfDistrictDay('2026-03-08', LA)).toBe('2026-03-09T06:59:59.999Z')
    expect(endOfDistrictDay('2026-03-07', LA)).toBe('2026-03-08T07:59:59.999Z')
  })

  it('begins at midnight on the district clock, on either side of a clock change', () => {
    expect(startOfDistrictDayInstant('2026-11-24', LA)).toBe('2026-11-24T08:00:00.000Z')
    expect(startOfDistrictDayInstant('2026-11-01', LA)).toBe('2026-11-01T07:00:00.000Z')
    expect(startOfDistrictDayInstant('2026-11-02', LA)).toBe('2026-11-02T08:00:00.000Z')
  })

  it('is the same instant in UTC for a district on UTC', () => {
    expect(endOfDistrictDay('2026-11-24', 'UTC')).toBe('2026-11-24T23:59:59.999Z')
  })

  it('refuses what is not a date', () => {
    expect(() => endOfDistrictDay('Nov 24', LA)).toThrow(RangeError)
  })
})

describe('where a deadline stands', () => {
  it('is due today until the last minute of the district day, then overdue', () => {
    const due = '2026-11-24'
    expect(deadlineStatus(due, new Date('2026-11-25T07:59:00Z'), LA)).toMatchObject({ tone: 'soon', words: 'Due today', daysLeft: 0 })
    const late = deadlineStatus(due, new Date('2026-11-25T08:00:00Z'), LA)
    expect(late).toMatchObject({ overdue: true, tone: 'overdue', words: 'Overdue by 1 day (due Nov 24)' })
  })

  it('counts days left on the district calendar, not in UTC', () => {
    // 9 PM Pacific on Nov 27 is already Nov 28 in UTC.
    const now = new Date('2026-11-28T05:00:00Z')
    expect(deadlineStatus('2026-11-28', now, LA)).toMatchObject({ daysLeft: 1, words: 'Due tomorrow', tone: 'soon' })
    expect(deadlineStatus('2026-12-02', now, LA)).toMatchObject({ daysLeft: 5, words: 'Due Dec 2 · 5 days left', tone: 'later' })
    expect(deadlineStatus('2026-11-17', now, LA)).toMatchObject({ overdue: true, words: 'Overdue by 10 days (due Nov 17)' })
  })

  it('takes an instant as it is', () => {
    const status = deadlineStatus('2026-11-25T07:59:59.999Z', new Date('2026-11-20T12:00:00Z'), LA)
    expect(status).toMatchObject({ dueOn: '2026-11-24', daysLeft: 4, overdue: false })
  })
})
