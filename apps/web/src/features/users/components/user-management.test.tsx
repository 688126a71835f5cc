import { notifications } from '@mantine/notifications'
import type { User } from '@platform/contracts/users'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeUser } from '@/test/factories'
import { jsonResponse, renderRoutes } from '@/test/render'
import { UserManagement } from './user-management'

const me = makeUser({ id: 1, roleCode: 'SUPER_ADMIN', roleName: 'Super Admin', permissions: ['user-management'] })

function listedUser(overrides: Partial<User>): User {
  return {
    user_id: 2,
    email: 'bob@district.org',
    full_name: 'Bob Smith',
    organization_id: 1,
    role_id: 4,
    is_active: 1,
    email_verified: 0,
    last_login: null,
    org_name: 'District Office',
    org_code: 'DISTRICT',
    role_name: 'Staff',
    role_code: 'STAFF',
    created_at: '2026-01-01T00:00:00.000Z',
    invitation_status: 'pending',
    invitation_sent_at: '2026-01-01T00:00:00.000Z',
    ...overrides,
  }
}

const users = [
  listedUser({
    user_id: 1,
    email: me.email,
    full_name: 'Jane Doe',
    role_code: 'SUPER_ADMIN',
    role_name: 'Super Admin',
    email_verified: 1,
    last_login: '2026-03-02T10:00:00.000Z',
    invitation_status: 'none',
  }),
  listedUser({}),
  listedUser({ user_id: 3, email: 'old@district.org', full_name: 'Old Timer', is_active: 0, invitation_status: 'expired' }),
]

const fetchMock = vi.fn<typeof fetch>()

function route(input: RequestInfo | URL, init?: RequestInit): Response {
  const url = new URL(String(input), 'http://localhost')
  const method = init?.method ?? 'GET'
  if (url.pathname === '/api/get-user-profile') return jsonResponse(200, { user: me })
  if (url.pathname === '/api/userlist') return jsonResponse(200, { data: users, pagination: { total: 3, limit: 50, offset: 0 } })
  if (url.pathname === '/api/metaroles')
    return jsonResponse(200, { data: [{ role_id: 4, role_name: 'Staff', role_code: 'STAFF', role_level: 10 }] })
  if (url.pathname === '/api/metaorgs')
    return jsonResponse(200, { data: [{ org_id: 1, org_name: 'District Office', org_code: 'DISTRICT' }] })
  if (url.pathname === '/api/metaapps') return jsonResponse(200, { data: [] })
  if (url.pathname === '/api/deleteuser' && method === 'DELETE')
    return jsonResponse(422, { error: 'Somebody must stay', code: 'rule_broken' })
  if (url.pathname === '/api/createuser' && method === 'POST')
    return jsonResponse(409, { error: 'A user with this email address already exists.', code: 'duplicate_email' })
  if (url.pathname === '/api/resendinvite' && method === 'POST')
    return jsonResponse(200, { success: true, message: 'An invitation was sent to jane@district.org.' })
  if (url.pathname === '/api/users/2/sign-out-everywhere' && method === 'POST')
    return jsonResponse(200, { success: true, message: '3 sessions were signed out.', signedOut: 3 })
  return jsonResponse(404, { error: `No route ${method} ${url.pathname}`, code: 'not_found' })
}

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

describe('UserManagement', () => {
  it('lists users with their status, last login and the actions each may take', async () => {
    renderRoutes([{ path: '/admin/users', element: <UserManagement /> }], '/admin/users')
    expect(screen.getByRole('heading', { level: 1, name: 'User Management' })).toBeInTheDocument()
    const table = await screen.findByRole('table', { name: 'Users' })
    expect(screen.getByText('3 users')).toBeInTheDocument()
    expect(screen.getByPlaceholderText('Search users...')).toBeInTheDocument()
    expect(screen.getByRole('option', { name: 'All Roles' })).toBeInTheDocument()
    expect(screen.getByRole('option', { name: 'All Organizations' })).toBeInTheDocument()

    const rows = within(table).getAllByRole('row')
    expect(within(rows[1]!).getByText('Verified')).toBeInTheDocument()
    expect(within(rows[2]!).getByText('Never')).toBeInTheDocument()
    expect(within(rows[2]!).getByText('Invitation pending')).toBeInTheDocument()
    expect(within(rows[3]!).getByText('Inactive')).toBeInTheDocument()
    // An inactive user's invitation is void: no invitation badge, whatever its age.
    expect(within(rows[3]!).queryByText('Invitation expired')).toBeNull()

    // Nobody deactivates themselves; an inactive user cannot be deactivated again.
    expect(screen.queryByRole('button', { name: 'Deactivate Jane Doe' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Deactivate Old Timer' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Deactivate Bob Smith' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Edit Old Timer' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Resend invitation to Bob Smith' })).toBeInTheDocument()
    // Someone who has signed in may still be sent a new invitation; an inactive one is offered Reactivate instead.
    expect(screen.getByRole('button', { name: 'Resend invitation to Jane Doe' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Resend invitation to Old Timer' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Reactivate Old Timer' })).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Reactivate Bob Smith' })).toBeNull()
  })

  it('resends an invitation to someone who has already signed in, after confirmation', async () => {
    const show = vi.spyOn(notifications, 'show')
    const user = userEvent.setup()
    renderRoutes([{ path: '/admin/users', element: <UserManagement /> }], '/admin/users')
    await user.click(await screen.findByRole('button', { name: 'Resend invitation to Jane Doe' }))
    const dialog = await screen.findByRole('dialog', { name: 'Resend invitation' })
    expect(
      within(dialog).getByText(`Send a new invitation to ${me.email}? The previous invitation link will stop working.`),
    ).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }))
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({
          color: 'teal',
          title: 'Invitation sent successfully!',
          message: 'An invitation was sent to jane@district.org.',
        }),
      ),
    )
    expect(fetchMock.mock.calls.some(([input, init]) => String(input) === '/api/resendinvite?userId=1' && init?.method === 'POST')).toBe(
      true,
    )
  })

  it("says why an invitation could not be sent, in the server's words", async () => {
    const show = vi.spyOn(notifications, 'show')
    fetchMock.mockImplementation(async (input, init) =>
      String(input).startsWith('/api/resendinvite')
        ? jsonResponse(429, { error: 'Too many invitations to this person. Wait 1 hour, then try again.', code: 'rate_limited' })
        : route(input, init),
    )
    const user = userEvent.setup()
    renderRoutes([{ path: '/admin/users', element: <UserManagement /> }], '/admin/users')
    await user.click(await screen.findByRole('button', { name: 'Resend invitation to Bob Smith' }))
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Resend invitation' })).getByRole('button', { name: 'Send invitation' }),
    )
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({
          color: 'red',
          message: 'Failed to send invitation: Too many invitations to this person. Wait 1 hour, then try again.',
        }),
      ),
    )
  })

  it('asks before deactivating, then calls DELETE /api/deleteuser', async () => {
    const user = userEvent.setup()
    renderRoutes([{ path: '/admin/users', element: <UserManagement /> }], '/admin/users')
    await user.click(await screen.findByRole('button', { name: 'Deactivate Bob Smith' }))
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate user' })
    expect(within(dialog).getByText('Deactivate Bob Smith? They will be signed out at once and can no longer sign in.')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }))
    await waitFor(() =>
      expect(fetchMock.mock.calls.some(([input, init]) => String(input) === '/api/deleteuser?userId=2' && init?.method === 'DELETE')).toBe(
        true,
      ),
    )
  })

  it("validates the 'Add New User' form on the client", async () => {
    const user = userEvent.setup()
    renderRoutes([{ path: '/admin/users', element: <UserManagement /> }], '/admin/users')
    await user.click(screen.getByRole('button', { name: 'Add User' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add New User' })
    expect(within(dialog).getByRole('checkbox', { name: /Send invitation email/ })).toBeChecked()
    expect(within(dialog).queryByRole('checkbox', { name: /^Active/ })).toBeNull()
    await user.click(within(dialog).getByRole('button', { name: 'Create user' }))
    expect(within(dialog).getByText('Email is required')).toBeInTheDocument()
    expect(within(dialog).getByText('Full name is required')).toBeInTheDocument()
    expect(within(dialog).getByText('Organization is required')).toBeInTheDocument()
    expect(within(dialog).getByText('Role is required')).toBeInTheDocument()
    expect(fetchMock.mock.calls.some(([input]) => String(input).startsWith('/api/createuser'))).toBe(false)
  })

  it("puts the server's refusal of an address under the Email field", async () => {
    const user = userEvent.setup()
    renderRoutes([{ path: '/admin/users', element: <UserManagement /> }], '/admin/users')
    await user.click(screen.getByRole('button', { name: 'Add User' }))
    const dialog = await screen.findByRole('dialog', { name: 'Add New User' })
    await user.type(within(dialog).getByRole('textbox', { name: /^Email/ }), 'bob@district.org')
    await user.type(within(dialog).getByRole('textbox', { name: /^Full name/ }), 'Bob Again')
    await user.click(within(dialog).getByRole('combobox', { name: /^Organization/ }))
    await user.click(await screen.findByRole('option', { name: 'District Office (DISTRICT)' }))
    await user.click(within(dialog).getByRole('combobox', { name: /^Role/ }))
    // The list's own filter offers 'Staff' too, as a native option: the form's is the combobox's.
    await user.click((await screen.findAllByRole('option', { name: 'Staff' })).find((option) => option.tagName !== 'OPTION')!)
    await user.click(within(dialog).getByRole('button', { name: 'Create user' }))

    const email = within(dialog).getByRole('textbox', { name: /^Email/ })
    await waitFor(() => expect(email).toHaveAttribute('aria-invalid', 'true'))
    expect(email).toHaveAccessibleDescription(/A user with this email address already exists\./)
    // Said once, under its field: not repeated in an alert above the buttons.
    expect(within(dialog).getAllByText('A user with this email address already exists.')).toHaveLength(1)
  })

  it("shows 'Failed to load data' when the list cannot be loaded", async () => {
    fetchMock.mockImplementation(async (input, init) =>
      String(input).startsWith('/api/userlist') ? jsonResponse(500, { error: 'Database is down', code: 'internal' }) : route(input, init),
    )
    renderRoutes([{ path: '/admin/users', element: <UserManagement /> }], '/admin/users')
    expect(await screen.findByText('Failed to load data')).toBeInTheDocument()
  })

  it('signs a user out on every device after confirmation', async () => {
    const show = vi.spyOn(notifications, 'show')
    const user = userEvent.setup()
    renderRoutes([{ path: '/admin/users', element: <UserManagement /> }], '/admin/users')
    // Not offered for oneself (Devices and sessions is for that) nor for a deactivated user (already signed out).
    await screen.findByRole('table', { name: 'Users' })
    expect(screen.queryByRole('button', { name: 'Sign out Jane Doe everywhere' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Sign out Old Timer everywhere' })).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Sign out Bob Smith everywhere' }))
    const dialog = await screen.findByRole('dialog', { name: 'Sign out everywhere' })
    expect(within(dialog).getByText('Sign out Bob Smith on every device?')).toBeInTheDocument()
    await user.click(within(dialog).getByRole('button', { name: 'Sign out everywhere' }))
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ color: 'teal', title: 'User signed out successfully', message: '3 sessions were signed out.' }),
      ),
    )
    expect(
      fetchMock.mock.calls.some(([input, init]) => String(input) === '/api/users/2/sign-out-everywhere' && init?.method === 'POST'),
    ).toBe(true)
  })

  it("shows the server's refusal (an ADMIN may not sign out a SUPER_ADMIN)", async () => {
    const show = vi.spyOn(notifications, 'show')
    fetchMock.mockImplementation(async (input, init) =>
      String(input).endsWith('/sign-out-everywhere')
        ? jsonResponse(403, { error: 'Only a super administrator can sign out a super administrator.', code: 'forbidden' })
        : route(input, init),
    )
    const user = userEvent.setup()
    renderRoutes([{ path: '/admin/users', element: <UserManagement /> }], '/admin/users')
    await user.click(await screen.findByRole('button', { name: 'Sign out Bob Smith everywhere' }))
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Sign out everywhere' })).getByRole('button', { name: 'Sign out everywhere' }),
    )
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({
          color: 'red',
          message: 'Failed to sign out user: Only a super administrator can sign out a super administrator.',
        }),
      ),
    )
  })
})
