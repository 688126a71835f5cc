import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type SubscriptionSchedule, SubscriptionScheduleSchema, nextDeliveryAt, scheduleInWords } from './report-subscriptions.js'

const LA = 'America/Los_Angeles'
const HOUR = 3_600_000
const DAY = 24 * HOUR

// The model reads the district's clock through Intl alone, not through the zone arithmetic under test.
const parts = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  weekday: 'short',
  hourCycle: 'h23',
  timeZone: LA,
})
const WEEKDAYS = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']

/** The district's date, weekday and hour at an instant. */
function wall(instant: number) {
  const read = Object.fromEntries(parts.formatToParts(new Date(instant)).map((part) => [part.type, part.value]))
  const [year, month, day] = [Number(read.year), Number(read.month), Number(read.day)]
  return { date: `${year}-${month}-${day}`, year, month, day, weekday: WEEKDAYS.indexOf(read.weekday!), hour: Number(read.hour) }
}

function dayMatches(schedule: SubscriptionSchedule, local: ReturnType<typeof wall>): boolean {
  if (schedule.frequency === 'daily') return true
  if (schedule.frequency === 'weekly') return schedule.weekdays!.includes(local.weekday)
  const last = new Date(Date.UTC(local.year, local.month, 0)).getUTCDate()
  return local.day === Math.min(schedule.monthDay!, last)
}

/**
 * Every delivery time of the schedule between two instants, found hour by hour: on each matching day, the first
 * instant its clock reads the schedule's hour, or, on the spring day that skips that hour, the first of the next.
 */
function slotsBetween(schedule: SubscriptionSchedule, from: number, to: number): number[] {
  const byDate = new Map<string, Array<{ instant: number; hour: number; local: ReturnType<typeof wall> }>>()
  for (let instant = Math.floor(from / HOUR) * HOUR - 2 * DAY; instant <= to + 2 * DAY; instant += HOUR) {
    const local = wall(instant)
    const hours = byDate.get(local.date) ?? []
    hours.push({ instant, hour: local.hour, local })
    byDate.set(local.date, hours)
  }
  const slots: number[] = []
  for (const hours of byDate.values()) {
    if (hours.length < 23 || !dayMatches(schedule, hours[0]!.local)) continue
    const at = hours.find((entry) => entry.hour === schedule.hour) ?? hours.find((entry) => entry.hour === schedule.hour + 1)
    if (at) slots.push(at.instant)
  }
  return slots.filter((slot) => slot >= from && slot <= to).sort((a, b) => a - b)
}

// The hours about the changes (1 AM repeats in autumn, 2 AM is skipped in spring) drawn as often as all the others.
const hourArb = fc.oneof(fc.constantFrom(0, 1, 2, 3), fc.integer({ min: 0, max: 23 }))
const scheduleArb: fc.Arbitrary<SubscriptionSchedule> = fc.oneof(
  fc.record({ frequency: fc.constant('daily' as const), hour: hourArb }),
  fc.record({
    frequency: fc.constant('weekly' as const),
    hour: hourArb,
    weekdays: fc.uniqueArray(fc.integer({ min: 0, max: 6 }), { minLength: 1, maxLength: 7 }),
  }),
  fc.record({ frequency: fc.constant('monthly' as const), hour: hourArb, monthDay: fc.integer({ min: 1, max: 31 }) }),
)

// Both changes of 2026 (2 AM PST to 3 AM PDT on 8 March; 2 AM PDT back to 1 AM PST on 1 November) and of 2027.
const TRANSITIONS = ['2026-03-08T10:00:00Z', '2026-11-01T09:00:00Z', '2027-03-14T10:00:00Z', '2027-11-07T09:00:00Z'].map(Date.parse)
const afterArb = fc.oneof(
  fc.integer({ min: Date.parse('2025-01-01T00:00:00Z'), max: Date.parse('2028-12-31T00:00:00Z') }),
  fc
    .tuple(fc.constantFrom(...TRANSITIONS), fc.integer({ min: -3 * 24 * 60, max: 3 * 24 * 60 }), fc.constantFrom(0, 1, 59_999))
    .map(([transition, minutes, ms]) => transition + minutes * 60_000 + ms),
)

describe('nextDeliveryAt on the district’s clock', () => {
  it('is the first delivery time strictly after the instant, whatever the schedule and across both daylight changes', () => {
    fc.assert(
      fc.property(scheduleArb, afterArb, (schedule, after) => {
        const next = nextDeliveryAt(SubscriptionScheduleSchema.parse(schedule), new Date(after), LA).getTime()
        expect(next).toBeGreaterThan(after)
        const local = wall(next)
        expect(dayMatches(schedule, local)).toBe(true)
        // The hour is the schedule's, except on the spring day that skips it, which delivers at the hour after.
        if (local.hour !== schedule.hour) {
          expect(local.hour).toBe(schedule.hour + 1)
          expect(wall(next - HOUR).hour).toBe(schedule.hour - 1)
        }
        expect(next % HOUR).toBe(0)
        // No delivery time lies between the instant and the answer, and the answer is one.
        const slots = slotsBetween(schedule, after + 1, next)
        expect(slots).toEqual([next])
      }),
      { numRuns: 500 },
    )
  })

  it('delivers an autumn hour that repeats once, and the spring hour that is skipped at the hour after', () => {
    const daily1am = { frequency: 'daily', hour: 1 } as const
    expect(nextDeliveryAt(daily1am, new Date('2026-11-01T07:00:00Z'), LA).toISOString()).toBe('2026-11-01T08:00:00.000Z')
    // After the first 1 AM of 1 November, the next is 2 November's, not the repeated 1 AM.
    expect(nextDeliveryAt(daily1am, new Date('2026-11-01T08:00:00Z'), LA).toISOString()).toBe('2026-11-02T09:00:00.000Z')
    const daily2am = { frequency: 'daily', hour: 2 } as const
    expect(nextDeliveryAt(daily2am, new Date('2026-03-08T09:00:00Z'), LA).toISOString()).toBe('2026-03-08T10:00:00.000Z')
    expect(nextDeliveryAt(daily2am, new Date('2026-03-08T10:00:00Z'), LA).toISOString()).toBe('2026-03-09T09:00:00.000Z')
  })

  it('takes the last day of a shorter month for the 31st, and says the schedule in words', () => {
    const last = { frequency: 'monthly', hour: 18, monthDay: 31 } as const
    expect(nextDeliveryAt(last, new Date('2026-04-01T02:00:00Z'), LA).toISOString()).toBe('2026-05-01T01:00:00.000Z')
    expect(nextDeliveryAt(last, new Date('2027-02-01T03:00:00Z'), LA).toISOString()).toBe('2027-03-01T02:00:00.000Z')
    expect(scheduleInWords(last)).toBe('On the 31st of each month (its last day when shorter) at 6:00 PM')
    expect(scheduleInWords({ frequency: 'weekly', hour: 0, weekdays: [4, 1] })).toBe('Every Monday and Thursday at 12:00 AM')
    expect(scheduleInWords({ frequency: 'weekly', hour: 12, weekdays: [0, 1, 2, 3, 4, 5, 6] })).toBe('Every day at 12:00 PM')
  })
})
