import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { districtWallClock, formatInstant, formatIsoInDistrict } from './district-time.js'

const LA = 'America/Los_Angeles'

describe("the district's clock", () => {
  it('names the zone of a time, in standard and in daylight time', () => {
    expect(formatInstant('2026-11-28T07:45:00Z', LA)).toBe('Nov 27, 2026 11:45 PM PST')
    expect(formatInstant('2026-11-01T08:30:00Z', LA)).toBe('Nov 1, 2026 1:30 AM PDT')
    expect(formatInstant('2026-11-01T09:30:00Z', LA)).toBe('Nov 1, 2026 1:30 AM PST')
    expect(formatInstant('not a time', LA)).toBe('')
  })

  it('writes ISO 8601 with the offset of the moment for files', () => {
    expect(formatIsoInDistrict('2026-11-28T07:45:00.000Z', LA)).toBe('2026-11-27T23:45:00-08:00')
    expect(formatIsoInDistrict('2026-11-01T08:30:00Z', LA)).toBe('2026-11-01T01:30:00-07:00')
    expect(formatIsoInDistrict('2026-11-01T09:30:00Z', LA)).toBe('2026-11-01T01:30:00-08:00')
    expect(formatIsoInDistrict('2026-03-02T08:00:00Z', 'UTC')).toBe('2026-03-02T08:00:00+00:00')
    expect(formatIsoInDistrict('', LA)).toBe('')
  })
})

describe('the zone kept per quarter hour', () => {
  // Zones with half- and quarter-hour offsets and transitions at odd UTC hours, beside the district's.
  const ZONES = ['America/Los_Angeles', 'America/St_Johns', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'Europe/Dublin', 'UTC']
  const intl = (zone: string) =>
    new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
      timeZoneName: 'short',
      timeZone: zone,
    })

  it('gives what Intl gives for any instant, across every transition of 2020-2030', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(2020, 0, 1), max: Date.UTC(2030, 11, 31) }), fc.constantFrom(...ZONES), (instant, zone) => {
        const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {}
        for (const part of intl(zone).formatToParts(new Date(instant))) parts[part.type] = part.value
        const { wall, zone: found } = districtWallClock(instant, zone)
        expect([wall.getUTCFullYear(), wall.getUTCMonth() + 1, wall.getUTCDate(), wall.getUTCHours(), wall.getUTCMinutes()]).toEqual([
          Number(parts.year),
          Number(parts.month),
          Number(parts.day),
          Number(parts.hour) % 24,
          Number(parts.minute),
        ])
        expect(found.name).toBe(parts.timeZoneName)
      }),
      { numRuns: 3000 },
    )
  })

  it('is right on both sides of the minute the clocks change', () => {
    // Nov 1, 2026, 2:00 AM PDT becomes 1:00 AM PST at 09:00 UTC.
    expect(formatInstant(Date.UTC(2026, 10, 1, 8, 59, 59), 'America/Los_Angeles')).toBe('Nov 1, 2026 1:59 AM PDT')
    expect(formatInstant(Date.UTC(2026, 10, 1, 9, 0, 0), 'America/Los_Angeles')).toBe('Nov 1, 2026 1:00 AM PST')
  })
})
