import { screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AdminEmailPage } from '@/app/routes/admin-email-page'
import { AppPage } from '@/app/routes/app-page'
import { makeApp, makeUser } from '@/test/factories'
import { jsonResponse, renderRoutes } from '@/test/render'

const fetchMock = vi.fn<typeof fetch>()
const emailApp = makeApp({ app_code: 'EMAIL_ADMIN', app_name: 'Email Administration', admin_only: 1 })
let me = makeUser()

const routes = [
  { path: '/apps/:appId', element: <AppPage /> },
  { path: '/admin/email', element: <AdminEmailPage /> },
]

function signIn(user: ReturnType<typeof makeUser>) {
  me = user
  localStorage.setItem('token', 'jwt')
  localStorage.setItem('user', JSON.stringify(me))
}

beforeEach(() => {
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost')
    if (url.pathname === '/api/get-user-profile') return jsonResponse(200, { user: me })
    if (url.pathname === '/api/email/health') return jsonResponse(500, { error: 'boom', code: 'internal' })
    if (url.pathname === '/api/email/messages') return jsonResponse(200, { data: [], pagination: { total: 0, limit: 50, offset: 0 } })
    return jsonResponse(404, { error: 'not found', code: 'not_found' })
  })
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => {
  vi.unstubAllGlobals()
  fetchMock.mockReset()
})

describe('Email Administration routes', () => {
  it('renders the screen for the email-admin menu item', async () => {
    signIn(makeUser({ roleCode: 'ADMIN', permissions: ['email-admin'], applications: [emailApp] }))
    renderRoutes(routes, '/apps/email-admin')
    expect(await screen.findByRole('heading', { level: 1, name: 'Email Administration' })).toBeInTheDocument()
    expect(await screen.findByText('No messages found')).toBeInTheDocument()
  })

  it.each(['/apps/email-admin', '/admin/email'])('keeps other people out of %s', async (path) => {
    signIn(makeUser({ roleCode: 'STAFF', permissions: ['email-admin'], applications: [emailApp] }))
    renderRoutes(routes, path)
    expect(await screen.findByText('Admin Access Required')).toBeInTheDocument()
    expect(fetchMock.mock.calls.some(([input]) => String(input).startsWith('/api/email'))).toBe(false)
  })
})
