import { act, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { UnknownRoute } from '@/components/unknown-route'
import { authConfig, NO_SIGN_IN_OPTIONS, withAuthConfig } from '@/test/auth-config'
import { makeUser } from '@/test/factories'
import { jsonResponse, renderRoutes } from '@/test/render'
import { LoginClerkPage } from './login-clerk-page'
import { VerifyClerkPage } from './verify-clerk-page'

const fetchMock = vi.fn<typeof fetch>()
const configAnswer = vi.fn<() => Response | Promise<Response>>()
const routes = [
  { path: '/login', element: <p>Main sign-in page</p> },
  { path: '/login-clerk', element: <LoginClerkPage /> },
  { path: '/auth/verify-clerk', element: <VerifyClerkPage /> },
  { path: '/dashboard', element: <p>Dashboard page</p> },
  { path: '*', element: <UnknownRoute /> },
]
const DISTRICT = authConfig({
  districtSignIn: { enabled: true, domains: ['district.org'] },
  sso: [{ id: 'google', label: 'Sign in with Google' }],
})
const SENT = { success: true, message: 'Check your email.', expiresInMinutes: 15 }

const body = (call: Parameters<typeof fetch> | undefined) => JSON.parse(String(call?.[1]?.body)) as Record<string, unknown>
const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms)
  })

beforeEach(() => {
  configAnswer.mockReturnValue(jsonResponse(200, DISTRICT))
  vi.stubGlobal('fetch', withAuthConfig(fetchMock, configAnswer))
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
  fetchMock.mockReset()
  configAnswer.mockReset()
})

async function sendLink(address = 'jane@district.org') {
  const user = userEvent.setup()
  fetchMock.mockResolvedValueOnce(jsonResponse(200, SENT))
  await user.type(await screen.findByLabelText(/Email address/), address)
  await user.click(screen.getByRole('button', { name: 'Send sign-in link' }))
  await screen.findByRole('heading', { name: 'Check Your Email' })
  return user
}

describe('/login-clerk', () => {
  it('asks for a district address and refuses another domain without calling the server', async () => {
    const user = userEvent.setup()
    renderRoutes(routes, '/login-clerk')
    expect(await screen.findByRole('heading', { name: 'District sign-in' })).toBeInTheDocument()
    expect(screen.getByText('Please use your @district.org email address')).toBeInTheDocument()
    await user.type(screen.getByLabelText(/Email address/), 'jane@gmail.com')
    await user.click(screen.getByRole('button', { name: 'Send sign-in link' }))
    expect(screen.getByLabelText(/Email address/)).toHaveAccessibleDescription('Please use your @district.org email address')
    expect(screen.getByLabelText(/Email address/)).toHaveAttribute('aria-invalid', 'true')
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it("shows the server's domain refusal on the field", async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(422, { error: 'Please use your @district.org email address', code: 'domain_not_allowed' }))
    const user = userEvent.setup()
    renderRoutes(routes, '/login-clerk')
    await user.type(await screen.findByLabelText(/Email address/), 'jane@district.org')
    await user.click(screen.getByRole('button', { name: 'Send sign-in link' }))
    await waitFor(() =>
      expect(screen.getByLabelText(/Email address/)).toHaveAccessibleDescription('Please use your @district.org email address'),
    )
  })

  it('sends with flow district, takes the code with spaces, and returns to entry', async () => {
    renderRoutes(routes, '/login-clerk')
    const user = await sendLink('Jane@District.org')
    expect(body(fetchMock.mock.calls[0])).toEqual({ email: 'jane@district.org', flow: 'district' })
    expect(screen.getByRole('heading', { name: 'Check Your Email' })).toHaveFocus()

    // A code that is not 6 digits never reaches the server.
    await user.type(screen.getByLabelText(/Verification code/), '12 34')
    await user.click(screen.getByRole('button', { name: 'Verify code' }))
    expect(screen.getByText('Invalid verification code')).toBeInTheDocument()
    expect(fetchMock).toHaveBeenCalledTimes(1)

    fetchMock.mockResolvedValueOnce(jsonResponse(400, { error: 'Invalid verification code', code: 'invalid_code' }))
    await user.clear(screen.getByLabelText(/Verification code/))
    await user.type(screen.getByLabelText(/Verification code/), '123 456')
    await user.click(screen.getByRole('button', { name: 'Verify code' }))
    expect(await screen.findByText('Invalid verification code')).toBeInTheDocument()
    expect(body(fetchMock.mock.calls[1])).toEqual({
      email: 'jane@district.org',
      code: '123456',
      deviceId: localStorage.getItem('deviceId'),
    })

    const locked = 'Too many wrong codes for this sign-in. Use the link in the email, or request a new one.'
    fetchMock.mockResolvedValueOnce(jsonResponse(400, { error: locked, code: 'code_locked' }))
    await user.click(screen.getByRole('button', { name: 'Verify code' }))
    expect(await screen.findByText(locked)).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Use a different email' }))
    expect(screen.getByRole('heading', { name: 'District sign-in' })).toBeInTheDocument()
    expect(screen.getByLabelText(/Email address/)).toHaveValue('jane@district.org')
  })

  it('announces a new device after a code sign-in, then goes on after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const { router } = renderRoutes(routes, '/login-clerk')
    const user = await sendLink()
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { token: 'jwt', user: makeUser(), newDevice: true }))
    await user.type(screen.getByLabelText(/Verification code/), '123456')
    await user.click(screen.getByRole('button', { name: 'Verify code' }))
    expect(await screen.findByText('New device registered for your account')).toBeInTheDocument()
    expect(localStorage.getItem('token')).toBe('jwt')
    await advance(1_500)
    expect(router.state.location.pathname).toBe('/login-clerk')
    await advance(500)
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
  })

  it('offers single sign-on that returns to the district page on failure', async () => {
    renderRoutes(routes, '/login-clerk?sso_error=sso_wrong_tenant')
    expect(await screen.findByRole('link', { name: 'Sign in with Google' })).toHaveAttribute('href', '/api/sso/google/start?from=district')
    expect(screen.getByRole('alert')).toHaveTextContent('That account does not belong to the district.')
  })

  it('shows the provider status while loading, and Retry after an error', async () => {
    let answer: (response: Response) => void = () => {}
    configAnswer.mockReset()
    configAnswer.mockReturnValueOnce(new Promise((resolve) => (answer = resolve)))
    configAnswer.mockReturnValueOnce(jsonResponse(200, DISTRICT))
    const user = userEvent.setup()
    renderRoutes(routes, '/login-clerk')
    expect(screen.getByRole('status')).toHaveTextContent('Loading sign-in options...')
    answer(jsonResponse(500, { error: 'Database unavailable', code: 'unavailable' }))
    expect(await screen.findByText('The sign-in options could not be loaded.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('heading', { name: 'District sign-in' })).toBeInTheDocument()
  })

  it.each(['/login-clerk', '/auth/verify-clerk?email=jane%40district.org&token=abc'])(
    'answers %s as an unknown path does when the district sign-in is off',
    async (path) => {
      configAnswer.mockReturnValue(jsonResponse(200, NO_SIGN_IN_OPTIONS))
      const unknown = renderRoutes(routes, '/no-such-page')
      await waitFor(() => expect(unknown.router.state.location.pathname).toBe('/dashboard'))
      unknown.unmount()

      const { router } = renderRoutes(routes, path)
      await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
      expect(screen.getByText('Dashboard page')).toBeInTheDocument()
      expect(fetchMock).not.toHaveBeenCalled()
    },
  )
})

describe('/auth/verify-clerk', () => {
  const link = '/auth/verify-clerk?email=jane%40district.org&token=abc'

  it('signs in by itself in the browser that asked, notes a new device and redirects after 2 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    localStorage.setItem('pendingSignInEmail', 'jane@district.org')
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { token: 'jwt', user: makeUser(), newDevice: true }))
    const { router } = renderRoutes(routes, link)
    expect(await screen.findByText('Sign-in successful')).toBeInTheDocument()
    expect(screen.getByText('New device registered for your account')).toBeInTheDocument()
    expect(body(fetchMock.mock.calls[0])).toEqual({ email: 'jane@district.org', token: 'abc', deviceId: localStorage.getItem('deviceId') })
    expect(localStorage.getItem('token')).toBe('jwt')
    await advance(1_500)
    expect(router.state.location.pathname).toBe('/auth/verify-clerk')
    await advance(500)
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'))
  })

  it('waits for a click in another browser (mail scanners spend nothing)', async () => {
    fetchMock.mockResolvedValueOnce(jsonResponse(200, { token: 'jwt', user: makeUser(), newDevice: false }))
    const user = userEvent.setup()
    renderRoutes(routes, link)
    const button = await screen.findByRole('button', { name: 'Continue as j•••@district.org' })
    expect(fetchMock).not.toHaveBeenCalled()
    await user.click(button)
    expect(await screen.findByText('Sign-in successful')).toBeInTheDocument()
    expect(screen.queryByText('New device registered for your account')).toBeNull()
  })

  it("says 'Invalid or expired magic link' for a spent link, with the note and a way back", async () => {
    localStorage.setItem('pendingSignInEmail', 'jane@district.org')
    fetchMock.mockResolvedValueOnce(
      jsonResponse(400, { error: 'This link has already been used. Please request a new sign-in link.', code: 'link_used' }),
    )
    const user = userEvent.setup()
    const { router } = renderRoutes(routes, link)
    expect(await screen.findByText('Invalid or expired magic link')).toBeInTheDocument()
    expect(screen.getByText('This link has already been used. Please request a new sign-in link.')).toBeInTheDocument()
    expect(screen.getByText('This link may have expired or already been used, or it was opened on a different device.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Back to Login' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login-clerk'))
  })

  it("says 'Unable to complete verification' for anything else", async () => {
    localStorage.setItem('pendingSignInEmail', 'jane@district.org')
    fetchMock.mockResolvedValueOnce(new Response('oops', { status: 500 }))
    renderRoutes(routes, link)
    expect(await screen.findByText('Unable to complete verification')).toBeInTheDocument()
    expect(screen.getByText('This link may have expired or already been used, or it was opened on a different device.')).toBeInTheDocument()
  })

  it('treats a link without its token as an invalid magic link', async () => {
    renderRoutes(routes, '/auth/verify-clerk?email=jane%40district.org')
    expect(await screen.findByText('Invalid or expired magic link')).toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
  })
})
