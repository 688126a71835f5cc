import { notifications } from '@mantine/notifications'
import type { ReportDefinition } from '@platform/contracts/reports'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { ReportsStudioPage } from '@/app/routes/reports-studio-page'
import { todayStamp } from '@/lib/download'
import { jsonResponse, renderRoutes } from '@/test/render'
import { giveElementsASize, requestsTo, stubApi } from '../../testing/fake-api'
import { costsDefinition, costsResult, makeSummary } from '../../testing/fixtures'

const routes = [{ path: '/reports-studio', element: <ReportsStudioPage /> }]
const report = makeSummary({ REPORT_ID: 5, REPORT_NAME: 'Costs by fund' })

let definition: ReportDefinition
let runAnswer: (body: { offset: number }) => Response
let exportAnswer: () => Response
let optionsAnswer: (body: { parameters?: Record<string, unknown> }) => Response | Promise<Response>
let fetchMock: ReturnType<typeof stubApi>

beforeAll(() => {
  // jsdom has no object URLs; saveBlob only needs them to exist.
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: () => 'blob:report-export' })
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined })
})

beforeEach(() => {
  giveElementsASize()
  definition = costsDefinition()
  runAnswer = () => jsonResponse(200, costsResult())
  exportAnswer = () =>
    new Response('Department,Spent\r\n', {
      status: 200,
      headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="Costs_by_fund_2026-03-15.csv"' },
    })
  optionsAnswer = () => jsonResponse(200, { options: { fund: ['100', '200', '300'], departments: ['Instruction', 'Transport'] } })
  fetchMock = stubApi((url, init) => {
    if (url.pathname === '/api/reportoptions')
      return optionsAnswer(JSON.parse(String(init?.body)) as { parameters?: Record<string, unknown> })
    if (url.pathname === '/api/reportlist') return jsonResponse(200, { reports: [report], canCreate: true })
    if (url.pathname === '/api/reportdetails') return jsonResponse(200, { report, definition })
    if (url.pathname === '/api/reportrun') return runAnswer(JSON.parse(String(init?.body)) as { offset: number })
    if (url.pathname === '/api/reportexport') return exportAnswer()
    if (url.pathname === '/api/reportdrill') return jsonResponse(200, drillResult())
    return undefined
  })
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const drillResult = () =>
  costsResult({
    subtitle: 'Fund: 100',
    chart: null,
    rows: [{ kind: 'detail', level: 0, label: null, cells: ['Instruction', 1234.5, '2026-03-01'] }],
    page: { offset: 0, limit: 100, total: 1, hasMore: false },
  })
const runs = () => requestsTo(fetchMock, '/api/reportrun')
const rowTexts = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => row.textContent)

describe('Report viewer', () => {
  it('shows the title, parameter values, grouped rows with subtotals and grand total, formatted as the exports, and the chart', async () => {
    const user = userEvent.setup()
    renderRoutes(routes, '/reports-studio?report=5')
    const table = await screen.findByRole('table', { name: 'Costs by fund' })
    expect(screen.getByRole('heading', { level: 3, name: 'Costs by fund' })).toBeInTheDocument()
    expect(screen.getByText('Fiscal year to date')).toBeInTheDocument()
    expect(screen.getByText('Fiscal year: 2026 · Funds: All')).toBeInTheDocument()
    expect(screen.getByText('Run Mar 15, 2026 7:05 AM PDT')).toBeInTheDocument()

    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Department', 'Spent', 'Posted'])
    expect(rowTexts(table)).toEqual([
      'Fund: 100',
      'Instruction$1,234.50Mar 1, 2026',
      'Transport-$20.00Mar 2, 2026',
      'Subtotal: Fund: 100$1,214.50',
      'Fund: 200',
      'Instruction$1,000,000.00Mar 5, 2026',
      'Subtotal: Fund: 200$1,000,000.00',
      'All funds$1,001,214.50',
    ])
    const rows = within(table).getAllByRole('row').slice(1)
    // Group and total rows are labelled by their own header cell, set apart, and their label runs over the empty cells.
    const header = within(rows[0]!).getByRole('rowheader', { name: 'Fund: 100' })
    expect(header).toHaveAttribute('colspan', '3')
    expect(rows[0]).toHaveAttribute('data-row-kind', 'groupHeader')
    expect(within(rows[3]!).getByRole('rowheader', { name: 'Subtotal: Fund: 100' })).toHaveAttribute('colspan', '1')
    expect(rows[7]).toHaveAttribute('data-row-kind', 'grandTotal')
    expect(rows[7]).toHaveStyle({ fontWeight: '700' })
    // Numbers right-aligned; the conditional format's colour and weight on the refund.
    const refund = within(rows[2]!).getByText('-$20.00')
    expect(refund).toHaveStyle({ color: '#B00020', fontWeight: '700' })

    // The chart's code loads on first use: on a busy machine that takes more than a second.
    const chart = await screen.findByRole('img', { name: /Bar chart of Spent by 2 categories/ }, { timeout: 5000 })
    await waitFor(() => expect(chart.querySelectorAll('.recharts-bar-rectangle')).toHaveLength(2))
    // Axis titles: the category field along the bottom, the measured column up the side.
    expect([...chart.querySelectorAll('.mantine-BarChart-axisLabel')].map((label) => label.textContent)).toEqual(['Fund', 'Spent'])
    await user.click(screen.getByRole('button', { name: 'Show the chart data' }))
    const data = screen.getByRole('table', { name: 'Chart data: Costs by fund' })
    expect(rowTexts(data)).toEqual(['100$1,214.50', '200$1,000,000.00'])
  })

  it('shows times on the district clock with the zone named, dates as calendar dates, whatever the browser zone', async () => {
    runAnswer = () =>
      jsonResponse(
        200,
        costsResult({
          columns: [
            { key: 'email', label: 'Email', format: 'text', align: 'left' },
            { key: 'last_login', label: 'Latest sign-in', format: 'datetime', align: 'left' },
            { key: 'posted', label: 'Posted', format: 'date', align: 'left' },
          ],
          rows: [
            { kind: 'detail', level: 0, label: null, cells: ['a@district.test', '2026-03-01T05:10:00.000Z', '2026-03-01'] },
            { kind: 'detail', level: 0, label: null, cells: ['b@district.test', '2026-07-01T17:00:00.000Z', '2026-07-01'] },
          ],
          chart: null,
        }),
      )
    renderRoutes(routes, '/reports-studio?report=5')
    const table = await screen.findByRole('table', { name: 'Costs by fund' })
    expect(rowTexts(table)).toEqual([
      'a@district.testFeb 28, 2026 9:10 PM PSTMar 1, 2026',
      'b@district.testJul 1, 2026 10:00 AM PDTJul 1, 2026',
    ])
  })

  it('names every slice of a pie beside it with its amount and share', async () => {
    runAnswer = () =>
      jsonResponse(
        200,
        costsResult({
          chart: {
            type: 'pie',
            categoryLabel: 'Fund',
            categories: ['100', '200', '300', '400'],
            series: [{ key: 'sum_cost', name: 'Spent', values: [750, 200, 50, -10] }],
          },
        }),
      )
    renderRoutes(routes, '/reports-studio?report=5')
    const key = await screen.findByRole('list', { name: 'Slices of Spent' })
    // The negative amount is not a share, so it has no slice and no entry.
    expect(
      within(key)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['100: $750.00 (75.0%)', '200: $200.00 (20.0%)', '300: $50.00 (5.0%)'])
    expect(screen.getByRole('img', { name: /Pie chart of Spent by 4 categories/ })).toBeInTheDocument()
  })

  it('waits for required parameters, checks them, and sends typed values', async () => {
    const user = userEvent.setup()
    definition = costsDefinition({
      parameters: [
        { id: 'fy', label: 'Fiscal year', type: 'integer', required: true },
        { id: 'funds', label: 'Funds', type: 'multiSelect', required: false, options: ['100', '200', '300'] },
        { id: 'closed', label: 'Closed', type: 'boolean', required: false },
        { id: 'since', label: 'Since', type: 'date', required: false },
      ],
    })
    renderRoutes(routes, '/reports-studio?report=5')
    expect(await screen.findByText('Fill in the parameters and run the report.')).toBeInTheDocument()
    expect(runs()).toHaveLength(0)

    await user.click(screen.getByRole('button', { name: 'Run report' }))
    expect(await screen.findByText('Fiscal year is required')).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: /Fiscal year/ })).toBeRequired()
    expect(runs()).toHaveLength(0)

    await user.type(screen.getByRole('textbox', { name: /Fiscal year/ }), '2026')
    await user.click(screen.getByRole('checkbox', { name: '100' }))
    await user.click(screen.getByRole('checkbox', { name: '300' }))
    await user.selectOptions(screen.getByRole('combobox', { name: 'Closed' }), 'No')
    await user.click(screen.getByRole('button', { name: 'Run report' }))
    await waitFor(() => expect(runs()).toHaveLength(1))
    expect(runs()[0]!.body).toEqual({ reportId: 5, parameters: { fy: 2026, funds: ['100', '300'], closed: false }, offset: 0, limit: 100 })
    expect(await screen.findByRole('table', { name: 'Costs by fund' })).toBeInTheDocument()
  })

  it("offers a field's values as searchable lists and sends the ones chosen", async () => {
    const user = userEvent.setup()
    definition = costsDefinition({
      parameters: [
        { id: 'fund', label: 'Fund', type: 'select', required: true, optionsFrom: 'fund' },
        { id: 'departments', label: 'Departments', type: 'multiSelect', required: false, optionsFrom: 'department' },
      ],
    })
    renderRoutes(routes, '/reports-studio?report=5')
    const fund = await screen.findByRole('combobox', { name: /Fund/ })
    await waitFor(() => expect(fund).toBeEnabled())
    // The server reads the choices from the saved report; the viewer sends only its id.
    expect(requestsTo(fetchMock, '/api/reportoptions')).toEqual([expect.objectContaining({ method: 'POST', body: { reportId: 5 } })])
    expect(screen.queryByRole('textbox', { name: /Fund/ })).toBeNull()

    await user.click(fund)
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['100', '200', '300'])
    await user.click(screen.getByRole('option', { name: '200' }))
    await user.type(screen.getByRole('combobox', { name: 'Departments' }), 'trans')
    await user.click(await screen.findByRole('option', { name: 'Transport' }))
    await user.click(screen.getByRole('button', { name: 'Run report' }))
    await waitFor(() => expect(runs()).toHaveLength(1))
    expect(runs()[0]!.body).toMatchObject({ reportId: 5, parameters: { fund: '200', departments: ['Transport'] } })
  })

  it('narrows the departments by the fund chosen, and clears a department no longer offered', async () => {
    const user = userEvent.setup()
    definition = costsDefinition({
      parameters: [
        { id: 'fund', label: 'Fund', type: 'select', required: false, optionsFrom: 'fund' },
        {
          id: 'department',
          label: 'Department',
          type: 'select',
          required: false,
          optionsFrom: 'department',
          filteredBy: [{ param: 'fund', field: 'fund' }],
        },
      ],
    })
    const byFund: Record<string, string[]> = {
      '': ['Instruction', 'Transport'],
      '100': ['Instruction', 'Transport'],
      '200': ['Instruction'],
    }
    optionsAnswer = (body) =>
      jsonResponse(200, { options: { fund: ['100', '200'], department: byFund[String(body.parameters?.fund ?? '')] } })
    renderRoutes(routes, '/reports-studio?report=5')
    const department = await screen.findByRole('combobox', { name: /Department/ })
    await waitFor(() => expect(department).toBeEnabled())
    await user.click(department)
    await user.click(screen.getByRole('option', { name: 'Transport' }))
    expect(department).toHaveValue('Transport')

    await user.click(screen.getByRole('combobox', { name: /Fund/ }))
    await user.click(screen.getByRole('option', { name: '200' }))
    await waitFor(() =>
      expect(requestsTo(fetchMock, '/api/reportoptions').at(-1)!.body).toEqual({ reportId: 5, parameters: { fund: '200' } }),
    )
    // Transport is not offered with fund 200: it is cleared, and only Instruction is offered.
    await waitFor(() => expect(department).toHaveValue(''))
    await user.click(department)
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Instruction'])
  })

  it('opens the rows behind a group, and exports them', async () => {
    const user = userEvent.setup()
    const grouped = costsResult()
    grouped.rows[0] = { ...grouped.rows[0]!, drill: { fund: '100' } }
    runAnswer = () => jsonResponse(200, grouped)
    renderRoutes(routes, '/reports-studio?report=5')
    await user.click(await screen.findByRole('button', { name: 'Fund: 100: show its rows' }))
    const dialog = await screen.findByRole('dialog', { name: 'Rows of Fund: 100' })
    const table = await within(dialog).findByRole('table', { name: 'Rows of Fund: 100' })
    expect(rowTexts(table)).toEqual(['Instruction$1,234.50Mar 1, 2026'])
    expect(requestsTo(fetchMock, '/api/reportdrill')[0]!.body).toEqual({
      reportId: 5,
      parameters: {},
      drill: { fund: '100' },
      offset: 0,
      limit: 100,
    })
    await user.click(within(dialog).getByRole('button', { name: 'CSV' }))
    await waitFor(() => expect(requestsTo(fetchMock, '/api/reportexport')).toHaveLength(1))
    expect(requestsTo(fetchMock, '/api/reportexport')[0]!.body).toEqual({
      reportId: 5,
      parameters: {},
      format: 'csv',
      drill: { fund: '100' },
    })
  })

  it('shows the list disabled while its choices load, and takes typed text when they cannot be loaded', async () => {
    const user = userEvent.setup()
    definition = costsDefinition({ parameters: [{ id: 'fund', label: 'Fund', type: 'select', required: true, optionsFrom: 'fund' }] })
    let fail: () => void = () => undefined
    optionsAnswer = () =>
      new Promise<Response>(
        (resolve) => (fail = () => resolve(jsonResponse(500, { error: 'The database is not available.', code: 'internal' }))),
      )
    renderRoutes(routes, '/reports-studio?report=5')
    expect(await screen.findByRole('combobox', { name: /Fund/ })).toBeDisabled()
    expect(screen.getByLabelText('Loading the choices of Fund')).toBeInTheDocument()

    fail()
    const fund = await screen.findByRole('textbox', { name: /Fund/ })
    expect(fund).toHaveAccessibleDescription('The choices could not be loaded; type a value')
    await user.type(fund, '300')
    await user.click(screen.getByRole('button', { name: 'Run report' }))
    await waitFor(() => expect(runs()).toHaveLength(1))
    expect(runs()[0]!.body).toMatchObject({ parameters: { fund: '300' } })
  })

  it("shows the server's account of bad parameter values as it is, next to the prompts", async () => {
    definition = costsDefinition({ parameters: [{ id: 'fy', label: 'Fiscal year', type: 'integer', required: false }] })
    runAnswer = () => jsonResponse(422, { error: "Fiscal year: '1e9' is not a whole number.", code: 'invalid_definition' })
    renderRoutes(routes, '/reports-studio?report=5')
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The report could not run')
    expect(alert).toHaveTextContent("Fiscal year: '1e9' is not a whole number.")
    expect(screen.getByRole('button', { name: 'Run report' })).toBeInTheDocument()
  })

  it("says 'Failed to load report: ' when it may not be run", async () => {
    runAnswer = () => jsonResponse(403, { error: 'You may not read the dataset Costs.', code: 'dataset_forbidden' })
    renderRoutes(routes, '/reports-studio?report=5')
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load report: You may not read the dataset Costs.')
  })

  it('pages through the records with Previous and Next', async () => {
    const user = userEvent.setup()
    runAnswer = ({ offset }) =>
      jsonResponse(200, costsResult({ chart: null, page: { offset, limit: 100, total: 250, hasMore: offset + 100 < 250 } }))
    renderRoutes(routes, '/reports-studio?report=5')
    expect(await screen.findByText('Showing rows 1–100 of 250')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled()

    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByText('Showing rows 101–200 of 250')).toBeInTheDocument()
    expect(runs().at(-1)!.body).toMatchObject({ offset: 100, limit: 100 })
    await user.click(screen.getByRole('button', { name: 'Next' }))
    expect(await screen.findByText('Showing rows 201–250 of 250')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled()
    await user.click(screen.getByRole('button', { name: 'Previous' }))
    expect(await screen.findByText('Showing rows 101–200 of 250')).toBeInTheDocument()
  })

  it('exports CSV, Excel and PDF with the parameters on screen, under the name the server gives', async () => {
    const user = userEvent.setup()
    const show = vi.spyOn(notifications, 'show')
    const saved: string[] = []
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download)
    })
    definition = costsDefinition({ parameters: [{ id: 'fy', label: 'Fiscal year', type: 'integer', required: false, default: 2026 }] })
    renderRoutes(routes, '/reports-studio?report=5')
    const exports = await screen.findByRole('group', { name: 'Export' })

    await user.click(within(exports).getByRole('button', { name: 'CSV' }))
    await waitFor(() => expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Export completed successfully' })))
    expect(saved).toEqual(['Costs_by_fund_2026-03-15.csv'])
    const [request] = requestsTo(fetchMock, '/api/reportexport')
    expect(request!.method).toBe('POST')
    expect(request!.body).toEqual({ reportId: 5, parameters: { fy: 2026 }, format: 'csv' })

    // Without a name from the server: the report's name and today's date.
    exportAnswer = () => new Response(new Blob(['%PDF-1.7']), { status: 200, headers: { 'Content-Type': 'application/pdf' } })
    await user.click(within(exports).getByRole('button', { name: 'PDF' }))
    await waitFor(() => expect(saved).toHaveLength(2))
    expect(saved[1]).toBe(`Costs_by_fund_${todayStamp()}.pdf`)
    expect(requestsTo(fetchMock, '/api/reportexport')[1]!.body).toMatchObject({ format: 'pdf' })

    exportAnswer = () => jsonResponse(413, { error: 'The PDF holds at most 50,000 rows; export Excel or CSV instead.', code: 'too_large' })
    await user.click(within(exports).getByRole('button', { name: 'Excel' }))
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({
          color: 'red',
          message: 'Export failed: The PDF holds at most 50,000 rows; export Excel or CSV instead.',
        }),
      ),
    )
    expect(requestsTo(fetchMock, '/api/reportexport')[2]!.body).toMatchObject({ format: 'xlsx' })
  })

  it("says 'Failed to load report: ' when the report is gone", async () => {
    fetchMock.mockImplementation(async (input) => {
      const url = new URL(String(input), 'http://localhost')
      if (url.pathname === '/api/reportdetails')
        return jsonResponse(404, { error: 'There is no report with id 5. It may have been deleted.', code: 'report_not_found' })
      if (url.pathname === '/api/reportlist') return jsonResponse(200, { reports: [], canCreate: false })
      return jsonResponse(404, { error: 'Not found', code: 'not_found' })
    })
    renderRoutes(routes, '/reports-studio?report=5')
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Failed to load report: There is no report with id 5. It may have been deleted.',
    )
  })
})
