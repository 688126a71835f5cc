import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeUser } from '@/test/factories'
import { jsonResponse, renderRoutes } from '@/test/render'
import { AppPage } from './app-page'

const fetchMock = vi.fn<typeof fetch>()
beforeEach(() => {
  const me = makeUser({ permissions: [] })
  localStorage.setItem('token', 'jwt')
  localStorage.setItem('user', JSON.stringify(me))
  fetchMock.mockResolvedValue(jsonResponse(200, { user: me }))
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => {
  vi.unstubAllGlobals()
  fetchMock.mockReset()
})

const routes = [
  { path: '/apps/:appId', element: <AppPage /> },
  { path: '/dashboard', element: <p>Home</p> },
]

describe('/apps/<id>', () => {
  it('leads home from an id that names no application', async () => {
    const { router } = renderRoutes(routes, '/apps/no-such-application')
    expect(await screen.findByText('Home')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard')
  })

  it('still refuses a platform application the person may not open', async () => {
    const { router } = renderRoutes(routes, '/apps/user-management')
    expect(await screen.findByRole('heading', { name: 'Admin Access Required' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/apps/user-management')
  })
})
