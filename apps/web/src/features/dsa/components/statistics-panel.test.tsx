import type { DsaStats } from '@platform/contracts/dsa'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DsaTrackerPage } from '@/app/routes/dsa-tracker-page'
import { jsonResponse, renderRoutes } from '@/test/render'
import { makeStats } from '../testing/fixtures'
import { requestsTo, stubApi } from '../testing/fake-api'

const routes = [{ path: '/dsa-tracker', element: <DsaTrackerPage /> }]

let statsAnswer: () => Response
let fetchMock: ReturnType<typeof stubApi>

beforeEach(() => {
  // jsdom lays nothing out: give the charts' responsive containers a size so they draw (and recharts does not warn).
  const box = { x: 0, y: 0, top: 0, left: 0, right: 600, bottom: 300, width: 600, height: 300 }
  vi.spyOn(HTMLElement.prototype, 'getBoundingClientRect').mockReturnValue({ ...box, toJSON: () => box })
  statsAnswer = () => jsonResponse(200, makeStats())
  fetchMock = stubApi((url) => {
    if (url.pathname === '/api/dsa-stats') return statsAnswer()
    if (url.pathname === '/api/dsa-scrape-runs') return jsonResponse(200, { data: [], requestDelayMs: 2000 })
    return undefined
  })
})
afterEach(() => {
  vi.unstubAllGlobals()
})

/** The value shown under a card's label. */
const cardValue = (totals: HTMLElement, label: string) => within(totals).getByText(label).nextSibling

describe('DSA Statistics tab', () => {
  it('shows the totals, both breakdowns as charts with tables, and the recent scrape logs', async () => {
    renderRoutes(routes, '/dsa-tracker?tab=statistics')
    const totals = await screen.findByRole('region', { name: 'Totals' })
    expect(cardValue(totals, 'Total projects')).toHaveTextContent('240')
    expect(cardValue(totals, 'Fresh projects')).toHaveTextContent('180')
    expect(within(totals).getByText('75% confirmed recently')).toBeInTheDocument()
    expect(cardValue(totals, 'Clients')).toHaveTextContent('2')
    expect(cardValue(totals, 'Success rate')).toHaveTextContent('87.5%')
    expect(within(totals).getByText(/7 of 8 runs succeeded in the last 30 days · last run /)).toBeInTheDocument()

    const donut = screen.getByRole('img', { name: /Donut chart of 240 projects by status/ })
    await waitFor(() => expect(donut.querySelectorAll('.recharts-pie-sector')).toHaveLength(3))
    const statuses = screen.getByRole('table', { name: 'Projects by status' })
    const statusRows = within(statuses).getAllByRole('row').slice(1)
    expect(statusRows.map((row) => row.textContent)).toEqual(['Approved12050%', 'Completed8033.3%', 'In review4016.7%'])

    const bars = screen.getByRole('img', { name: /Bar chart of projects by client/ })
    await waitFor(() => expect(bars.querySelectorAll('.recharts-bar-rectangle')).toHaveLength(2))
    const clients = screen.getByRole('table', { name: 'Projects by client' })
    expect(
      within(clients)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['37-H9 (main)200', '37-58 (secondary)40'])

    const logs = screen.getByRole('table', { name: 'Recent scrape logs' })
    const logRows = within(logs).getAllByRole('row').slice(1)
    expect(within(logRows[0]!).getByText('Success')).toBeInTheDocument()
    expect(logRows[0]).toHaveTextContent('200')
    expect(within(logRows[1]!).getByText('Partly done')).toBeInTheDocument()
    expect(within(logRows[1]!).getByText('The tracker stopped answering after page 3.')).toBeInTheDocument()
    expect(within(logRows[2]!).getByText('Failed')).toBeInTheDocument()
    expect(requestsTo(fetchMock, '/api/dsa-stats')).toHaveLength(1)
  })

  it("shows '—' for the success rate before the first run, and the 10 most common statuses only", async () => {
    const stats: DsaStats = makeStats({
      scrapingMetrics: { successRate: null, totalRuns: 0, successfulRuns: 0, lastRun: null },
      statusBreakdown: Array.from({ length: 12 }, (_, index) => ({ status: `STATUS ${index + 1}`, count: 100 - index })),
      recentLogs: [],
    })
    statsAnswer = () => jsonResponse(200, stats)
    renderRoutes(routes, '/dsa-tracker?tab=statistics')
    const totals = await screen.findByRole('region', { name: 'Totals' })
    expect(cardValue(totals, 'Success rate')).toHaveTextContent('—')
    expect(within(totals).getByText('No finished run yet')).toBeInTheDocument()
    const rows = within(screen.getByRole('table', { name: 'Projects by status' }))
      .getAllByRole('row')
      .slice(1)
    expect(rows).toHaveLength(10)
    expect(rows.at(-1)).toHaveTextContent('Status 10')
    expect(screen.getByText('No scrape has run yet.')).toBeInTheDocument()
  })

  it("shows 'Failed to load statistics: ' and the server's reason", async () => {
    statsAnswer = () => jsonResponse(503, { error: 'The database is not available.', code: 'unavailable' })
    renderRoutes(routes, '/dsa-tracker?tab=statistics')
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load statistics: The database is not available.')
  })

  it('keeps the open tab in the address, so a reload opens it again', async () => {
    const user = userEvent.setup()
    const { router } = renderRoutes(routes, '/dsa-tracker')
    await user.click(await screen.findByRole('tab', { name: 'Statistics' }))
    expect(router.state.location.search).toBe('?tab=statistics')
    expect(await screen.findByRole('region', { name: 'Totals' })).toBeInTheDocument()
    await user.click(screen.getByRole('tab', { name: 'Scraper' }))
    expect(router.state.location.search).toBe('')
    expect(screen.getByRole('tab', { name: 'Scraper', selected: true })).toBeInTheDocument()
  })
})
