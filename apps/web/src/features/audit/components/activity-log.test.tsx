import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeUser } from '@/test/factories'
import { jsonResponse, renderRoutes } from '@/test/render'
import { ActivityLog } from './activity-log'

const me = makeUser({ id: 1, roleCode: 'ADMIN' })
const fetchMock = vi.fn<typeof fetch>()

beforeEach(() => {
  localStorage.setItem('token', 'jwt')
  localStorage.setItem('user', JSON.stringify(me))
  fetchMock.mockImplementation(async (input) => {
    const url = new URL(String(input), 'http://localhost')
    if (url.pathname === '/api/get-user-profile') return jsonResponse(200, { user: me })
    if (url.pathname === '/api/audit/actions') return jsonResponse(200, { data: ['user.updated', 'sign_in'] })
    if (url.pathname === '/api/audit') {
      return jsonResponse(200, {
        data: [
          {
            audit_id: 9,
            occurred_at: '2026-03-02T10:00:00.000Z',
            actor_user_id: 1,
            actor_email: 'jane.doe@district.org',
            actor_name: 'Jane Doe',
            action: 'user.updated',
            outcome: 'success',
            target_type: 'user',
            target_id: '2',
            email: 'bob@district.org',
            ip: '10.0.0.8',
            user_agent: 'Firefox',
            details: JSON.stringify({ before: { role: 'STAFF' }, after: { role: 'ADMIN' } }),
          },
        ],
        pagination: { total: 1, limit: 50, offset: 0 },
      })
    }
    return jsonResponse(404, { error: 'not found', code: 'not_found' })
  })
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => {
  vi.unstubAllGlobals()
  fetchMock.mockReset()
})

describe('ActivityLog', () => {
  it('shows entries, expands before/after values and filters on the server', async () => {
    const user = userEvent.setup()
    renderRoutes([{ path: '/admin/activity', element: <ActivityLog /> }], '/admin/activity')
    expect(screen.getByRole('heading', { level: 1, name: 'Activity' })).toBeInTheDocument()
    const table = await screen.findByRole('table', { name: 'Activity' })
    expect(within(table).getByText('Jane Doe')).toBeInTheDocument()
    expect(within(table).getByText('10.0.0.8')).toBeInTheDocument()

    const toggle = screen.getByRole('button', { name: 'Details of entry 9' })
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    const changes = screen.getByRole('table', { name: 'Changes recorded in entry 9' })
    expect(within(changes).getByText('STAFF')).toBeInTheDocument()
    expect(within(changes).getByText('ADMIN')).toBeInTheDocument()

    await user.selectOptions(screen.getByRole('combobox', { name: /Action/ }), 'user.updated')
    await waitFor(() => expect(fetchMock.mock.calls.some(([input]) => String(input).includes('action=user.updated'))).toBe(true))
  })
})
