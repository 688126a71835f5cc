import { SSO_ERROR_TEXT } from '@platform/contracts/auth'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { authConfig, NO_SIGN_IN_OPTIONS, withAuthConfig } from '@/test/auth-config'
import { jsonResponse, renderRoutes } from '@/test/render'
import { LoginPage } from './login-page'

const fetchMock = vi.fn<typeof fetch>()
const configAnswer = vi.fn<() => Response | Promise<Response>>()
const routes = [
  { path: '/login', element: <LoginPage /> },
  { path: '/login-clerk', element: <p>District page</p> },
]
const EVERYTHING = authConfig({
  districtSignIn: { enabled: true, domains: ['district.org'] },
  sso: [
    { id: 'microsoft', label: 'Sign in with Microsoft' },
    { id: 'google', label: 'Sign in with Google' },
  ],
})

beforeEach(() => vi.stubGlobal('fetch', withAuthConfig(fetchMock, configAnswer)))
afterEach(() => {
  vi.unstubAllGlobals()
  fetchMock.mockReset()
  configAnswer.mockReset()
})

const optionsLoaded = () => waitFor(() => expect(screen.queryByText('Loading sign-in options...')).toBeNull())

describe('/login sign-in options', () => {
  it('offers only the e-mailed link when nothing else is configured', async () => {
    configAnswer.mockReturnValue(jsonResponse(200, NO_SIGN_IN_OPTIONS))
    renderRoutes(routes, '/login')
    expect(screen.getByRole('status')).toHaveTextContent('Loading sign-in options...')
    await optionsLoaded()
    expect(screen.getByRole('button', { name: 'Send sign-in link' })).toBeInTheDocument()
    expect(screen.queryByRole('link', { name: /Sign in with/ })).toBeNull()
    expect(screen.queryByText('or')).toBeNull()
  })

  it('links the district sign-in and shows the single sign-on buttons as plain links', async () => {
    configAnswer.mockReturnValue(jsonResponse(200, EVERYTHING))
    const user = userEvent.setup()
    const { router } = renderRoutes(routes, '/login')
    expect(await screen.findByRole('link', { name: 'Sign in with Microsoft' })).toHaveAttribute('href', '/api/sso/microsoft/start')
    expect(screen.getByRole('link', { name: 'Sign in with Google' })).toHaveAttribute('href', '/api/sso/google/start')
    await user.click(screen.getByRole('link', { name: 'Sign in with your district email' }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/login-clerk'))
  })

  it('shows why single sign-on failed, and a generic text for an unknown code', async () => {
    configAnswer.mockReturnValue(jsonResponse(200, EVERYTHING))
    const user = userEvent.setup()
    const { router, unmount } = renderRoutes(routes, '/login?sso_error=sso_not_invited')
    expect(screen.getByRole('alert')).toHaveTextContent(SSO_ERROR_TEXT.sso_not_invited)
    await user.click(screen.getByRole('button', { name: 'Dismiss' }))
    expect(screen.queryByText(SSO_ERROR_TEXT.sso_not_invited)).toBeNull()
    expect(router.state.location.search).toBe('')
    unmount()

    renderRoutes(routes, '/login?sso_error=something_new')
    expect(screen.getByRole('alert')).toHaveTextContent('Single sign-on failed. Please try again.')
  })

  it('keeps the e-mail form working when the options cannot be loaded, and retries', async () => {
    configAnswer.mockReturnValueOnce(jsonResponse(503, { error: 'Down for maintenance', code: 'unavailable' }))
    configAnswer.mockReturnValueOnce(jsonResponse(200, EVERYTHING))
    const user = userEvent.setup()
    renderRoutes(routes, '/login')
    expect(await screen.findByText('Other sign-in options could not be loaded.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Send sign-in link' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Retry' }))
    expect(await screen.findByRole('link', { name: 'Sign in with Microsoft' })).toBeInTheDocument()
  })
})
