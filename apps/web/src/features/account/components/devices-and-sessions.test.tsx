import type { DevicesResponse } from '@platform/contracts/account'
import { notifications } from '@mantine/notifications'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RequireAuth } from '@/components/guards/require-auth'
import { makeUser } from '@/test/factories'
import { jsonResponse, renderRoutes } from '@/test/render'
import { DevicesAndSessions } from './devices-and-sessions'

const me = makeUser()
const CURRENT = 'a'.repeat(32)
const PHONE_1 = 'b'.repeat(32)
const PHONE_2 = 'c'.repeat(32)
const OLD = 'd'.repeat(32)

const session = (id: string, startedAt: string, current = false) => ({
  id,
  startedAt,
  lastSeenAt: '2026-03-02T12:00:00.000Z',
  expiresAt: '2026-03-09T12:00:00.000Z',
  ip: current ? '10.0.0.5' : null,
  current,
})

const DEVICES: DevicesResponse = {
  devices: [
    {
      id: 1,
      browser: 'Firefox',
      os: 'Windows',
      firstSeenAt: '2026-01-05T08:00:00.000Z',
      lastSeenAt: '2026-03-02T12:00:00.000Z',
      lastIp: '10.0.0.5',
      current: true,
      sessions: [session(CURRENT, '2026-03-02T08:00:00.000Z', true)],
    },
    {
      id: 2,
      browser: 'Safari',
      os: 'iOS',
      firstSeenAt: '2026-02-01T08:00:00.000Z',
      lastSeenAt: '2026-03-01T18:00:00.000Z',
      lastIp: null,
      current: false,
      sessions: [session(PHONE_1, '2026-02-20T07:30:00.000Z'), session(PHONE_2, '2026-03-01T17:45:00.000Z')],
    },
  ],
  otherSessions: [session(OLD, '2025-12-15T09:00:00.000Z')],
}

const fetchMock = vi.fn<typeof fetch>()
const routes = [
  {
    path: '/account/devices',
    element: (
      <RequireAuth>
        <DevicesAndSessions />
      </RequireAuth>
    ),
  },
  { path: '/login', element: <p>Login page</p> },
]

function route(input: RequestInfo | URL, init?: RequestInit): Response {
  const url = new URL(String(input), 'http://localhost')
  const method = init?.method ?? 'GET'
  if (url.pathname === '/api/get-user-profile') return jsonResponse(200, { user: me })
  if (url.pathname === '/api/account/devices') return jsonResponse(200, DEVICES)
  if (url.pathname === '/api/logout') return jsonResponse(401, { error: 'Session ended', code: 'unauthorized' })
  if (method === 'POST' && url.pathname.startsWith('/api/account/'))
    return jsonResponse(200, { success: true, message: '2 sessions were signed out.', signedOut: 2 })
  return jsonResponse(404, { error: `No route ${method} ${url.pathname}`, code: 'not_found' })
}

const posts = () =>
  fetchMock.mock.calls
    .filter(([input, init]) => init?.method === 'POST' && String(input).startsWith('/api/account/'))
    .map(([input, init]) => [String(input), JSON.parse(String(init?.body)) as unknown])
const deviceLoads = () => fetchMock.mock.calls.filter(([input]) => String(input) === '/api/account/devices').length

beforeEach(() => {
  localStorage.setItem('token', 'jwt')
  localStorage.setItem('user', JSON.stringify(me))
  fetchMock.mockImplementation(async (input, init) => route(input, init))
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => {
  vi.unstubAllGlobals()
  fetchMock.mockReset()
})

async function confirmIn(title: string, user: ReturnType<typeof userEvent.setup>, confirmLabel: string) {
  const dialog = await screen.findByRole('dialog', { name: title })
  await user.click(within(dialog).getByRole('button', { name: confirmLabel }))
}

describe('Devices and sessions', () => {
  it('lists each device with its sessions, marking this device and this session', async () => {
    renderRoutes(routes, '/account/devices')
    expect(screen.getByRole('heading', { level: 1, name: 'Devices and sessions' })).toBeInTheDocument()
    const laptop = await screen.findByRole('region', { name: 'Firefox on Windows' })
    expect(within(laptop).getByText('This device')).toBeInTheDocument()
    expect(within(laptop).getByText('This session')).toBeInTheDocument()
    expect(within(laptop).getByText('First seen')).toBeInTheDocument()
    expect(within(laptop).getAllByText('10.0.0.5')).toHaveLength(2)

    const phone = screen.getByRole('region', { name: 'Safari on iOS' })
    expect(within(phone).queryByText('This device')).toBeNull()
    expect(within(within(phone).getByRole('table', { name: 'Sessions on Safari on iOS' })).getAllByRole('row')).toHaveLength(3)
    expect(within(phone).getAllByText('Unknown').length).toBeGreaterThan(0)
    expect(screen.getByRole('region', { name: 'Other sessions' })).toBeInTheDocument()
  })

  it('signs out one session after confirmation and refreshes the list', async () => {
    const show = vi.spyOn(notifications, 'show')
    const user = userEvent.setup()
    renderRoutes(routes, '/account/devices')
    const phone = await screen.findByRole('region', { name: 'Safari on iOS' })
    const [firstSignOut] = within(phone).getAllByRole('button', { name: /^Sign out the session started/ })

    await user.click(firstSignOut!)
    const dialog = await screen.findByRole('dialog', { name: 'Sign out session' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(posts()).toEqual([])

    await user.click(firstSignOut!)
    await confirmIn('Sign out session', user, 'Sign out')
    await waitFor(() => expect(posts()).toEqual([[`/api/account/sessions/${PHONE_1}/sign-out`, {}]]))
    await waitFor(() => expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: '2 sessions were signed out.' })))
    await waitFor(() => expect(deviceLoads()).toBe(2))
    expect(localStorage.getItem('token')).toBe('jwt')
  })

  it('signs out a device, and all other sessions, keeping this one', async () => {
    const user = userEvent.setup()
    const { router } = renderRoutes(routes, '/account/devices')
    await user.click(await screen.findByRole('button', { name: 'Sign out this device (Safari on iOS)' }))
    expect(
      within(await screen.findByRole('dialog', { name: 'Sign out device' })).getByText('Sign out every session on Safari on iOS?'),
    ).toBeInTheDocument()
    await confirmIn('Sign out device', user, 'Sign out this device')
    await waitFor(() => expect(posts()).toEqual([['/api/account/devices/2/sign-out', {}]]))

    await user.click(screen.getByRole('button', { name: 'Sign out all other sessions' }))
    await confirmIn('Sign out all other sessions', user, 'Sign out all other sessions')
    await waitFor(() => expect(posts().at(-1)).toEqual(['/api/account/sign-out-everywhere', { keepCurrent: true }]))
    expect(router.state.location.pathname).toBe('/account/devices')
    expect(localStorage.getItem('token')).toBe('jwt')
  })

  it('signs out everywhere after confirmation, which ends this session too: back to /login', async () => {
    const user = userEvent.setup()
    const { router } = renderRoutes(routes, '/account/devices')
    await screen.findByRole('region', { name: 'Firefox on Windows' })
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }))
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere' })
    expect(
      within(dialog).getByText(/Sign out every session on every device\? This includes the session you are using now/),
    ).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(posts()).toEqual([['/api/account/sign-out-everywhere', { keepCurrent: false }]])
    expect(localStorage.getItem('token')).toBeNull()
    expect(localStorage.getItem('user')).toBeNull()
  })

  it('signing out the current session goes back to /login', async () => {
    const user = userEvent.setup()
    const { router } = renderRoutes(routes, '/account/devices')
    const laptop = await screen.findByRole('region', { name: 'Firefox on Windows' })
    await user.click(within(laptop).getByRole('button', { name: /\(this session\)$/ }))
    await confirmIn('Sign out session', user, 'Sign out')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(posts()).toEqual([[`/api/account/sessions/${CURRENT}/sign-out`, {}]])
    expect(localStorage.getItem('token')).toBeNull()
  })

  it("shows the server's reason when a sign-out fails", async () => {
    const show = vi.spyOn(notifications, 'show')
    fetchMock.mockImplementation(async (input, init) =>
      init?.method === 'POST' && String(input).includes('/devices/2/')
        ? jsonResponse(404, { error: 'That device is not yours.', code: 'not_found' })
        : route(input, init),
    )
    const user = userEvent.setup()
    renderRoutes(routes, '/account/devices')
    await user.click(await screen.findByRole('button', { name: 'Sign out this device (Safari on iOS)' }))
    await confirmIn('Sign out device', user, 'Sign out this device')
    await waitFor(() => expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'red', message: 'That device is not yours.' })))
  })
})
