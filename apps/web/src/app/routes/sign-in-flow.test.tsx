import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RequireAuth } from '@/components/guards/require-auth'
import { VerifyLinkPanel } from '@/features/auth/components/verify-link-panel'
import { makeUser } from '@/test/factories'
import { withAuthConfig } from '@/test/auth-config'
import { jsonResponse, renderRoutes } from '@/test/render'
import { LoginPage } from './login-page'

const fetchMock = vi.fn<typeof fetch>()
const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/auth/verify', element: <VerifyLinkPanel /> },
  {
    path: '/dashboard',
    element: (
      <RequireAuth>
        <p>Dashboard page</p>
      </RequireAuth>
    ),
  },
  {
    path: '/apps/:appId',
    element: (
      <RequireAuth>
        <p>App page</p>
      </RequireAuth>
    ),
  },
]

beforeEach(() => vi.stubGlobal('fetch', withAuthConfig(fetchMock)))
afterEach(() => {
  vi.unstubAllGlobals()
  fetchMock.mockReset()
})

describe('/login', () => {
  it('sends a link, shows Check Your Email and returns to entry', async () => {
    fetchMock.mockResolvedValue(
      jsonResponse(200, { success: true, message: 'If an account exists, a link is on its way.', expiresInMinutes: 15 }),
    )
    const user = userEvent.setup()
    renderRoutes(routes, '/login')

    const send = screen.getByRole('button', { name: 'Send sign-in link' })
    expect(send).toBeDisabled()
    await user.type(screen.getByLabelText(/Email address/), 'Jane.Doe@District.org')
    await user.click(send)

    expect(await screen.findByRole('heading', { name: 'Check Your Email' })).toBeInTheDocument()
    expect(screen.getByText('jane.doe@district.org')).toBeInTheDocument()
    expect(screen.getByRole('status')).toHaveTextContent(
      'If jane.doe@district.org has an account, a sign-in link and a code are on their way.',
    )
    expect(screen.getAllByText(/15 minutes/)).toHaveLength(1)
    expect(localStorage.getItem('pendingSignInEmail')).toBe('jane.doe@district.org')

    await user.click(screen.getByRole('button', { name: 'Send another link' }))
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeInTheDocument()
  })

  it("shows the server's text on a 429, else 'Failed to send magic link'", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(429, { error: 'Too many requests. Try again in 3 minutes.', code: 'rate_limited' }))
    fetchMock.mockResolvedValueOnce(new Response('oops', { status: 500 }))
    const user = userEvent.setup()
    renderRoutes(routes, '/login')
    await user.type(screen.getByLabelText(/Email address/), 'jane@district.org')
    await user.click(screen.getByRole('button', { name: 'Send sign-in link' }))
    expect(await screen.findByText('Too many requests. Try again in 3 minutes.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Send sign-in link' }))
    expect(await screen.findByText('Failed to send magic link')).toBeInTheDocument()
  })

  it('signs in with the code and goes back to where the person was going', async () => {
    const profile = makeUser()
    const user = userEvent.setup()
    const { router } = renderRoutes(routes, '/apps/accruals')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))

    fetchMock.mockResolvedValueOnce(jsonResponse(200, { success: true, message: 'Sent', expiresInMinutes: 15 }))
    await user.type(screen.getByLabelText(/Email address/), 'jane@district.org')
    await user.click(screen.getByRole('button', { name: 'Send sign-in link' }))
    await screen.findByRole('heading', { name: 'Check Your Email' })

    fetchMock.mockResolvedValueOnce(jsonResponse(400, { error: 'That code is not right', code: 'bad_request' }))
    await user.type(screen.getByLabelText(/Verification code/), '123 456')
    await user.click(screen.getByRole('button', { name: 'Verify code' }))
    expect(await screen.findByText('That code is not right')).toBeInTheDocument()

    fetchMock.mockResolvedValueOnce(jsonResponse(200, { token: 'jwt', user: profile, newDevice: false }))
    await user.click(screen.getByRole('button', { name: 'Verify code' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/apps/accruals'))
    expect(JSON.parse(fetchMock.mock.calls.at(-1)?.[1]?.body as string)).toEqual({
      email: 'jane@district.org',
      code: '123456',
      deviceId: localStorage.getItem('deviceId'),
    })
    expect(localStorage.getItem('token')).toBe('jwt')
    expect(localStorage.getItem('pendingSignInEmail')).toBeNull()
  })
})

describe('/auth/verify', () => {
  it("says 'Invalid verification link' without email and token", () => {
    renderRoutes(routes, '/auth/verify?email=jane@district.org')
    expect(screen.getByText('Invalid verification link')).toBeInTheDocument()
    expect(screen.getByText('This link may have expired or already been used')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Back to Login' })).toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('spends nothing in another browser until the person clicks Continue', async () => {
    fetchMock.mockResolvedValue(jsonResponse(200, { token: 'jwt', user: makeUser(), newDevice: false }))
    const user = userEvent.setup()
    renderRoutes(routes, '/auth/verify?email=jane%40district.org&token=abc')
    const button = screen.getByRole('button', { name: 'Continue as j•••@district.org' })
    expect(fetchMock).not.toHaveBeenCalled()
    expect(sessionStorage.getItem('pendingVerification')).toContain('abc')
    await user.click(button)
    expect(await screen.findByText('Sign-in successful')).toBeInTheDocument()
    expect(localStorage.getItem('token')).toBe('jwt')
  })

  it('verifies by itself in the browser that asked, and reports a missing token', async () => {
    localStorage.setItem('pendingSignInEmail', 'jane@district.org')
    fetchMock.mockResolvedValue(jsonResponse(200, { user: makeUser() }))
    renderRoutes(routes, '/auth/verify?email=Jane%40district.org&token=abc')
    expect(await screen.findByText('No JWT token received from server')).toBeInTheDocument()
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })
})
