import { describe, expect, it } from 'vitest'
import { AmountCentsSchema, PositiveAmountCentsSchema, formatCents, parseDollars, sumCents } from './finance-money.js'

describe('money in integer cents', () => {
  it('accepts whole cents and refuses fractions, floats, text and unsafe numbers', () => {
    expect(AmountCentsSchema.parse(12345)).toBe(12345)
    expect(AmountCentsSchema.parse(-500)).toBe(-500)
    for (const bad of [12.5, 0.1 + 0.2, '1234', Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60, null]) {
      expect(AmountCentsSchema.safeParse(bad).success, String(bad)).toBe(false)
    }
    expect(PositiveAmountCentsSchema.safeParse(0).success).toBe(false)
    expect(PositiveAmountCentsSchema.safeParse(1).success).toBe(true)
  })

  it('shows cents as dollars without passing through a float', () => {
    expect(formatCents(123456)).toBe('$1,234.56')
    expect(formatCents(5)).toBe('$0.05')
    expect(formatCents(-500)).toBe('-$5.00')
    expect(formatCents(900719925474099)).toBe('$9,007,199,254,740.99')
    expect(() => formatCents(1.5)).toThrow(RangeError)
  })

  it('reads what a person typed as cents, or null', () => {
    expect(parseDollars('1,234.5')).toBe(123450)
    expect(parseDollars('$12')).toBe(1200)
    expect(parseDollars('0.07')).toBe(7)
    expect(parseDollars('.5')).toBe(50)
    expect(parseDollars('-3.10')).toBe(-310)
    for (const bad of ['', 'abc', '1.234', '12,34', '1e3', '$']) expect(parseDollars(bad), bad).toBeNull()
  })

  it('sums whole cents exactly', () => {
    expect(sumCents([10, 20, 70])).toBe(100)
    expect(sumCents(Array.from({ length: 1000 }, () => 1))).toBe(1000)
    expect(() => sumCents([1, 0.5])).toThrow(RangeError)
  })
})
