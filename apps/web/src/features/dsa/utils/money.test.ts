import { describe, expect, it } from 'vitest'
import { costSourceLabel, formatUsd } from './money'

describe('formatUsd', () => {
  it('writes US dollars, with cents only when there are some', () => {
    expect(formatUsd(1_250_000)).toBe('$1,250,000')
    expect(formatUsd(1_250_000.5)).toBe('$1,250,000.50')
    expect(formatUsd(0)).toBe('$0')
    expect(formatUsd(-2500)).toBe('-$2,500')
  })

  it("shows '—' when there is no amount", () => {
    expect(formatUsd(null)).toBe('—')
    expect(formatUsd(undefined)).toBe('—')
    expect(formatUsd(Number.NaN)).toBe('—')
  })
})

describe('costSourceLabel', () => {
  it('names the amount the construction cost is', () => {
    expect(costSourceLabel('final')).toBe('Final cost')
    expect(costSourceLabel('contracted')).toBe('Contracted amount')
    expect(costSourceLabel('estimated')).toBe('Estimated amount')
    expect(costSourceLabel(null)).toBeNull()
  })
})
