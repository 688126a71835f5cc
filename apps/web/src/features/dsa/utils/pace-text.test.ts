import { describe, expect, it } from 'vitest'
import { paceText } from './run-state'

describe('paceText', () => {
  it('states the pace the server really keeps', () => {
    expect(paceText(2000)).toBe('one page every 2 seconds')
    expect(paceText(1000)).toBe('one page every second')
    expect(paceText(2500)).toBe('one page every 2.5 seconds')
    expect(paceText(150)).toBe('one page every 150 ms')
    expect(paceText(0)).toBe('one page after another, without a pause')
  })
})
