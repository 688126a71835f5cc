import { SSO_ERROR_TEXT } from '@platform/contracts/auth'
import { describe, expect, it } from 'vitest'
import { isDistrictAddress } from './district-domain'
import { ssoErrorText, ssoStartUrl, ticketFromHash } from './sso'

describe('single sign-on helpers', () => {
  it('starts at /api/sso/{provider}/start, marking the district page', () => {
    expect(ssoStartUrl('microsoft')).toBe('/api/sso/microsoft/start')
    expect(ssoStartUrl('google', 'district')).toBe('/api/sso/google/start?from=district')
  })

  it('words known codes from the contract and anything else generically', () => {
    expect(ssoErrorText('sso_not_invited')).toBe(SSO_ERROR_TEXT.sso_not_invited)
    expect(ssoErrorText('toString')).toBe('Single sign-on failed. Please try again.')
    expect(ssoErrorText('made_up')).toBe('Single sign-on failed. Please try again.')
  })

  it('reads the ticket from the fragment', () => {
    expect(ticketFromHash('#ticket=abc_DEF-123')).toBe('abc_DEF-123')
    expect(ticketFromHash('ticket=abc')).toBe('abc')
    expect(ticketFromHash('#other=1')).toBeNull()
    expect(ticketFromHash('')).toBeNull()
  })
})

describe('isDistrictAddress', () => {
  it('accepts only the district domains, whatever the case', () => {
    expect(isDistrictAddress('Jane@District.org', ['district.org'])).toBe(true)
    expect(isDistrictAddress('jane@students.district.org', ['district.org', 'students.district.org'])).toBe(true)
    expect(isDistrictAddress('jane@evil-district.org', ['district.org'])).toBe(false)
    expect(isDistrictAddress('jane@district.org.evil.com', ['district.org'])).toBe(false)
    expect(isDistrictAddress('district.org', ['district.org'])).toBe(false)
  })
})
