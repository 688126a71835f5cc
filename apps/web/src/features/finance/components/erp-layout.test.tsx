import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeUser } from '@/test/factories'
import { stubApi, type FetchMock } from '@/test/fake-api'
import { jsonResponse, renderRoutes } from '@/test/render'
import { ErpLayoutForm } from './erp-layout'

const URL = '/api/finance/settings/erp-layout'
const admin = makeUser({ id: 1, roleCode: 'ADMIN' })
let fetchMock: FetchMock
let stored: Record<string, unknown>

beforeEach(() => {
  stored = { layout: 'PLATFORM_CSV', orgId: '', deptId: 'Business', fiscalYear: 'ENDING' }
  fetchMock = stubApi((url, init) => {
    if (url.pathname !== URL) return undefined
    if (init?.method === 'PUT') stored = JSON.parse(String(init.body)) as Record<string, unknown>
    return jsonResponse(200, { data: stored })
  }, admin)
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const puts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT').map(([, init]) => JSON.parse(String(init!.body)))

describe("the journals' ERP layout", () => {
  it("asks Escape's organization id before saving its layout, and saves how the fiscal year is numbered", async () => {
    const user = userEvent.setup()
    renderRoutes([{ path: '/', element: <ErpLayoutForm /> }], '/')
    await user.click(await screen.findByRole('radio', { name: 'Escape Online journal entry import' }))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText("Enter Escape Online's organization id (orgId) to use its layout.")).toBeInTheDocument()
    expect(puts()).toEqual([])

    await user.type(screen.getByRole('textbox', { name: 'Escape organization id' }), '60')
    await user.click(screen.getByRole('combobox', { name: /Fiscal year written as/ }))
    await user.click(await screen.findByRole('option', { name: 'The year it starts in (2025-26 is 2025)' }))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(puts()).toEqual([{ layout: 'ESCAPE_ONLINE', orgId: '60', deptId: 'Business', fiscalYear: 'STARTING' }]))
  })
})
