import { describe, expect, it } from 'vitest'
import { formatCheckedAt } from './monitoring'
import { sinceParts, timeAgo } from './since'

const NOW = Date.parse('2026-01-05T12:00:00.000Z')
const before = (ms: number) => new Date(NOW - ms).toISOString()

describe('timeAgo', () => {
  it.each([
    [0, 'less than a minute ago'],
    [59_999, 'less than a minute ago'],
    [60_000, '1 min ago'],
    [5 * 60_000 + 30_000, '5 min ago'],
    [59 * 60_000, '59 min ago'],
    [60 * 60_000, '1 h ago'],
    [23 * 3_600_000 + 59 * 60_000, '23 h ago'],
    [24 * 3_600_000, '1 day ago'],
    [3 * 24 * 3_600_000, '3 days ago'],
  ])('%i ms before now reads %s', (ms, text) => {
    expect(timeAgo(before(ms), NOW)).toBe(text)
  })

  it('counts a time a little ahead of the browser as now, and cannot read nonsense', () => {
    expect(timeAgo(new Date(NOW + 5_000).toISOString(), NOW)).toBe('less than a minute ago')
    expect(timeAgo('not a time', NOW)).toBeNull()
  })
})

describe('sinceParts', () => {
  it('gives the relative and the exact local time, or null when there is none', () => {
    const since = before(2 * 3_600_000)
    expect(sinceParts(since, NOW)).toEqual({ ago: '2 h ago', exact: formatCheckedAt(since) })
    expect(sinceParts(null, NOW)).toBeNull()
    expect(sinceParts(undefined, NOW)).toBeNull()
    expect(sinceParts('', NOW)).toBeNull()
  })
})
