import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  type ClockSettings,
  type Holiday,
  addDays,
  clockStatus,
  daysBetween,
  determinationClock,
  extensionClock,
  isBusinessDay,
  mayStillExtend,
  rollToBusinessDay,
} from './records-clock.js'

const HOLIDAYS: Holiday[] = [
  { date: '2026-01-01', name: "New Year's Day" },
  { date: '2026-01-19', name: 'Martin Luther King, Jr. Day' },
  { date: '2026-09-07', name: 'Labor Day' },
  { date: '2026-11-11', name: 'Veterans Day' },
  { date: '2026-11-26', name: 'Thanksgiving Day' },
  { date: '2026-12-25', name: 'Christmas Day' },
  { date: '2027-01-01', name: "New Year's Day" },
  { date: '2027-01-18', name: 'Martin Luther King, Jr. Day' },
]
const settings = (overrides: Partial<ClockSettings> = {}): ClockSettings => ({
  timeZone: 'America/Los_Angeles',
  holidays: HOLIDAYS,
  afterHoursRule: false,
  businessHoursStart: '08:00',
  businessHoursEnd: '17:00',
  ...overrides,
})

describe('the determination clock over a table of cases', () => {
  const cases: Array<{
    name: string
    receivedAt: string
    rule?: boolean
    receivedOn: string
    dayTen: string
    dueOn: string
    explanation?: string
  }> = [
    {
      name: "the issue's example: day 10 on a Sunday rolls to Monday",
      receivedAt: '2026-11-12T22:10:00Z',
      receivedOn: '2026-11-12',
      dayTen: '2026-11-22',
      dueOn: '2026-11-23',
      explanation: 'received Thu 12 Nov 2026 14:10; day 10 is Sun 22 Nov; due Mon 23 Nov',
    },
    {
      name: 'day 10 on a business day stays',
      receivedAt: '2026-11-02T17:00:00Z',
      receivedOn: '2026-11-02',
      dayTen: '2026-11-12',
      dueOn: '2026-11-12',
    },
    {
      name: 'day 10 on Saturday rolls to Monday',
      receivedAt: '2026-10-21T17:00:00Z',
      receivedOn: '2026-10-21',
      dayTen: '2026-10-31',
      dueOn: '2026-11-02',
    },
    {
      name: 'day 10 on a holiday rolls to the next day',
      receivedAt: '2026-11-01T17:00:00Z',
      receivedOn: '2026-11-01',
      dayTen: '2026-11-11',
      dueOn: '2026-11-12',
      explanation: 'received Sun 1 Nov 2026 09:00; day 10 is Wed 11 Nov (Veterans Day); due Thu 12 Nov',
    },
    {
      name: 'day 10 on Thanksgiving rolls to Friday',
      receivedAt: '2026-11-16T17:00:00Z',
      receivedOn: '2026-11-16',
      dayTen: '2026-11-26',
      dueOn: '2026-11-27',
    },
    {
      name: 'a holiday then a weekend roll together',
      receivedAt: '2026-12-15T17:00:00Z',
      receivedOn: '2026-12-15',
      dayTen: '2026-12-25',
      dueOn: '2026-12-28',
    },
    {
      name: 'late evening in the district is still that day (UTC is the next)',
      receivedAt: '2026-11-13T07:30:00Z',
      receivedOn: '2026-11-12',
      dayTen: '2026-11-22',
      dueOn: '2026-11-23',
    },
    {
      name: 'received on a weekend counts from that day without the rule',
      receivedAt: '2026-11-14T18:00:00Z',
      receivedOn: '2026-11-14',
      dayTen: '2026-11-24',
      dueOn: '2026-11-24',
    },
    {
      name: 'year end: counted into the next year, New Year rolls',
      receivedAt: '2026-12-22T18:00:00Z',
      receivedOn: '2026-12-22',
      dayTen: '2027-01-01',
      dueOn: '2027-01-04',
      explanation: "received Tue 22 Dec 2026 10:00; day 10 is Fri 1 Jan 2027 (New Year's Day); due Mon 4 Jan 2027",
    },
    {
      name: 'after hours with the rule: counted from the next business day',
      receivedAt: '2026-11-13T01:30:00Z',
      rule: true,
      receivedOn: '2026-11-12',
      dayTen: '2026-11-23',
      dueOn: '2026-11-23',
      explanation:
        'received Thu 12 Nov 2026 17:30, outside business hours, so counted as received Fri 13 Nov; day 10 is Mon 23 Nov; due Mon 23 Nov',
    },
    {
      name: 'Friday evening before a Monday holiday with the rule: counted from Tuesday',
      receivedAt: '2026-09-05T00:45:00Z',
      rule: true,
      receivedOn: '2026-09-04',
      dayTen: '2026-09-18',
      dueOn: '2026-09-18',
    },
    {
      name: 'Friday evening before a Monday holiday without the rule: counted from Friday',
      receivedAt: '2026-09-05T00:45:00Z',
      receivedOn: '2026-09-04',
      dayTen: '2026-09-14',
      dueOn: '2026-09-14',
    },
    {
      name: 'before opening with the rule: the same day is the next business day',
      receivedAt: '2026-11-12T15:59:00Z',
      rule: true,
      receivedOn: '2026-11-12',
      dayTen: '2026-11-23',
      dueOn: '2026-11-23',
    },
    {
      name: 'within hours with the rule changes nothing',
      receivedAt: '2026-11-12T16:00:00Z',
      rule: true,
      receivedOn: '2026-11-12',
      dayTen: '2026-11-22',
      dueOn: '2026-11-23',
    },
    {
      name: 'daylight saving ends in between',
      receivedAt: '2026-10-30T17:00:00Z',
      receivedOn: '2026-10-30',
      dayTen: '2026-11-09',
      dueOn: '2026-11-09',
    },
  ]
  for (const testCase of cases) {
    it(testCase.name, () => {
      const clock = determinationClock(new Date(testCase.receivedAt), settings({ afterHoursRule: testCase.rule ?? false }))
      expect({ receivedOn: clock.receivedOn, dayTen: clock.dayTen, dueOn: clock.dueOn }).toEqual({
        receivedOn: testCase.receivedOn,
        dayTen: testCase.dayTen,
        dueOn: testCase.dueOn,
      })
      if (testCase.explanation) expect(clock.explanation).toBe(testCase.explanation)
    })
  }

  it('clarifying pauses never move the date', () => {
    const plain = determinationClock(new Date('2026-11-12T22:10:00Z'), settings())
    const paused = determinationClock(new Date('2026-11-12T22:10:00Z'), settings(), [
      { from: '2026-11-13', to: '2026-11-20' },
      { from: '2026-11-21', to: null },
    ])
    expect(paused).toEqual(plain)
  })
})

describe('the one extension', () => {
  it('adds to the unrolled day 10 and rolls the result', () => {
    // Day 10 Sun 22 Nov (due Mon 23 Nov) + 14 = Sun 6 Dec → Mon 7 Dec, not 23 Nov + 14.
    expect(extensionClock('2026-11-22', 14, HOLIDAYS)).toEqual({
      extendedDay: '2026-12-06',
      extendedDueOn: '2026-12-07',
      explanation: 'day 10 is Sun 22 Nov; plus 14 days is Sun 6 Dec; due Mon 7 Dec',
    })
    // Day 10 Thu 12 Nov + 14 = Thanksgiving Thu 26 Nov → Fri 27 Nov.
    expect(extensionClock('2026-11-12', 14, HOLIDAYS).extendedDueOn).toBe('2026-11-27')
    expect(extensionClock('2026-12-18', 14, HOLIDAYS)).toMatchObject({ extendedDay: '2027-01-01', extendedDueOn: '2027-01-04' })
  })
  it('is capped at 14 days and at least 1', () => {
    expect(() => extensionClock('2026-11-22', 15, HOLIDAYS)).toThrow(RangeError)
    expect(() => extensionClock('2026-11-22', 0, HOLIDAYS)).toThrow(RangeError)
    expect(() => extensionClock('2026-11-22', 2.5, HOLIDAYS)).toThrow(RangeError)
  })
  it('is made on or before the original due date only', () => {
    expect(mayStillExtend('2026-11-23', '2026-11-23')).toBe(true)
    expect(mayStillExtend('2026-11-23', '2026-11-24')).toBe(false)
  })
})

describe('the queue colours', () => {
  it('says how many days are left and how near', () => {
    expect(clockStatus('2026-11-23', '2026-11-13')).toEqual({ daysLeft: 10, status: 'ON_TRACK' })
    expect(clockStatus('2026-11-23', '2026-11-21')).toEqual({ daysLeft: 2, status: 'DUE_SOON' })
    expect(clockStatus('2026-11-23', '2026-11-23')).toEqual({ daysLeft: 0, status: 'DUE_TODAY' })
    expect(clockStatus('2026-11-23', '2026-11-25')).toEqual({ daysLeft: -2, status: 'OVERDUE' })
    expect(clockStatus('2026-11-23', '2026-11-25', false)).toEqual({ daysLeft: -2, status: 'STOPPED' })
  })
})

describe('properties of the clock', () => {
  const instant = fc.date({ min: new Date('2025-01-01T00:00:00Z'), max: new Date('2028-12-31T00:00:00Z'), noInvalidDate: true })
  const holidayList = fc
    .uniqueArray(fc.integer({ min: 0, max: 4 * 366 }), { maxLength: 60 })
    .map((offsets) => offsets.map((offset) => ({ date: addDays('2025-01-01', offset), name: `Holiday ${offset}` })))
  const hours = fc.constantFrom(['08:00', '17:00'], ['07:30', '16:00'], ['09:00', '18:30'])
  const pauses = fc.array(
    fc.record({ from: fc.integer({ min: 0, max: 20 }), length: fc.option(fc.integer({ min: 0, max: 30 }), { nil: null }) }),
    { maxLength: 4 },
  )

  it('the due date is always a business day: day 10 itself, or the first business day after it', () => {
    fc.assert(
      fc.property(instant, holidayList, fc.boolean(), hours, (receivedAt, holidays, rule, [start, end]) => {
        const clock = determinationClock(
          receivedAt,
          settings({ holidays, afterHoursRule: rule, businessHoursStart: start!, businessHoursEnd: end! }),
        )
        expect(isBusinessDay(clock.dueOn, holidays)).toBe(true)
        expect(clock.dueOn >= clock.dayTen).toBe(true)
        expect(daysBetween(clock.countedFrom, clock.dayTen)).toBe(10)
        expect(clock.countedFrom >= clock.receivedOn).toBe(true)
        // Every day skipped between day 10 and the due date is not a business day.
        for (let day = clock.dayTen; day < clock.dueOn; day = addDays(day, 1)) expect(isBusinessDay(day, holidays)).toBe(false)
      }),
      { numRuns: 400 },
    )
  })

  it('pauses (clarifying) never move the date earlier or later', () => {
    fc.assert(
      fc.property(instant, holidayList, pauses, (receivedAt, holidays, spans) => {
        const received = determinationClock(receivedAt, settings({ holidays }))
        const paused = spans.map((span) => ({
          from: addDays(received.receivedOn, span.from),
          to: span.length === null ? null : addDays(received.receivedOn, span.from + span.length),
        }))
        expect(determinationClock(receivedAt, settings({ holidays }), paused).dueOn).toBe(received.dueOn)
      }),
      { numRuns: 300 },
    )
  })

  it('an extension lands on a business day, after the original due date, never more than 14 days past day 10 before rolling', () => {
    fc.assert(
      fc.property(instant, holidayList, fc.integer({ min: 1, max: 14 }), (receivedAt, holidays, days) => {
        const clock = determinationClock(receivedAt, settings({ holidays }))
        const extension = extensionClock(clock.dayTen, days, holidays)
        expect(isBusinessDay(extension.extendedDueOn, holidays)).toBe(true)
        expect(extension.extendedDueOn >= clock.dueOn).toBe(true)
        expect(daysBetween(clock.dayTen, extension.extendedDay)).toBe(days)
        expect(extension.extendedDueOn).toBe(rollToBusinessDay(extension.extendedDay, holidays))
      }),
      { numRuns: 300 },
    )
  })
})
