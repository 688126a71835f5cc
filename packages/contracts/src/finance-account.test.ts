import { describe, expect, it } from 'vitest'
import { AccountStringSchema, formatAccountString, isSegmentValue, parseAccountString } from './finance-account.js'

describe('SACS account strings', () => {
  it('splits a valid string into its seven segments and joins them back', () => {
    const parsed = parseAccountString('01-0000-0-1110-1000-4300-001')
    expect(parsed).toEqual({
      ok: true,
      segments: { FUND: '01', RESOURCE: '0000', PROJECT_YEAR: '0', GOAL: '1110', FUNCTION: '1000', OBJECT: '4300', SCHOOL: '001' },
    })
    if (parsed.ok) expect(formatAccountString(parsed.segments)).toBe('01-0000-0-1110-1000-4300-001')
  })

  it('names what is wrong with a malformed string', () => {
    expect(parseAccountString('01-0000-0-1110-1000-4300')).toMatchObject({ ok: false, error: expect.stringContaining('7 segments') })
    expect(parseAccountString('1-0000-0-1110-1000-4300-001')).toMatchObject({
      ok: false,
      error: expect.stringContaining('fund segment must be 2 digits'),
    })
    expect(parseAccountString('01-0000-0-1110-1000-43A0-001')).toMatchObject({ ok: false, error: expect.stringContaining('object') })
    expect(AccountStringSchema.safeParse('01-0000-0-1110-1000-4300-001').success).toBe(true)
    expect(AccountStringSchema.safeParse('nonsense').success).toBe(false)
  })

  it('checks one segment value by its width', () => {
    expect(isSegmentValue('RESOURCE', '5310')).toBe(true)
    expect(isSegmentValue('RESOURCE', '531')).toBe(false)
    expect(isSegmentValue('PROJECT_YEAR', '0')).toBe(true)
  })
})
