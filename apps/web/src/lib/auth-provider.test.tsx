import { screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeUser } from '@/test/factories'
import { jsonResponse, renderRoutes } from '@/test/render'
import { useAuth } from './auth-context'
import { storeSession } from './auth-storage'

function Probe() {
  const { user, loading, isAuthenticated } = useAuth()
  return <p>{`${loading ? 'loading' : 'ready'}|${isAuthenticated ? user?.firstName : 'signed-out'}`}</p>
}

const fetchMock = vi.fn<typeof fetch>()
beforeEach(() => vi.stubGlobal('fetch', fetchMock))
afterEach(() => {
  vi.unstubAllGlobals()
  fetchMock.mockReset()
})

describe('AuthProvider start-up', () => {
  it('is signed out without a stored session', async () => {
    renderRoutes([{ path: '/', element: <Probe /> }], '/')
    expect(await screen.findByText('ready|signed-out')).toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('adopts the stored user at once, then the server copy', async () => {
    storeSession('jwt', makeUser({ firstName: 'Stored' }))
    fetchMock.mockResolvedValue(jsonResponse(200, { user: makeUser({ firstName: 'Fresh' }) }))
    renderRoutes([{ path: '/', element: <Probe /> }], '/')
    expect(screen.getByText('loading|Stored')).toBeInTheDocument()
    expect(await screen.findByText('ready|Fresh')).toBeInTheDocument()
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').firstName).toBe('Fresh')
  })

  it('keeps the stored user when the server is down', async () => {
    storeSession('jwt', makeUser({ firstName: 'Stored' }))
    fetchMock.mockResolvedValue(jsonResponse(503, { error: 'Database unavailable', code: 'unavailable' }))
    renderRoutes([{ path: '/', element: <Probe /> }], '/')
    expect(await screen.findByText('ready|Stored')).toBeInTheDocument()
    expect(localStorage.getItem('token')).toBe('jwt')
  })

  it('signs out on a 401 from the profile call', async () => {
    storeSession('jwt', makeUser({ firstName: 'Stored' }))
    fetchMock.mockResolvedValue(jsonResponse(401, { error: 'Session expired', code: 'unauthorized' }))
    renderRoutes([{ path: '/', element: <Probe /> }], '/')
    expect(await screen.findByText('ready|signed-out')).toBeInTheDocument()
    await waitFor(() => expect(localStorage.getItem('token')).toBeNull())
    expect(localStorage.getItem('user')).toBeNull()
  })
})
