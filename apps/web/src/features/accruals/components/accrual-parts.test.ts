import { describe, expect, it } from 'vitest'
import { actionLabel, countdownText } from './accrual-parts'

describe('countdownText', () => {
  it('counts down to a coming date, says today, and says how long ago a date passed', () => {
    expect(countdownText({ daysLeft: 12, passed: false })).toBe('In 12 days')
    expect(countdownText({ daysLeft: 1, passed: false })).toBe('In 1 day')
    expect(countdownText({ daysLeft: 0, passed: false })).toBe('Today')
    expect(countdownText({ daysLeft: -1, passed: true })).toBe('Passed 1 day ago')
    expect(countdownText({ daysLeft: -148, passed: true })).toBe('Passed 148 days ago')
  })
})

describe('actionLabel', () => {
  it('reads an audit action as words', () => {
    expect(actionLabel('accruals.site_approve')).toBe('Approved for the site')
    expect(actionLabel('accruals.return')).toBe('Returned to the requester')
    expect(actionLabel('accruals.cycle_changed')).toBe('Cycle changed')
    expect(actionLabel('submitted')).toBe('Submitted')
  })
})
