import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeUser } from '@/test/factories'
import { jsonResponse, renderRoutes } from '@/test/render'
import { ActivityLog } from './activity-log'

const admin = makeUser({ id: 1, roleCode: 'ADMIN' })
const superAdmin = makeUser({ id: 1, roleCode: 'SUPER_ADMIN' })
let me = admin
const fetchMock = vi.fn<typeof fetch>()

const checkpoint = {
  checkpointId: 3,
  kind: 'daily',
  dailyOf: '2026-03-02',
  madeBy: null,
  signedAt: '2026-03-02T08:05:00.000Z',
  lastAuditId: 1204,
  lastHash: 'ab'.repeat(32),
  rowCount: 1200,
  chainKeyId: '0123456789abcdef',
  publicKeyId: 'fedcba9876543210',
  statement: '{}',
  signature: 'c2lnbmF0dXJl',
  mailedAt: '2026-03-02T08:05:00.000Z',
  mailedTo: ['auditor@district.org'],
}

function startAs(person: typeof admin) {
  me = person
  localStorage.setItem('token', 'jwt')
  localStorage.setItem('user', JSON.stringify(me))
}

beforeEach(() => {
  startAs(admin)
  fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(String(input), 'http://localhost')
    if (url.pathname === '/api/get-user-profile') return jsonResponse(200, { user: me })
    if (url.pathname === '/api/audit/checkpoints' && init?.method === 'POST')
      return jsonResponse(201, {
        checkpoint: { ...checkpoint, checkpointId: 4, kind: 'on_demand', dailyOf: null },
        message: 'Checkpoint 4 signed.',
      })
    if (url.pathname === '/api/audit/checkpoints')
      return jsonResponse(200, {
        data: [checkpoint],
        pagination: { total: 1, limit: 10, offset: 0 },
        publicKey: '-----BEGIN PUBLIC KEY-----\nMCowBQYDK2VwAyEA\n-----END PUBLIC KEY-----\n',
        publicKeyId: 'fedcba9876543210',
        auditorCount: 1,
      })
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
    // The checkpoints are a super administrator's.
    expect(screen.queryByRole('heading', { name: 'Checkpoints' })).not.toBeInTheDocument()
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/api/audit/checkpoints'))).toBe(false)
  })

  it('shows a super administrator the checkpoints and the published key, and signs one after asking', async () => {
    startAs(superAdmin)
    const user = userEvent.setup()
    renderRoutes([{ path: '/admin/activity', element: <ActivityLog /> }], '/admin/activity')
    const table = await screen.findByRole('table', { name: 'Checkpoints' })
    expect(within(table).getByText('#3')).toBeInTheDocument()
    expect(within(table).getByText('Daily, 2026-03-02')).toBeInTheDocument()
    expect(within(table).getByText('auditor@district.org')).toBeInTheDocument()
    expect(screen.getByText(/BEGIN PUBLIC KEY/)).toBeInTheDocument()
    expect(screen.getByText(/e-mailed to 1 auditor,/)).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Sign a checkpoint now' }))
    const dialog = await screen.findByRole('dialog', { name: 'Sign a checkpoint now' })
    expect(fetchMock.mock.calls.some(([input, init]) => String(input).includes('/api/audit/checkpoints') && init?.method === 'POST')).toBe(
      false,
    )
    await user.click(within(dialog).getByRole('button', { name: 'Sign and send' }))
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([input, init]) => String(input).includes('/api/audit/checkpoints') && init?.method === 'POST'),
      ).toBe(true),
    )
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sign a checkpoint now' })).not.toBeInTheDocument())
  })
})
