import { notifications } from '@mantine/notifications'
import type { ReportExportJob } from '@platform/contracts/report-exports'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { ReportsStudioPage } from '@/app/routes/reports-studio-page'
import { jsonResponse, renderRoutes } from '@/test/render'
import { giveElementsASize, requestsTo, stubApi } from '../../testing/fake-api'
import { costsDefinition, costsResult, makeSummary } from '../../testing/fixtures'

const routes = [{ path: '/reports-studio', element: <ReportsStudioPage /> }]
const report = makeSummary({ REPORT_ID: 5, REPORT_NAME: 'Costs by fund' })
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

const job = (overrides: Partial<ReportExportJob> = {}): ReportExportJob => ({
  id: 41,
  reportName: 'Costs by fund',
  format: 'xlsx',
  state: 'queued',
  rowsTotal: 250_000,
  rowsDone: 0,
  createdAt: '2026-03-15T14:00:00.000Z',
  startedAt: null,
  finishedAt: null,
  expiresAt: null,
  fileName: null,
  sizeBytes: null,
  failure: null,
  ...overrides,
})
const ready = job({
  state: 'ready',
  rowsDone: 250_000,
  startedAt: '2026-03-15T14:00:01.000Z',
  finishedAt: '2026-03-15T14:01:05.000Z',
  expiresAt: '2026-03-16T14:01:05.000Z',
  fileName: 'Costs_by_fund_2026-03-15.xlsx',
  sizeBytes: 9_000_000,
})

let progress: ReportExportJob[]
let listed: ReportExportJob[]
let fetchMock: ReturnType<typeof stubApi>

beforeAll(() => {
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: () => 'blob:report-export' })
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined })
})

beforeEach(() => {
  giveElementsASize()
  progress = []
  listed = []
  fetchMock = stubApi((url) => {
    if (url.pathname === '/api/reportlist') return jsonResponse(200, { reports: [report], canCreate: true })
    if (url.pathname === '/api/reportdetails') return jsonResponse(200, { report, definition: costsDefinition() })
    if (url.pathname === '/api/reportrun') return jsonResponse(200, costsResult())
    if (url.pathname === '/api/reportexport') return jsonResponse(202, job())
    if (url.pathname === '/api/reportexports') return jsonResponse(200, { jobs: listed })
    if (url.pathname === '/api/reportexports/41') return jsonResponse(200, progress.length > 1 ? progress.shift()! : progress[0]!)
    if (url.pathname === '/api/reportexports/41/cancel') return jsonResponse(200, job({ state: 'cancelled', rowsDone: 12_500 }))
    if (url.pathname === '/api/reportexports/41/file')
      return new Response(new Blob(['PK']), {
        status: 200,
        headers: { 'Content-Type': XLSX, 'Content-Disposition': 'attachment; filename="Costs_by_fund_2026-03-15.xlsx"' },
      })
    return undefined
  })
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

const startExcel = async (user: ReturnType<typeof userEvent.setup>) => {
  renderRoutes(routes, '/reports-studio?report=5')
  const exports = await screen.findByRole('group', { name: 'Export' })
  await user.click(within(exports).getByRole('button', { name: 'Excel' }))
  return screen.findByRole('region', { name: 'Excel export of Costs by fund' })
}

describe('A long export written in the background', () => {
  it('shows its rows done of rows and a progress bar, then tells the person it is ready and downloads the file', async () => {
    const user = userEvent.setup()
    const show = vi.spyOn(notifications, 'show')
    const saved: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download)
    })
    progress = [job({ state: 'running', rowsDone: 12_500, startedAt: '2026-03-15T14:00:01.000Z' }), ready]
    const panel = await startExcel(user)

    expect(within(panel).getByText('Costs by fund (Excel)')).toBeInTheDocument()
    expect(show).not.toHaveBeenCalledWith(expect.objectContaining({ message: 'Export completed successfully' }))
    await within(panel).findByText('12,500 of 250,000 rows', {}, { timeout: 3000 })
    const bar = within(panel).getByRole('progressbar', { name: 'Rows written for Costs by fund' })
    expect(bar).toHaveAttribute('aria-valuenow', '5')
    expect(bar).toHaveAttribute('aria-valuetext', '5%')
    expect(within(panel).getByText(/^Elapsed (\d+:)?\d+:\d{2}$/)).toBeInTheDocument()

    const download = await within(panel).findByRole('button', { name: 'Download' }, { timeout: 3000 })
    expect(within(panel).getByText('250,000 of 250,000 rows')).toBeInTheDocument()
    expect(within(panel).getByText('Elapsed 1:04')).toBeInTheDocument()
    expect(show).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Export ready', message: 'The Excel file of Costs by fund is ready to download.' }),
    )
    expect(within(panel).queryByRole('button', { name: 'Cancel export' })).not.toBeInTheDocument()
    await user.click(download)
    await waitFor(() => expect(saved).toEqual(['Costs_by_fund_2026-03-15.xlsx']))
    expect(requestsTo(fetchMock, '/api/reportexport')[0]!.body).toEqual({ reportId: 5, parameters: {}, format: 'xlsx' })
  })

  it('cancels only after the person confirms', async () => {
    const user = userEvent.setup()
    progress = [job({ state: 'running', rowsDone: 12_500, startedAt: '2026-03-15T14:00:01.000Z' })]
    const panel = await startExcel(user)
    await user.click(within(panel).getByRole('button', { name: 'Cancel export' }))
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this export?' })
    await user.click(within(dialog).getByRole('button', { name: 'Keep exporting' }))
    expect(requestsTo(fetchMock, '/api/reportexports/41/cancel')).toHaveLength(0)

    await user.click(within(panel).getByRole('button', { name: 'Cancel export' }))
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Cancel this export?' })).getByRole('button', { name: 'Cancel export' }),
    )
    await within(panel).findByText('Cancelled')
    expect(requestsTo(fetchMock, '/api/reportexports/41/cancel')[0]!.method).toBe('POST')
    expect(within(panel).queryByRole('button', { name: 'Cancel export' })).not.toBeInTheDocument()
    await user.click(within(panel).getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('region', { name: 'Excel export of Costs by fund' })).not.toBeInTheDocument()
  })

  it("shows the server's words when the export failed", async () => {
    const user = userEvent.setup()
    const failure = 'You no longer have access to Reports Studio, so the export was not written.'
    progress = [job({ state: 'failed', failure, finishedAt: '2026-03-15T14:00:09.000Z' })]
    const panel = await startExcel(user)
    expect(await within(panel).findByText(failure, {}, { timeout: 3000 })).toBeInTheDocument()
    expect(within(panel).getByText('Failed')).toBeInTheDocument()
    expect(within(panel).queryByRole('button', { name: 'Download' })).not.toBeInTheDocument()
  })
})

describe('Exports in Reports Studio', () => {
  it('lists the person’s jobs with their state, rows and how long the file is kept, to download or cancel', async () => {
    const user = userEvent.setup()
    const saved: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download)
    })
    listed = [
      job({ id: 42, reportName: 'Enrolment', format: 'pdf', state: 'running', rowsDone: 3_000, rowsTotal: 20_000 }),
      ready,
      job({ id: 40, reportName: 'Old list', state: 'expired', rowsDone: 11_000, rowsTotal: 11_000 }),
    ]
    renderRoutes(routes, '/reports-studio')
    const section = await screen.findByRole('region', { name: 'Exports' })
    expect(section).toHaveAttribute('id', 'exports')
    const items = within(section).getAllByRole('listitem')
    expect(items.map((item) => item.textContent)).toEqual([
      'Enrolment (PDF)Writing3,000 of 20,000 rowsCancel',
      'Costs by fund (Excel)Ready250,000 of 250,000 rows · ready until Mar 16, 2026 7:01 AM PDTDownload',
      'Old list (Excel)Removed11,000 of 11,000 rows',
    ])
    await user.click(within(section).getByRole('button', { name: 'Download the Excel file of Costs by fund' }))
    await waitFor(() => expect(saved).toEqual(['Costs_by_fund_2026-03-15.xlsx']))

    await user.click(within(section).getByRole('button', { name: 'Cancel the PDF export of Enrolment' }))
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this export?' })
    expect(dialog).toHaveTextContent('The PDF file of Enrolment stops being written.')
  })

  it('shows nothing when the person has no exports', async () => {
    renderRoutes(routes, '/reports-studio')
    await screen.findByText('Costs by fund')
    await waitFor(() => expect(requestsTo(fetchMock, '/api/reportexports')).toHaveLength(1))
    expect(screen.queryByRole('region', { name: 'Exports' })).not.toBeInTheDocument()
  })
})
