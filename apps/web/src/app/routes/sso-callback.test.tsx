import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeUser } from '@/test/factories'
import { jsonResponse, renderRoutes } from '@/test/render'
import { SsoCallbackPage } from './sso-callback-page'

const fetchMock = vi.fn<typeof fetch>()
const routes = [
  { path: '/auth/sso', element: <SsoCallbackPage /> },
  { path: '/login', element: <p>Login page</p> },
  { path: '/dashboard', element: <p>Dashboard page</p> },
]
const TICKET = 'tkt_0123456789abcdefghijKLMN'
const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms)
  })

/** The browser's address as the server's redirect leaves it. */
function arriveWith(hash: string) {
  window.history.replaceState(null, '', `/auth/sso${hash}`)
  return renderRoutes(routes, `/auth/sso${hash}`)
}

beforeEach(() => vi.stubGlobal('fetch', fetchMock))
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  fetchMock.mockReset()
  window.history.replaceState(null, '', '/')
})

describe('/auth/sso', () => {
  it('removes the ticket from the address, trades it for a session and redirects after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { token: 'jwt', user: makeUser(), newDevice: true }))
    const { router } = arriveWith(`#ticket=${TICKET}`)
    expect(screen.getByRole('heading', { name: 'Signing you in' })).toBeInTheDocument()
    expect(window.location.hash).toBe('')
    expect(window.location.pathname).toBe('/auth/sso')

    expect(await screen.findByText('Sign-in successful')).toBeInTheDocument()
    expect(screen.getByText('New device registered for your account')).toBeInTheDocument()
    const [input, init] = fetchMock.mock.calls[0]!
    expect(String(input)).toBe('/api/sso/complete')
    expect(JSON.parse(String(init?.body))).toEqual({ ticket: TICKET, deviceId: localStorage.getItem('deviceId') })
    expect(localStorage.getItem('token')).toBe('jwt')
    expect(JSON.parse(localStorage.getItem('user') ?? '{}').email).toBe('jane.doe@district.org')

    await advance(1_500)
    expect(router.state.location.pathname).toBe('/auth/sso')
    await advance(500)
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it("shows the server's reason when the ticket is refused, without leaving the page", async () => {
    fetchMock.mockResolvedValueOnce(
      jsonResponse(401, { error: 'This sign-in has expired. Please sign in again.', code: 'sso_ticket_invalid' }),
    )
    const user = userEvent.setup()
    const { router } = arriveWith(`#ticket=${TICKET}`)
    expect(await screen.findByText('This sign-in has expired. Please sign in again.')).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/auth/sso')
    expect(localStorage.getItem('token')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Back to Login' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
  })

  it('says so when the ticket is missing', () => {
    arriveWith('')
    expect(screen.getByText('This sign-in could not be completed: its ticket is missing.')).toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
  })
})
