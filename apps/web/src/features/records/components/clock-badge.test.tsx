import { MantineProvider } from '@mantine/core'
import { render, screen } from '@testing-library/react'
import { clockStatus } from '@platform/contracts/records-clock'
import { describe, expect, it } from 'vitest'
import { ClockBadge } from './clock-badge'

const badge = (dueOn: string, today: string, running = true) => {
  render(
    <MantineProvider env="test">
      <ClockBadge {...clockStatus(dueOn, today, running)} stoppedLabel="Determined" />
    </MantineProvider>,
  )
  return screen.getByText(/left|due|overdue|determined/i).closest('[data-clock]')!
}

describe('the clock badge says in words what its colour says', () => {
  it.each([
    ['2026-11-30', '2026-11-24', 'ON_TRACK', '6 days left'],
    ['2026-11-26', '2026-11-24', 'DUE_SOON', '2 days left'],
    ['2026-11-25', '2026-11-24', 'DUE_SOON', '1 day left'],
    ['2026-11-24', '2026-11-24', 'DUE_TODAY', 'Due today'],
    ['2026-11-23', '2026-11-24', 'OVERDUE', 'Overdue by 1 day'],
    ['2026-11-20', '2026-12-01', 'OVERDUE', 'Overdue by 11 days'],
  ])('due %s, today %s: %s, "%s"', (dueOn, today, status, words) => {
    const element = badge(dueOn, today)
    expect(element.getAttribute('data-clock')).toBe(status)
    expect(element.textContent).toBe(words)
  })

  it('a stopped clock says why, whatever the date', () => {
    const element = badge('2026-11-01', '2026-11-24', false)
    expect(element.getAttribute('data-clock')).toBe('STOPPED')
    expect(element.textContent).toBe('Determined')
  })
})
