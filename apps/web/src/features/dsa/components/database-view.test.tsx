import { notifications } from '@mantine/notifications'
import type { DsaProject } from '@platform/contracts/dsa'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { DsaTrackerPage } from '@/app/routes/dsa-tracker-page'
import { todayStamp } from '@/lib/download'
import { jsonResponse, renderRoutes } from '@/test/render'
import { makeProject } from '../testing/fixtures'
import { requestsTo, stubApi } from '../testing/fake-api'

const routes = [{ path: '/dsa-tracker', element: <DsaTrackerPage /> }]
const TOTAL = 120

/**
 * The first rows of the page at `offset` of a list of TOTAL. The pager counts from the offset, the limit and the total,
 * so a few rows a page test the same paging as 50 would, at a fraction of the rendering time.
 */
function page(offset: number): DsaProject[] {
  return Array.from({ length: Math.min(3, TOTAL - offset) }, (_, index) => makeProject({ id: offset + index + 1 }))
}

let projectsAnswer: (url: URL) => Response
let exportAnswer: () => Response
let fetchMock: ReturnType<typeof stubApi>

beforeAll(() => {
  // jsdom has no object URLs; saveBlob only needs them to exist.
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: () => 'blob:dsa-export' })
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined })
})

beforeEach(() => {
  projectsAnswer = (url) => {
    const offset = Number(url.searchParams.get('offset'))
    const limit = Number(url.searchParams.get('limit'))
    return jsonResponse(200, { data: page(offset), pagination: { total: TOTAL, limit, offset } })
  }
  exportAnswer = () => new Response('clientId,projectNumber\n37-H9,04-100001\n', { status: 200, headers: { 'Content-Type': 'text/csv' } })
  fetchMock = stubApi((url) => {
    if (url.pathname === '/api/dsa-projects') return projectsAnswer(url)
    if (url.pathname === '/api/dsa-export') return exportAnswer()
    return undefined
  })
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const projectRequests = () => requestsTo(fetchMock, '/api/dsa-projects')
const lastProjectRequest = () => projectRequests().at(-1)!

describe('DSA Database View tab', () => {
  it('lists projects with their link, status, cost and freshness, and opens a row to the tracker fields', async () => {
    const user = userEvent.setup()
    projectsAnswer = () =>
      jsonResponse(200, {
        data: [
          makeProject({
            id: 1,
            projectName: 'Lincoln HS Gym',
            projectStatus: 'PENDING',
            constructionCost: 2_500_000.5,
            costSource: 'final',
            finalCost: 2_500_000.5,
            certificationLetter: 'DSA 301P',
            certificationDate: '2026-02-10',
          }),
          makeProject({
            id: 2,
            projectName: 'Kearny Roof',
            clientId: '37-58',
            constructionCost: null,
            costSource: null,
            dataFreshness: 'STALE',
            projectType: null,
          }),
        ],
        pagination: { total: 2, limit: 50, offset: 0 },
      })
    renderRoutes(routes, '/dsa-tracker?tab=database')
    expect(screen.getByRole('tab', { name: 'Database View', selected: true })).toBeInTheDocument()
    const table = await screen.findByRole('table', { name: 'DSA projects' })
    const [, first, second] = within(table).getAllByRole('row')

    const link = within(first!).getByRole('link', { name: /04-100001/ })
    expect(link).toHaveAttribute('href', 'https://tracker.example/ApplicationSummary?AppId=1')
    expect(link).toHaveAttribute('target', '_blank')
    expect(link).toHaveAttribute('rel', 'noopener noreferrer')
    expect(first).toHaveTextContent('Lincoln HS Gym')
    expect(first).toHaveTextContent('37-H9main')
    expect(within(first!).getByText('Pending')).toBeInTheDocument()
    expect(within(first!).getByText('$2,500,000.50')).toBeInTheDocument()
    expect(within(first!).getByText('Final cost')).toBeInTheDocument()
    expect(within(first!).getByText('Fresh')).toBeInTheDocument()
    expect(within(second!).getByText('Stale')).toBeInTheDocument()
    // No cost yet; a project with no type shows none under its name.
    expect(within(second!).getAllByText('—')).toHaveLength(1)
    expect(screen.getByText('Showing 1–2 of 2 projects')).toBeInTheDocument()

    const toggle = within(first!).getByRole('button', { name: 'Tracker fields of 04-100001' })
    await user.click(toggle)
    expect(toggle).toHaveAttribute('aria-expanded', 'true')
    const fields = screen.getByRole('group', { name: 'Tracker fields of 04-100001' })
    expect(within(fields).getByText('DSA 301P')).toBeInTheDocument()
    expect(within(fields).getByText('Feb 10, 2026')).toBeInTheDocument()
    expect(within(fields).getByText('Jan 15, 2025')).toBeInTheDocument()
    expect(within(fields).getByText('$1,000,000')).toBeInTheDocument()
    expect(within(fields).getByText('12345-67')).toBeInTheDocument()
  })

  it('pages 50 at a time with Previous and Next', async () => {
    const user = userEvent.setup()
    renderRoutes(routes, '/dsa-tracker?tab=database')
    expect(await screen.findByText('Showing 1–50 of 120 projects')).toBeInTheDocument()
    expect(lastProjectRequest().searchParams.get('limit')).toBe('50')
    expect(lastProjectRequest().searchParams.get('offset')).toBe('0')
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled()

    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByText('Showing 51–100 of 120 projects')).toBeInTheDocument()
    expect(lastProjectRequest().searchParams.get('offset')).toBe('50')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByText('Showing 101–120 of 120 projects')).toBeInTheDocument()
    expect(lastProjectRequest().searchParams.get('offset')).toBe('100')
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled()

    await user.click(screen.getByRole('button', { name: 'Previous' }))
    expect(await screen.findByText('Showing 51–100 of 120 projects')).toBeInTheDocument()
  })

  it('sends the filters and the sort as query parameters, back on the first page', async () => {
    const user = userEvent.setup()
    renderRoutes(routes, '/dsa-tracker?tab=database')
    await screen.findByText('Showing 1–50 of 120 projects')
    await user.click(screen.getByRole('button', { name: 'Next' }))
    await screen.findByText('Showing 51–100 of 120 projects')

    await user.selectOptions(screen.getByRole('combobox', { name: /^Status/ }), 'IN REVIEW')
    await waitFor(() => expect(lastProjectRequest().searchParams.get('status')).toBe('IN REVIEW'))
    expect(lastProjectRequest().searchParams.get('offset')).toBe('0')

    await user.type(screen.getByRole('searchbox', { name: /Search/ }), 'gym')
    await user.type(screen.getByRole('combobox', { name: /^Client ID/ }), '37-58')
    await waitFor(() => {
      const params = lastProjectRequest().searchParams
      expect([params.get('search'), params.get('clientId'), params.get('status')]).toEqual(['gym', '37-58', 'IN REVIEW'])
    })
    // the debounce sends the typed words once, not a letter at a time
    expect(projectRequests().filter((url) => url.searchParams.get('search') === 'g')).toHaveLength(0)

    const cost = screen.getByRole('columnheader', { name: /Construction cost/ })
    expect(cost).toHaveAttribute('aria-sort', 'none')
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending')
    await user.click(within(cost).getByRole('button'))
    await waitFor(() => expect(lastProjectRequest().searchParams.get('sort')).toBe('constructionCost'))
    expect(lastProjectRequest().searchParams.get('order')).toBe('desc')
    expect(screen.getByRole('columnheader', { name: /Construction cost/ })).toHaveAttribute('aria-sort', 'descending')
    await user.click(within(screen.getByRole('columnheader', { name: /Construction cost/ })).getByRole('button'))
    await waitFor(() => expect(lastProjectRequest().searchParams.get('order')).toBe('asc'))
  })

  it('says why a malformed client id is not sent', async () => {
    const user = userEvent.setup()
    renderRoutes(routes, '/dsa-tracker?tab=database')
    await screen.findByText('Showing 1–50 of 120 projects')
    await user.type(screen.getByRole('combobox', { name: /^Client ID/ }), 'abc')
    expect(await screen.findByText(/A client id is a county number/)).toBeInTheDocument()
    expect(projectRequests().some((url) => url.searchParams.get('clientId') === 'abc')).toBe(false)
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeDisabled()
  })

  it("reads the older answer shape (projects, totalCount) and says 'No projects found'", async () => {
    projectsAnswer = () => jsonResponse(200, { projects: [], totalCount: 0 })
    renderRoutes(routes, '/dsa-tracker?tab=database')
    expect(await screen.findByText('No projects found')).toBeInTheDocument()
    expect(screen.queryByRole('table', { name: 'DSA projects' })).toBeNull()
  })

  it("shows 'Failed to load projects: ' and the server's reason", async () => {
    projectsAnswer = () => jsonResponse(503, { error: 'The database is not available.', code: 'unavailable' })
    renderRoutes(routes, '/dsa-tracker?tab=database')
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load projects: The database is not available.')
  })

  it('exports the filtered projects as dsa_projects_{date}.csv', async () => {
    const user = userEvent.setup()
    const show = vi.spyOn(notifications, 'show')
    const saved: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download)
    })
    renderRoutes(routes, '/dsa-tracker?tab=database')
    await screen.findByText('Showing 1–50 of 120 projects')
    await user.selectOptions(screen.getByRole('combobox', { name: /^Status/ }), 'Approved')

    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    await waitFor(() => expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Export completed successfully' })))
    expect(saved).toEqual([`dsa_projects_${todayStamp()}.csv`])
    expect(saved[0]).toMatch(/^dsa_projects_\d{4}-\d{2}-\d{2}\.csv$/)
    const exportUrl = requestsTo(fetchMock, '/api/dsa-export')[0]!
    expect(exportUrl.searchParams.get('status')).toBe('APPROVED')
    expect(exportUrl.searchParams.has('offset')).toBe(false)

    exportAnswer = () => jsonResponse(500, { error: 'The export could not be written.', code: 'internal' })
    await user.click(screen.getByRole('button', { name: 'Export CSV' }))
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Export failed: The export could not be written.' })),
    )
    expect(saved).toHaveLength(1)
  })
})
