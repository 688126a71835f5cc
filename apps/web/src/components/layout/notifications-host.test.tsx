import { MantineProvider } from '@mantine/core'
import { cleanNotifications, notifications } from '@mantine/notifications'
import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { NotificationsHost } from './notifications-host'

afterEach(() => act(() => cleanNotifications()))

function renderHost() {
  return render(
    <MantineProvider env="test">
      <NotificationsHost />
    </MantineProvider>,
  )
}

describe('NotificationsHost', () => {
  it('mounts nothing while there is nothing to show', async () => {
    renderHost()
    // Were the host mounted, its (already loaded) module would resolve and render within these turns.
    for (let turn = 0; turn < 5; turn += 1) await act(() => new Promise((resolve) => setTimeout(resolve, 20)))
    expect(document.querySelector('.mantine-Notifications-root')).toBeNull()
  })

  it('shows a notification given before it mounted, and the next ones', async () => {
    act(() => void notifications.show({ message: 'You have been signed out.' }))
    renderHost()
    expect(await screen.findByText('You have been signed out.')).toBeInTheDocument()
    act(() => void notifications.show({ message: 'Saved.' }))
    expect(await screen.findByText('Saved.')).toBeInTheDocument()
  })
})
