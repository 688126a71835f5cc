import { MantineProvider } from '@mantine/core'
import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { isSessionEnded, markSessionEnded } from '@/lib/auth-storage'
import { SESSION_ENDED, SessionEndedNotice } from './session-ended-notice'

const renderNotice = () =>
  render(
    <MantineProvider env="test">
      <SessionEndedNotice />
    </MantineProvider>,
  )

describe('SessionEndedNotice', () => {
  it('says the session ended once, when the server ended it', () => {
    markSessionEnded()
    const first = renderNotice()
    expect(screen.getByRole('status')).toHaveTextContent(SESSION_ENDED)
    expect(isSessionEnded()).toBe(false)
    first.unmount()

    renderNotice()
    expect(screen.queryByText(SESSION_ENDED)).toBeNull()
  })

  it('says nothing on a plain visit', () => {
    renderNotice()
    expect(screen.queryByText(SESSION_ENDED)).toBeNull()
  })
})
