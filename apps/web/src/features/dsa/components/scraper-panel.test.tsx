import { CLIENT_ID_HINT, type ScrapeRun } from '@platform/contracts/dsa'
import { act, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DsaTrackerPage } from '@/app/routes/dsa-tracker-page'
import { makeUser } from '@/test/factories'
import { jsonResponse, renderRoutes } from '@/test/render'
import { makeRun } from '../testing/fixtures'
import { requestsTo, stubApi } from '../testing/fake-api'

const routes = [{ path: '/dsa-tracker', element: <DsaTrackerPage /> }]

let recentRuns: ScrapeRun[]
let startAnswer: (clientId: string) => Response
let runNow: ScrapeRun
let fetchMock: ReturnType<typeof stubApi>

beforeEach(() => {
  recentRuns = []
  runNow = makeRun({ id: 5, pagesFetched: 2, projectsFound: 40, detailsPlanned: 40, detailsDone: 10 })
  startAnswer = (clientId) => jsonResponse(202, { message: `Scrape of ${clientId} started.`, run: { ...runNow, clientId } })
  fetchMock = stubApi((url, init) => {
    if (url.pathname === '/api/dsa-scrape' && init?.method === 'POST') {
      return startAnswer((JSON.parse(String(init.body)) as { clientId: string }).clientId)
    }
    if (url.pathname === '/api/dsa-scrape-runs') return jsonResponse(200, { data: recentRuns, requestDelayMs: 2000 })
    if (url.pathname === `/api/dsa-scrape-runs/${runNow.id}`) return jsonResponse(200, runNow)
    return undefined
  })
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

const posts = () =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([, init]) => JSON.parse(String(init?.body)) as unknown)
const advance = (ms: number) =>
  act(async () => {
    await vi.advanceTimersByTimeAsync(ms)
  })

describe('DSA Scraper tab', () => {
  it('starts a scrape, follows it live to success and clears the result after 5 s', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime })
    renderRoutes(routes, '/dsa-tracker')
    expect(await screen.findByRole('heading', { level: 1, name: 'DSA Project Tracker' })).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Scraper', selected: true })).toBeInTheDocument()
    expect(screen.getByText(/one page every 2 seconds/)).toBeInTheDocument()
    expect(await screen.findByText('No scrape has run yet.')).toBeInTheDocument()

    // 37-H9 (main) is chosen at first
    expect(screen.getByRole('radio', { name: '37-H9 (main)' })).toBeChecked()
    await user.click(screen.getByRole('button', { name: 'Start scrape' }))
    expect(posts()).toEqual([{ clientId: '37-H9' }])

    const card = await screen.findByRole('article', { name: 'Scrape of 37-H9 (main)' })
    expect(card).toHaveAttribute('data-state', 'in_progress')
    expect(within(card).getByText('In progress')).toBeInTheDocument()
    expect(within(card).getByRole('progressbar', { name: 'Progress of the scrape of 37-H9' })).toHaveAttribute('aria-valuenow', '25')
    expect(within(card).getByText('Reading project details: 10 of 40 (25%)')).toBeInTheDocument()
    expect(within(card).getByText(/Pages fetched: 2 · Found: 40 · New: 0 · Updated: 0/)).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Start scrape' })).toBeDisabled()

    // the next poll sees progress, the one after that the end
    runNow = { ...runNow, detailsDone: 30, projectsSaved: 8 }
    await advance(1_000)
    await waitFor(() => expect(within(card).getByText('Reading project details: 30 of 40 (75%)')).toBeInTheDocument())
    runNow = { ...runNow, status: 'SUCCESS', finished: '2026-03-01T10:30:00.000Z', detailsDone: 40, projectsSaved: 12, projectsUpdated: 3 }
    await advance(1_000)
    await waitFor(() => expect(card).toHaveAttribute('data-state', 'success'))
    expect(within(card).getByText('Success')).toBeInTheDocument()
    expect(within(card).getByText('Finished: 40 projects found, 12 new, 3 updated.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Start scrape' })).toBeEnabled()

    await advance(4_500)
    expect(screen.getByRole('article', { name: 'Scrape of 37-H9 (main)' })).toBeInTheDocument()
    await advance(600)
    expect(screen.queryByRole('article', { name: 'Scrape of 37-H9 (main)' })).toBeNull()
  })

  it("shows the server's refusal when a scrape of that client is already running", async () => {
    const user = userEvent.setup()
    startAnswer = () => jsonResponse(409, { error: 'A scrape of 37-58 is already running (started 10:04).', code: 'conflict' })
    renderRoutes(routes, '/dsa-tracker')
    await user.click(await screen.findByRole('radio', { name: '37-58 (secondary)' }))
    await user.click(screen.getByRole('button', { name: 'Start scrape' }))
    expect(await screen.findByRole('alert')).toHaveTextContent('Scraping failed: A scrape of 37-58 is already running (started 10:04).')
    expect(posts()).toEqual([{ clientId: '37-58' }])
  })

  it('checks a custom client id before sending it', async () => {
    const user = userEvent.setup()
    renderRoutes(routes, '/dsa-tracker')
    await user.click(await screen.findByRole('radio', { name: 'Another client ID' }))
    const input = screen.getByRole('textbox', { name: /Custom client ID/ })
    expect(input).toHaveAttribute('placeholder', 'e.g. 37-XX')

    await user.click(screen.getByRole('button', { name: 'Start scrape' }))
    expect(screen.getByText('Please select or enter a client ID')).toBeInTheDocument()
    expect(input).toHaveAttribute('aria-invalid', 'true')

    await user.type(input, 'H9')
    expect(screen.queryByText('Please select or enter a client ID')).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Start scrape' }))
    expect(screen.getByText(CLIENT_ID_HINT)).toBeInTheDocument()
    expect(posts()).toEqual([])

    await user.clear(input)
    await user.type(input, ' 37-LFCS ')
    await user.click(screen.getByRole('button', { name: 'Start scrape' }))
    await waitFor(() => expect(posts()).toEqual([{ clientId: '37-LFCS' }]))
    expect(await screen.findByRole('article', { name: 'Scrape of 37-LFCS' })).toBeInTheDocument()
  })

  it('shows a run already going (started elsewhere) and what a PARTIAL run saved before it stopped', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    runNow = makeRun({ id: 5, clientId: '37-58', trigger: 'schedule', pagesFetched: 1 })
    recentRuns = [
      runNow,
      makeRun({ id: 4, clientId: '37-H9', status: 'FAILED', finished: '2026-02-28T10:01:00.000Z', error: 'The page layout changed.' }),
    ]
    renderRoutes(routes, '/dsa-tracker')

    const card = await screen.findByRole('article', { name: 'Scrape of 37-58 (secondary)' })
    expect(within(card).getByText(/Listing the tracker's pages \(1 fetched so far\)/)).toBeInTheDocument()
    expect(within(card).getByText(/by the schedule/)).toBeInTheDocument()
    const table = screen.getByRole('table', { name: 'Recent runs' })
    expect(within(table).getByText('Running')).toBeInTheDocument()
    expect(within(table).getByText('Failed')).toBeInTheDocument()
    expect(within(table).getByText('The page layout changed.')).toBeInTheDocument()
    // no card for the run that had already finished
    expect(screen.queryByRole('article', { name: 'Scrape of 37-H9 (main)' })).toBeNull()

    runNow = {
      ...runNow,
      status: 'PARTIAL',
      projectsFound: 40,
      projectsSaved: 6,
      projectsUpdated: 2,
      error: 'The tracker stopped answering.',
    }
    recentRuns = [runNow, ...recentRuns.slice(1)]
    await advance(1_000)
    await waitFor(() => expect(card).toHaveAttribute('data-state', 'failed'))
    expect(within(card).getByText('Failed')).toBeInTheDocument()
    expect(within(card).getByText(/6 projects saved and 2 updated before it stopped\. The tracker stopped answering\./)).toBeInTheDocument()
    await waitFor(() => expect(within(screen.getByRole('table', { name: 'Recent runs' })).getByText('Partly done')).toBeInTheDocument())
    await advance(5_100)
    expect(screen.queryByRole('article', { name: 'Scrape of 37-58 (secondary)' })).toBeNull()
    expect(requestsTo(fetchMock, '/api/dsa-scrape-runs')[0]?.searchParams.get('limit')).toBe('5')
  })

  it('keeps out people without the DSA_TRACKER application', async () => {
    vi.unstubAllGlobals()
    fetchMock = stubApi(() => jsonResponse(403, { error: 'no', code: 'forbidden' }), makeUser())
    renderRoutes(routes, '/dsa-tracker')
    expect(await screen.findByText('Access Denied')).toBeInTheDocument()
    expect(requestsTo(fetchMock, '/api/dsa-scrape-runs')).toHaveLength(0)
  })
})
