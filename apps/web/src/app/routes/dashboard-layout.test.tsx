import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeUser } from '@/test/factories'
import { jsonResponse, renderRoutes } from '@/test/render'
import { DashboardLayout } from './dashboard-layout'

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

describe('signed-in shell', () => {
  it("links 'Devices and sessions' from the header", async () => {
    renderRoutes([{ element: <DashboardLayout />, children: [{ path: '/dashboard', element: <p>Dashboard content</p> }] }], '/dashboard')
    expect(await screen.findByText('Dashboard content')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Devices and sessions' })).toHaveAttribute('href', '/account/devices')
    expect(screen.getByRole('button', { name: 'Logout' })).toBeInTheDocument()
  })
})
