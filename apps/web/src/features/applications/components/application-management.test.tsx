import type { Application } from '@platform/contracts/applications'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeUser } from '@/test/factories'
import { jsonResponse, renderRoutes } from '@/test/render'
import { ApplicationManagement } from './application-management'

const me = makeUser({ id: 1, roleCode: 'ADMIN' })
const accruals: Application = {
  app_id: 4,
  app_name: 'Accruals',
  app_code: 'ACCRUALS',
  app_url: '',
  app_icon: 'DollarSign',
  app_description: 'Year-end accruals',
  display_order: 3,
  is_active: 1,
  category: 'FINANCIAL',
  app_color: '#2f9e44',
  admin_only: 0,
  user_count: 12,
  created_at: '',
  updated_at: '',
}
const fetchMock = vi.fn<typeof fetch>()

beforeEach(() => {
  localStorage.setItem('token', 'jwt')
  localStorage.setItem('user', JSON.stringify(me))
  fetchMock.mockImplementation(async (input, init) => {
    const path = String(input)
    if (path === '/api/get-user-profile') return jsonResponse(200, { user: me })
    if (path === '/api/admin/metadata/applications') return jsonResponse(200, { data: [accruals] })
    if (path === '/api/admin/applications/4' && init?.method === 'PUT') {
      return jsonResponse(200, {
        success: true,
        message: 'Application updated',
        data: { ...accruals, app_name: (JSON.parse(String(init.body)) as { app_name: string }).app_name },
      })
    }
    if (path === '/api/admin/applications' && init?.method === 'POST')
      return jsonResponse(409, { error: 'An application with the code PAYROLL already exists.', code: 'duplicate_app_code' })
    return jsonResponse(404, { error: 'not found', code: 'not_found' })
  })
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => {
  vi.unstubAllGlobals()
  fetchMock.mockReset()
})

describe('ApplicationManagement', () => {
  it('lists applications, edits one inline with its code read-only, and asks before deleting', async () => {
    const user = userEvent.setup()
    renderRoutes([{ path: '/admin/applications', element: <ApplicationManagement /> }], '/admin/applications')
    expect(screen.getByRole('heading', { level: 1, name: 'Application Management' })).toBeInTheDocument()
    expect(screen.getByText('How navigation works')).toBeInTheDocument()
    const table = await screen.findByRole('table', { name: 'Applications' })
    expect(within(table).getByText('ACCRUALS')).toBeInTheDocument()
    expect(within(table).getByText('12')).toBeInTheDocument()

    await user.click(screen.getByRole('button', { name: 'Edit Accruals' }))
    const name = screen.getByRole('textbox', { name: 'Name of Accruals' })
    await user.clear(name)
    await user.type(name, 'Accruals 2')
    await user.click(screen.getByRole('button', { name: 'Save Accruals' }))
    await waitFor(() => expect(fetchMock.mock.calls.some(([input]) => String(input) === '/api/admin/applications/4')).toBe(true))
    const put = fetchMock.mock.calls.find(([input]) => String(input) === '/api/admin/applications/4')!
    expect(JSON.parse(String(put[1]?.body))).toMatchObject({ app_name: 'Accruals 2', app_code: 'ACCRUALS', display_order: 3 })

    await user.click(await screen.findByRole('button', { name: 'Delete Accruals' }))
    const dialog = await screen.findByRole('dialog')
    expect(within(dialog).getByText('Are you sure? This will remove access for all users.')).toBeInTheDocument()
  })

  it('upper-cases the app code as typed and shows a clash from the server', async () => {
    const user = userEvent.setup()
    renderRoutes([{ path: '/admin/applications', element: <ApplicationManagement /> }], '/admin/applications')
    await user.type(screen.getByRole('textbox', { name: /^Name/ }), 'Payroll')
    const code = screen.getByRole('textbox', { name: /App code/ })
    await user.type(code, 'payroll')
    expect(code).toHaveValue('PAYROLL')
    expect(screen.getByRole('textbox', { name: /Display order/ })).toHaveValue('999')
    await user.click(screen.getByRole('button', { name: 'Add application' }))
    // The clash is recognised by its code and said under the App code field.
    await waitFor(() => expect(code).toHaveAttribute('aria-invalid', 'true'))
    expect(code).toHaveAccessibleDescription(/An application with the code PAYROLL already exists\./)
  })
})
