import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { VerifyLinkPanel } from '@/features/auth/components/verify-link-panel'
import { withAuthConfig } from '@/test/auth-config'
import { makeUser } from '@/test/factories'
import { jsonResponse, renderRoutes } from '@/test/render'
import { LoginPage } from './login-page'

const fetchMock = vi.fn<typeof fetch>()
const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/auth/verify', element: <VerifyLinkPanel /> },
  { path: '/dashboard', element: <p>Dashboard page</p> },
]
const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms)
  })
const sentBodies = () => fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body)) as Record<string, unknown>)

beforeEach(() => vi.stubGlobal('fetch', withAuthConfig(fetchMock)))
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  fetchMock.mockReset()
})

describe('the standard flow and new devices', () => {
  it('sends the deviceId with the link, notes a new device and keeps the 2.5 s redirect', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    localStorage.setItem('pendingSignInEmail', 'jane@district.org')
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { token: 'jwt', user: makeUser(), newDevice: true }))
    const { router } = renderRoutes(routes, '/auth/verify?email=jane%40district.org&token=abc')
    expect(await screen.findByText('New device registered for your account')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Sign-in successful' })).toHaveFocus()
    expect(sentBodies()[0]).toEqual({ email: 'jane@district.org', token: 'abc', deviceId: localStorage.getItem('deviceId') })
    await advance(2_000)
    expect(router.state.location.pathname).toBe('/auth/verify')
    await advance(500)
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
  })

  it('notes a new device after the code on /login, and sends the same deviceId at every sign-in', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    const { router } = renderRoutes(routes, '/login')
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { success: true, message: 'Sent', expiresInMinutes: 15 }))
    await user.type(screen.getByLabelText(/Email address/), 'jane@district.org')
    await user.click(screen.getByRole('button', { name: 'Send sign-in link' }))
    await screen.findByRole('heading', { name: 'Check Your Email' })

    fetchMock.mockResolvedValueOnce(jsonResponse(200, { token: 'jwt', user: makeUser(), newDevice: true }))
    await user.type(screen.getByLabelText(/Verification code/), '123-456')
    await user.click(screen.getByRole('button', { name: 'Verify code' }))
    expect(await screen.findByText('New device registered for your account')).toBeInTheDocument()
    await advance(2_000)
    expect(router.state.location.pathname).toBe('/login')
    await advance(500)
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))

    // Signed out again, the same browser signs in with the same id (it is created once).
    localStorage.removeItem('token')
    localStorage.setItem('pendingSignInEmail', 'jane@district.org')
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { token: 'jwt2', user: makeUser(), newDevice: false }))
    await act(() => router.navigate('/auth/verify?email=jane%40district.org&token=def'))
    expect(await screen.findByText('Sign-in successful')).toBeInTheDocument()
    expect(screen.queryByText('New device registered for your account')).toBeNull()
    const [, codeBody, linkBody] = sentBodies()
    expect(codeBody?.deviceId).toMatch(/^[A-Za-z0-9_-]{32}$/)
    expect(linkBody?.deviceId).toBe(codeBody?.deviceId)
  })
})
