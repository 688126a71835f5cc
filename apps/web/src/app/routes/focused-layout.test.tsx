import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeUser } from '@/test/factories'
import { jsonResponse, renderRoutes } from '@/test/render'
import { ReportsStudioLayout } from './focused-layout'

const fetchMock = vi.fn<typeof fetch>()
beforeEach(() => {
  const me = makeUser()
  localStorage.setItem('token', 'jwt')
  localStorage.setItem('user', JSON.stringify(me))
  fetchMock.mockResolvedValue(jsonResponse(200, { user: me }))
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => {
  vi.unstubAllGlobals()
  fetchMock.mockReset()
})

describe('Reports Studio in its own tab', () => {
  it('has its own frame: the application named, no platform menu, a way back to the dashboard and Logout', async () => {
    const user = userEvent.setup()
    renderRoutes(
      [
        { element: <ReportsStudioLayout />, children: [{ path: '/reports-studio', element: <p>Studio content</p> }] },
        { path: '/dashboard', element: <p>Dashboard content</p> },
      ],
      '/reports-studio',
    )
    expect(await screen.findByText('Studio content')).toBeInTheDocument()
    expect(screen.getByTestId('focused-application')).toHaveTextContent('Reports Studio')
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument()
    const back = screen.getByRole('link', { name: 'Back to the dashboard' })
    expect(back).toHaveAttribute('href', '/dashboard')
    await user.click(back)
    expect(await screen.findByText('Dashboard content')).toBeInTheDocument()
  })
})
