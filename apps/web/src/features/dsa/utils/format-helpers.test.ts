import { describe, expect, it } from 'vitest'
import { formatDay } from './dates'
import { formatPercent, percentOf } from './percent'
import { safeProjectLink } from './project-link'

describe('formatDay', () => {
  it('shows a tracker date as that calendar day, whatever the time zone', () => {
    expect(formatDay('2026-03-04')).toBe('Mar 4, 2026')
    expect(formatDay(null)).toBe('—')
    expect(formatDay('not a date')).toBe('not a date')
  })
})

describe('percentages', () => {
  it("writes a rate with at most one decimal, '—' when there is none", () => {
    expect(formatPercent(87.5)).toBe('87.5%')
    expect(formatPercent(100)).toBe('100%')
    expect(formatPercent(66.666)).toBe('66.7%')
    expect(formatPercent(null)).toBe('—')
    expect(percentOf(1, 4)).toBe('25%')
    expect(percentOf(1, 0)).toBe('—')
  })
})

describe('safeProjectLink', () => {
  it('keeps web addresses only', () => {
    expect(safeProjectLink('https://www.apps2.dgs.ca.gov/DSA/Tracker/ApplicationSummary.aspx?OriginId=04&AppId=101335')).toContain(
      'https://',
    )
    expect(safeProjectLink('javascript:alert(1)')).toBeNull()
    expect(safeProjectLink('/relative')).toBeNull()
    expect(safeProjectLink('')).toBeNull()
  })
})
