import { notifications } from '@mantine/notifications'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ReportsStudioPage } from '@/app/routes/reports-studio-page'
import { jsonResponse, renderRoutes } from '@/test/render'
import { requestsTo, stubApi } from '../testing/fake-api'
import { costsDefinition, costsResult, makeSummary, viewer } from '../testing/fixtures'

const routes = [{ path: '/reports-studio', element: <ReportsStudioPage /> }]

const reports = [
  makeSummary({
    REPORT_ID: 1,
    REPORT_NAME: 'Costs by fund',
    REPORT_DESCRIPTION: 'Spending per fund and department.',
    CREATOR_NAME: 'Rita Writer',
  }),
  makeSummary({ REPORT_ID: 2, REPORT_NAME: 'Users by role', CREATOR_NAME: null, CREATED_AT: '2026-02-10T12:00:00.000Z', canEdit: false }),
]

let listAnswer: () => Response
let deleteAnswer: () => Response
let fetchMock: ReturnType<typeof stubApi>

beforeEach(() => {
  listAnswer = () => jsonResponse(200, { reports, canCreate: true })
  deleteAnswer = () => jsonResponse(200, { success: true, message: "The report 'Costs by fund' was deleted." })
  fetchMock = stubApi((url, init) => {
    if (url.pathname === '/api/reportlist') return listAnswer()
    if (url.pathname === '/api/reportdelete' && init?.method === 'DELETE') return deleteAnswer()
    if (url.pathname === '/api/reportdetails') {
      const report = reports.find((item) => item.REPORT_ID === Number(url.searchParams.get('reportId')))
      return report ? jsonResponse(200, { report, definition: costsDefinition() }) : undefined
    }
    if (url.pathname === '/api/reportrun') return jsonResponse(200, costsResult({ chart: null }))
    return undefined
  })
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const reportItem = (name: string) => screen.getByRole('link', { name }).closest('li')!

describe('Reports Studio list', () => {
  it('lists each report with its description, creator and date; edit and delete only where the person may edit', async () => {
    renderRoutes(routes, '/reports-studio')
    const list = await screen.findByRole('list', { name: 'Available Reports' })
    expect(within(list).getAllByRole('listitem')).toHaveLength(2)

    const costs = reportItem('Costs by fund')
    expect(costs).toHaveTextContent('Spending per fund and department.')
    expect(costs).toHaveTextContent('Rita Writer · Mar 1, 2026')
    expect(within(costs).getByRole('button', { name: 'Edit Costs by fund' })).toBeInTheDocument()
    expect(within(costs).getByRole('button', { name: 'Delete Costs by fund' })).toBeInTheDocument()
    expect(within(costs).getByRole('button', { name: 'Share Costs by fund' })).toBeInTheDocument()

    const users = reportItem('Users by role')
    expect(users).toHaveTextContent('Unknown creator · Feb 10, 2026')
    expect(within(users).queryByRole('button', { name: /Edit/ })).toBeNull()
    expect(within(users).queryByRole('button', { name: /Delete/ })).toBeNull()
    expect(within(users).getByRole('button', { name: 'Share Users by role' })).toBeInTheDocument()

    expect(screen.getByText('Select a report to view or create a new one')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'New Report' })).toBeInTheDocument()
  })

  it("offers 'New Report' only to those who may create reports", async () => {
    listAnswer = () => jsonResponse(200, { reports, canCreate: false })
    renderRoutes(routes, '/reports-studio')
    await screen.findByRole('list', { name: 'Available Reports' })
    expect(screen.queryByRole('button', { name: 'New Report' })).toBeNull()
  })

  it("says 'No reports available' when there are none", async () => {
    listAnswer = () => jsonResponse(200, { reports: [], canCreate: false })
    renderRoutes(routes, '/reports-studio')
    expect(await screen.findByText('No reports available')).toBeInTheDocument()
    expect(screen.getByText('Select a report to view or create a new one')).toBeInTheDocument()
  })

  it("says 'Failed to load reports' when the list cannot be read", async () => {
    listAnswer = () => jsonResponse(500, { error: 'The database is not available.', code: 'internal' })
    renderRoutes(routes, '/reports-studio')
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Failed to load reports')
    expect(alert).toHaveTextContent('The database is not available.')
  })

  it('keeps the chosen report in the address, so a shared link opens it', async () => {
    const user = userEvent.setup()
    const { router } = renderRoutes(routes, '/reports-studio')
    await user.click(await screen.findByRole('link', { name: 'Costs by fund' }))
    expect(router.state.location.search).toBe('?report=1')
    expect(await screen.findByRole('heading', { level: 2, name: 'Costs by fund' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Costs by fund' })).toHaveAttribute('aria-current', 'page')
    await waitFor(() => expect(requestsTo(fetchMock, '/api/reportrun')[0]?.body).toMatchObject({ reportId: 1 }))
  })

  it('opens the report named in a shared link directly', async () => {
    renderRoutes(routes, '/reports-studio?report=2')
    expect(await screen.findByRole('heading', { level: 2, name: 'Users by role' })).toBeInTheDocument()
    expect(screen.queryByText('Select a report to view or create a new one')).toBeNull()
    expect(screen.queryByRole('button', { name: 'Edit report' })).toBeNull()
    await waitFor(() => expect(requestsTo(fetchMock, '/api/reportrun')[0]?.body).toMatchObject({ reportId: 2, offset: 0, limit: 100 }))
  })

  it('copies a link to the report and says so', async () => {
    const user = userEvent.setup()
    const show = vi.spyOn(notifications, 'show')
    renderRoutes(routes, '/reports-studio')
    await user.click(await screen.findByRole('button', { name: 'Share Users by role' }))
    await waitFor(() => expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Report link copied to clipboard!' })))
    expect(await navigator.clipboard.readText()).toBe(`${window.location.origin}/reports-studio?report=2`)
  })

  it('asks before deleting, and deletes only when confirmed', async () => {
    const user = userEvent.setup()
    const show = vi.spyOn(notifications, 'show')
    const { router } = renderRoutes(routes, '/reports-studio?report=1')
    await user.click(await screen.findByRole('button', { name: 'Delete Costs by fund' }))
    let dialog = await screen.findByRole('dialog', { name: 'Delete report' })
    expect(dialog).toHaveTextContent("Delete the report 'Costs by fund'?")
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete report' })).toBeNull())
    expect(requestsTo(fetchMock, '/api/reportdelete')).toHaveLength(0)

    await user.click(screen.getByRole('button', { name: 'Delete Costs by fund' }))
    dialog = await screen.findByRole('dialog', { name: 'Delete report' })
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }))
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'teal', message: "The report 'Costs by fund' was deleted." })),
    )
    const [request] = requestsTo(fetchMock, '/api/reportdelete')
    expect(request!.method).toBe('DELETE')
    expect(request!.url.searchParams.get('reportId')).toBe('1')
    // The deleted report was the one shown: the studio goes back to its prompt.
    await waitFor(() => expect(router.state.location.search).toBe(''))
  })

  it("shows 'Failed to delete report: ' and the server's reason", async () => {
    const user = userEvent.setup()
    const show = vi.spyOn(notifications, 'show')
    deleteAnswer = () =>
      jsonResponse(403, { error: 'Only report writers, administrators and its creator can delete this report.', code: 'not_editable' })
    renderRoutes(routes, '/reports-studio')
    await user.click(await screen.findByRole('button', { name: 'Delete Costs by fund' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Delete report' })).getByRole('button', { name: 'Delete' }))
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({
          color: 'red',
          message: 'Failed to delete report: Only report writers, administrators and its creator can delete this report.',
        }),
      ),
    )
  })

  it('shows staff without the permission the access message', async () => {
    stubApi(() => undefined, { ...viewer, permissions: [] })
    renderRoutes(routes, '/reports-studio')
    expect(await screen.findByText('Access Denied')).toBeInTheDocument()
  })
})
