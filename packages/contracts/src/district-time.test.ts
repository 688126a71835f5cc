import { describe, expect, it } from 'vitest'
import { formatInstant, formatIsoInDistrict } from './district-time.js'

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
