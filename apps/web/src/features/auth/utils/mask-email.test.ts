import { describe, expect, it } from 'vitest'
import { maskEmail } from './mask-email'

describe('maskEmail', () => {
  it('keeps the first letter of the local part and the whole domain', () => {
    expect(maskEmail('jane.doe@district.org')).toBe('j•••@district.org')
  })
  it('lower-cases and trims the address', () => {
    expect(maskEmail('  Jane@District.ORG ')).toBe('j•••@district.org')
  })
  it('masks a one-letter local part too', () => {
    expect(maskEmail('j@district.org')).toBe('j•••@district.org')
  })
  it('copes with a missing @ or an empty value', () => {
    expect(maskEmail('jane')).toBe('j•••')
    expect(maskEmail('')).toBe('•••')
    expect(maskEmail('@district.org')).toBe('•••@district.org')
  })
})
