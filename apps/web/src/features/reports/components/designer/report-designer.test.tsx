import { notifications } from '@mantine/notifications'
import type { ReportDefinition } from '@platform/contracts/reports'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ReportsStudioPage } from '@/app/routes/reports-studio-page'
import { jsonResponse, renderRoutes } from '@/test/render'
import { giveElementsASize, requestsTo, stubApi, type Answer } from '../../testing/fake-api'
import { costsDataset, costsDefinition, costsResult, makeSummary, usersDataset, viewer } from '../../testing/fixtures'

const routes = [{ path: '/reports-studio', element: <ReportsStudioPage /> }]
const existing = makeSummary({ REPORT_ID: 3, REPORT_NAME: 'Costs by fund', version: 2 })
// The preview waits for the form to rest (600 ms) before it asks the server.
const PREVIEW_WAIT = { timeout: 3000 }

let details: ReportDefinition
let detailsReport: ReturnType<typeof makeSummary>
let optionsAnswer: () => Response
let datasetsAnswer: () => Response
let previewAnswer: () => Response
let createAnswer: (body: { name: string }) => Response
let updateAnswer: () => Response
let fetchMock: ReturnType<typeof stubApi>

const answer: Answer = (url, init) => {
  const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as Record<string, unknown>) : {}
  switch (url.pathname) {
    case '/api/reportlist':
      return jsonResponse(200, { reports: [existing], canCreate: true })
    case '/api/reportdatasets':
      return datasetsAnswer()
    case '/api/reportdetails':
      return jsonResponse(200, { report: detailsReport, definition: details })
    case '/api/reportrun':
      return body.definition ? previewAnswer() : jsonResponse(200, costsResult({ chart: null }))
    case '/api/reportoptions':
      return optionsAnswer()
    case '/api/reportcreate':
      return createAnswer(body as { name: string })
    case '/api/reportupdate':
      return updateAnswer()
    case '/api/reportversions':
      return jsonResponse(200, {
        versions: [
          { version: 2, savedAt: '2026-03-10T09:00:00.000Z', savedBy: 'Rita Writer', name: 'Costs by fund', current: true },
          { version: 1, savedAt: '2026-03-01T10:00:00.000Z', savedBy: 'Rita Writer', name: 'Costs (draft)', current: false },
        ],
      })
    case '/api/reportrestore':
      details = costsDefinition({ layout: { ...costsDefinition().layout, title: 'The first title' } })
      return jsonResponse(200, { success: true, message: 'Version 1 was restored as version 3.', report: { ...existing, version: 3 } })
    default:
      return undefined
  }
}

beforeEach(() => {
  giveElementsASize()
  details = costsDefinition()
  detailsReport = existing
  optionsAnswer = () => jsonResponse(200, { options: {} })
  datasetsAnswer = () => jsonResponse(200, { datasets: [costsDataset, usersDataset] })
  previewAnswer = () => jsonResponse(200, costsResult({ chart: null, title: 'Preview title' }))
  createAnswer = (body) =>
    jsonResponse(200, {
      success: true,
      message: 'Report saved successfully!',
      report: makeSummary({ REPORT_ID: 9, REPORT_NAME: body.name }),
    })
  updateAnswer = () => jsonResponse(200, { success: true, message: 'Report updated successfully!', report: { ...existing, version: 3 } })
  fetchMock = stubApi(answer)
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const previews = () =>
  requestsTo(fetchMock, '/api/reportrun').filter((request) => (request.body as { definition?: unknown }).definition !== undefined)
const lastPreview = () => previews().at(-1)?.body as { definition: ReportDefinition; limit: number } | undefined

async function openNewReport(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'New Report' }))
  const designer = await screen.findByRole('dialog', { name: 'New Report' })
  await user.selectOptions(await within(designer).findByRole('combobox', { name: /Dataset/ }), 'Costs')
  return designer
}

async function openExisting(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Edit Costs by fund' }))
  return screen.findByRole('dialog', { name: 'Edit report: Costs by fund' })
}

describe('Report designer', () => {
  it('adds a summary column with an aggregate, so the preview can run at once', async () => {
    const user = userEvent.setup()
    renderRoutes(routes, '/reports-studio')
    const designer = await openNewReport(user)
    await user.click(within(designer).getByRole('radio', { name: /^Summary/ }))
    await user.click(within(designer).getByRole('tab', { name: 'Columns' }))
    await user.click(within(designer).getByRole('button', { name: 'Add column' }))
    expect(within(designer).getByRole('group', { name: 'Column 1: Total Cost' })).toBeInTheDocument()
    await waitFor(() => expect(lastPreview()?.definition.columns).toEqual([{ field: 'cost', agg: 'sum' }]), PREVIEW_WAIT)
  })

  it('builds a definition (dataset, a group, a summed column, a calculation) and previews it as it stands', async () => {
    const user = userEvent.setup()
    renderRoutes(routes, '/reports-studio')
    const designer = await openNewReport(user)
    expect(within(designer).getByText('Choose a dataset and add a column to see a preview.')).toBeInTheDocument()

    await user.click(within(designer).getByRole('tab', { name: 'Columns' }))
    await user.click(within(designer).getByRole('button', { name: 'Add column' }))
    await user.click(within(designer).getByRole('button', { name: 'Add column' }))
    const second = within(designer).getByRole('group', { name: /^Column 2/ })
    await user.selectOptions(within(second).getByRole('combobox', { name: 'Shows' }), 'Cost')
    await user.selectOptions(within(second).getByRole('combobox', { name: 'Aggregate' }), 'Sum')
    expect(within(designer).getByRole('group', { name: 'Column 2: Total Cost' })).toBeInTheDocument()
    await user.click(within(designer).getByRole('tab', { name: 'Data' }))
    await user.click(within(designer).getByRole('radio', { name: /^Summary/ }))

    await user.click(within(designer).getByRole('tab', { name: 'Groups and totals' }))
    await user.click(within(designer).getByRole('button', { name: 'Add group' }))
    expect(within(within(designer).getByRole('group', { name: 'Group level 1' })).getByRole('combobox', { name: 'Group by' })).toHaveValue(
      'fund',
    )

    await user.click(within(designer).getByRole('tab', { name: 'Calculations' }))
    expect(within(designer).getByText(/sum avg min max count abs round coalesce nullif if/)).toBeInTheDocument()
    await user.click(within(designer).getByRole('button', { name: 'Add calculation' }))
    const calc = within(designer).getByRole('group', { name: /^Calculation 1/ })
    await user.clear(within(calc).getByRole('textbox', { name: 'Label' }))
    await user.type(within(calc).getByRole('textbox', { name: 'Label' }), 'Half')
    await user.type(within(calc).getByRole('textbox', { name: 'Formula' }), 'sum(cost) * 0.5')
    await user.selectOptions(within(calc).getByRole('combobox', { name: 'Format' }), 'money')
    await user.click(within(calc).getByRole('button', { name: 'Show as a column' }))

    await waitFor(() => expect(lastPreview()?.definition.columns).toHaveLength(3), PREVIEW_WAIT)
    const sent = lastPreview()!
    expect(sent.limit).toBe(50)
    // A new report has no id to send.
    expect(sent).not.toHaveProperty('reportId')
    expect(sent.definition).toMatchObject({
      schemaVersion: 1,
      dataset: 'costs',
      rows: { mode: 'summary' },
      groups: [{ field: 'fund', subtotal: true, pageBreakBefore: false }],
      columns: [{ field: 'fund' }, { field: 'cost', agg: 'sum' }, { calc: 'calc_1' }],
      calculations: [{ id: 'calc_1', label: 'Half', expr: 'sum(cost) * 0.5', format: 'money' }],
    })
    // The debounce sends the finished formula, not one request per key.
    expect(
      previews().filter((request) => (request.body as { definition: ReportDefinition }).definition.calculations[0]?.expr === 'sum(cost'),
    ).toHaveLength(0)
    expect(await within(designer).findByRole('table', { name: 'Preview' })).toBeInTheDocument()
  })

  it('adds a parameter and a filter that compares a field with it, with the operators that suit the field', async () => {
    const user = userEvent.setup()
    renderRoutes(routes, '/reports-studio')
    const designer = await openExisting(user)
    await user.click(within(designer).getByRole('tab', { name: 'Parameters' }))
    await user.click(within(designer).getByRole('button', { name: 'Add parameter' }))
    const parameter = within(designer).getByRole('group', { name: /^Parameter 1/ })
    await user.clear(within(parameter).getByRole('textbox', { name: /^Id/ }))
    await user.type(within(parameter).getByRole('textbox', { name: /^Id/ }), 'Min')
    expect(within(parameter).getByText('Lower-case letters, digits and _, starting with a letter')).toBeInTheDocument()
    await user.clear(within(parameter).getByRole('textbox', { name: /^Id/ }))
    await user.type(within(parameter).getByRole('textbox', { name: /^Id/ }), 'min_cost')
    await user.clear(within(parameter).getByRole('textbox', { name: /^Label/ }))
    await user.type(within(parameter).getByRole('textbox', { name: /^Label/ }), 'Smallest cost')
    await user.selectOptions(within(parameter).getByRole('combobox', { name: 'Type' }), 'Number')
    await user.click(within(parameter).getByRole('checkbox', { name: 'Required' }))

    await user.click(within(designer).getByRole('tab', { name: 'Filters' }))
    await user.click(within(designer).getByRole('button', { name: 'Add filter' }))
    const filter = within(designer).getByRole('group', { name: 'Filter 1' })
    await user.selectOptions(within(filter).getByRole('combobox', { name: 'Field' }), 'Cost')
    const conditions = within(within(filter).getByRole('combobox', { name: 'Condition' }))
      .getAllByRole('option')
      .map((option) => option.textContent)
    expect(conditions).toContain('is between')
    expect(conditions).not.toContain('contains')
    await user.selectOptions(within(filter).getByRole('combobox', { name: 'Condition' }), 'is at least')
    await user.selectOptions(within(filter).getByRole('combobox', { name: 'Value from' }), 'Parameter: Smallest cost')
    await user.click(within(filter).getByRole('checkbox', { name: /Leave this filter out/ }))

    await waitFor(() => expect(lastPreview()?.definition.filters).toHaveLength(1), PREVIEW_WAIT)
    expect(lastPreview()!.definition).toMatchObject({
      parameters: [{ id: 'min_cost', label: 'Smallest cost', type: 'decimal', required: true }],
      filters: [{ field: 'cost', op: 'gte', value: { param: 'min_cost' }, ignoreIfEmpty: true }],
    })
    // The preview asks for the parameter too, and sends what is typed.
    await user.type(within(designer).getByRole('textbox', { name: /^Smallest cost/ }), '1,000')
    await user.click(within(designer).getByRole('button', { name: 'Preview with these values' }))
    await waitFor(() => expect(lastPreview()).toMatchObject({ parameters: { min_cost: 1000 } }), PREVIEW_WAIT)
  })

  it("shows the server's account of a bad definition beside the form", async () => {
    const user = userEvent.setup()
    previewAnswer = () =>
      jsonResponse(422, { error: "Column 1: in a summary, 'Cost' needs an aggregate such as sum or count.", code: 'invalid_definition' })
    renderRoutes(routes, '/reports-studio')
    await openExisting(user)
    const alert = await screen.findByRole('alert', {}, PREVIEW_WAIT)
    expect(alert).toHaveTextContent('The preview could not run')
    expect(alert).toHaveTextContent("Column 1: in a summary, 'Cost' needs an aggregate such as sum or count.")
  })

  it('asks a new report for its name, refuses an empty one, then saves it and shows it', async () => {
    const user = userEvent.setup()
    const show = vi.spyOn(notifications, 'show')
    const { router } = renderRoutes(routes, '/reports-studio')
    const designer = await openNewReport(user)
    await user.click(within(designer).getByRole('tab', { name: 'Columns' }))
    await user.click(within(designer).getByRole('button', { name: 'Add column' }))

    await user.click(within(designer).getByRole('button', { name: 'Save' }))
    const ask = await screen.findByRole('dialog', { name: 'Save report' })
    const name = within(ask).getByRole('textbox', { name: /Name/ })
    await waitFor(() => expect(name).toHaveFocus())
    await user.click(within(ask).getByRole('button', { name: 'Save' }))
    expect(await within(ask).findByText('A name is required')).toBeInTheDocument()
    await user.type(name, '   ')
    await user.click(within(ask).getByRole('button', { name: 'Save' }))
    expect(within(ask).getByText('A name is required')).toBeInTheDocument()
    expect(requestsTo(fetchMock, '/api/reportcreate')).toHaveLength(0)

    await user.clear(name)
    await user.type(name, 'Spending by fund')
    await user.type(within(ask).getByRole('textbox', { name: /Description/ }), 'What each fund spent')
    await user.click(within(ask).getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'teal', message: 'Report saved successfully!' })),
    )
    const [request] = requestsTo(fetchMock, '/api/reportcreate')
    expect(request!.body).toMatchObject({
      name: 'Spending by fund',
      description: 'What each fund spent',
      definition: { dataset: 'costs', columns: [{ field: 'fund' }] },
    })
    // The designer now edits the saved report, and the studio shows it.
    expect(await screen.findByRole('dialog', { name: 'Edit report: Spending by fund' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'History' })).toBeInTheDocument()
    expect(router.state.location.search).toBe('?report=9')
  })

  it("shows 'Failed to save report: ' with the server's reason in the save form", async () => {
    const user = userEvent.setup()
    createAnswer = () =>
      jsonResponse(422, { error: 'The report definition is not valid: A report shows at least one column.', code: 'invalid_definition' })
    renderRoutes(routes, '/reports-studio')
    const designer = await openNewReport(user)
    await user.click(within(designer).getByRole('button', { name: 'Save' }))
    const ask = await screen.findByRole('dialog', { name: 'Save report' })
    await user.type(within(ask).getByRole('textbox', { name: /Name/ }), 'Empty')
    await user.click(within(ask).getByRole('button', { name: 'Save' }))
    expect(await within(ask).findByRole('alert')).toHaveTextContent(
      'Failed to save report: The report definition is not valid: A report shows at least one column.',
    )
  })

  it('will not save a new report before a dataset is chosen: the Dataset field says so until one is', async () => {
    const user = userEvent.setup()
    renderRoutes(routes, '/reports-studio')
    await user.click(await screen.findByRole('button', { name: 'New Report' }))
    const designer = await screen.findByRole('dialog', { name: 'New Report' })
    await user.click(within(designer).getByRole('tab', { name: 'Columns' }))
    await user.click(within(designer).getByRole('button', { name: 'Save' }))

    // No name is asked for: the designer goes back to Data, where the dataset is chosen.
    expect(screen.queryByRole('dialog', { name: 'Save report' })).toBeNull()
    expect(within(designer).getByRole('tab', { name: 'Data' })).toHaveAttribute('aria-selected', 'true')
    const dataset = within(designer).getByRole('combobox', { name: /Dataset/ })
    expect(dataset).toHaveAccessibleDescription(expect.stringContaining('Choose a dataset: the report reads its rows from it.'))
    expect(dataset).toBeInvalid()
    expect(requestsTo(fetchMock, '/api/reportcreate')).toHaveLength(0)

    await user.selectOptions(dataset, 'Costs')
    expect(within(designer).queryByText('Choose a dataset: the report reads its rows from it.')).toBeNull()
    await user.click(within(designer).getByRole('button', { name: 'Save' }))
    expect(await screen.findByRole('dialog', { name: 'Save report' })).toBeInTheDocument()
  })

  it("updates an existing report with the version it opened, and on a conflict says 'Failed to update report: ' and offers to reload", async () => {
    const user = userEvent.setup()
    const show = vi.spyOn(notifications, 'show')
    renderRoutes(routes, '/reports-studio')
    const designer = await openExisting(user)
    await user.click(within(designer).getByRole('tab', { name: 'Page setup' }))
    const title = () => within(designer).getByRole('textbox', { name: /^Title/ })
    await user.clear(title())
    await user.type(title(), 'Spending by fund')
    expect(within(designer).getByText('Unsaved changes')).toBeInTheDocument()

    await user.click(within(designer).getByRole('button', { name: 'Save' }))
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'teal', message: 'Report updated successfully!' })),
    )
    expect(screen.queryByRole('dialog', { name: 'Save report' })).toBeNull()
    const [request] = requestsTo(fetchMock, '/api/reportupdate')
    expect(request!.method).toBe('PUT')
    expect(request!.url.searchParams.get('reportId')).toBe('3')
    expect(request!.body).toMatchObject({ version: 2, definition: { dataset: 'costs', layout: { title: 'Spending by fund' } } })
    expect(within(designer).queryByText('Unsaved changes')).toBeNull()

    // Someone else saved meanwhile: the next save names the version this one produced, and is refused.
    const reason = 'This report was saved again (version 4) after you opened version 3. Reload it to see those changes, then make yours.'
    updateAnswer = () => jsonResponse(409, { error: reason, code: 'report_changed' })
    await user.type(title(), ' (draft)')
    await user.click(within(designer).getByRole('button', { name: 'Save' }))
    const alert = await within(designer).findByRole('alert')
    expect(alert).toHaveTextContent(`Failed to update report: ${reason}`)
    expect(requestsTo(fetchMock, '/api/reportupdate')[1]!.body).toMatchObject({ version: 3 })
    expect(requestsTo(fetchMock, '/api/reportcreate')).toHaveLength(0)

    // Reload asks first, and the draft stays when the person keeps it.
    details = costsDefinition({ layout: { ...costsDefinition().layout, title: 'Their title' } })
    detailsReport = { ...existing, version: 4 }
    const detailsRead = requestsTo(fetchMock, '/api/reportdetails').length
    await user.click(within(alert).getByRole('button', { name: 'Reload' }))
    let confirm = await screen.findByRole('dialog', { name: 'Reload the report' })
    expect(confirm).toHaveTextContent('It replaces your unsaved changes in the designer.')
    await user.click(within(confirm).getByRole('button', { name: 'Keep my changes' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Reload the report' })).toBeNull())
    expect(title()).toHaveValue('Spending by fund (draft)')
    expect(requestsTo(fetchMock, '/api/reportdetails')).toHaveLength(detailsRead)

    await user.click(within(alert).getByRole('button', { name: 'Reload' }))
    confirm = await screen.findByRole('dialog', { name: 'Reload the report' })
    await user.click(within(confirm).getByRole('button', { name: 'Reload and discard my changes' }))
    await waitFor(() => expect(title()).toHaveValue('Their title'))
    expect(within(designer).queryByRole('alert')).toBeNull()
    expect(within(designer).queryByText('Unsaved changes')).toBeNull()

    // Saving now starts from the reloaded version.
    updateAnswer = () => jsonResponse(200, { success: true, message: 'Report updated successfully!', report: { ...existing, version: 5 } })
    await user.type(title(), '!')
    await user.click(within(designer).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(requestsTo(fetchMock, '/api/reportupdate')).toHaveLength(3))
    expect(requestsTo(fetchMock, '/api/reportupdate')[2]!.body).toMatchObject({
      version: 4,
      definition: { layout: { title: 'Their title!' } },
    })
  })

  it('renames and describes a saved report in Page setup, and refuses an empty name', async () => {
    const user = userEvent.setup()
    updateAnswer = () =>
      jsonResponse(200, {
        success: true,
        message: 'Report updated successfully!',
        report: { ...existing, REPORT_NAME: 'Spending by fund', version: 3 },
      })
    renderRoutes(routes, '/reports-studio')
    const designer = await openExisting(user)
    await user.click(within(designer).getByRole('tab', { name: 'Page setup' }))
    const section = within(designer).getByRole('region', { name: 'Report details' })
    const name = within(section).getByRole('textbox', { name: /^Name/ })
    expect(name).toHaveValue('Costs by fund')
    expect(name).toBeRequired()

    await user.clear(name)
    expect(within(designer).getByText('Unsaved changes')).toBeInTheDocument()
    await user.click(within(designer).getByRole('tab', { name: 'Columns' }))
    await user.click(within(designer).getByRole('button', { name: 'Save' }))
    // Save goes back to the empty name and says what is missing.
    expect(await within(designer).findByText('A name is required')).toBeInTheDocument()
    await waitFor(() => expect(within(designer).getByRole('textbox', { name: /^Name/ })).toHaveFocus())
    expect(requestsTo(fetchMock, '/api/reportupdate')).toHaveLength(0)

    await user.type(within(designer).getByRole('textbox', { name: /^Name/ }), '  Spending by fund ')
    await user.type(within(designer).getByRole('textbox', { name: /^Description/ }), 'What each fund spent')
    await user.click(within(designer).getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(requestsTo(fetchMock, '/api/reportupdate')).toHaveLength(1))
    expect(requestsTo(fetchMock, '/api/reportupdate')[0]!.body).toMatchObject({
      name: 'Spending by fund',
      description: 'What each fund spent',
      version: 2,
      definition: {
        dataset: 'costs',
        columns: [{ field: 'department' }, { field: 'cost', agg: 'sum', label: 'Spent' }, { field: 'posted' }],
      },
    })
    expect(await screen.findByRole('dialog', { name: 'Edit report: Spending by fund' })).toBeInTheDocument()
    expect(within(designer).queryByText('Unsaved changes')).toBeNull()
  })

  it('sends the report id with the draft, so the creator of a report may preview changes without being a designer', async () => {
    const user = userEvent.setup()
    const creator = { ...viewer, id: 7 }
    fetchMock = stubApi(answer, creator)
    renderRoutes(routes, '/reports-studio')
    const designer = await openExisting(user)
    await waitFor(() => expect(previews()).not.toHaveLength(0), PREVIEW_WAIT)
    expect(previews()[0]!.body).toMatchObject({ reportId: 3, definition: { dataset: 'costs' }, limit: 50 })
    // Uploading datasets is for report writers and administrators only.
    expect(within(designer).queryByRole('button', { name: 'Upload a dataset…' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Datasets' })).toBeNull()
  })

  it("offers a field's values in the preview's prompts, asked for the draft and the report it edits", async () => {
    const user = userEvent.setup()
    details = costsDefinition({ parameters: [{ id: 'fund', label: 'Fund', type: 'select', required: false, optionsFrom: 'fund' }] })
    optionsAnswer = () => jsonResponse(200, { options: { fund: ['100', '200'] } })
    renderRoutes(routes, '/reports-studio')
    const designer = await openExisting(user)
    const fund = await within(designer).findByRole('combobox', { name: 'Fund' }, PREVIEW_WAIT)
    await waitFor(() => expect(fund).toBeEnabled())
    expect(requestsTo(fetchMock, '/api/reportoptions')[0]!.body).toMatchObject({
      reportId: 3,
      definition: { dataset: 'costs', parameters: [{ id: 'fund', optionsFrom: 'fund' }] },
    })
    await user.click(fund)
    await user.click(await within(designer).findByRole('option', { name: '200' }))
    await user.click(within(designer).getByRole('button', { name: 'Preview with these values' }))
    await waitFor(() => expect(lastPreview()).toMatchObject({ reportId: 3, parameters: { fund: '200' } }), PREVIEW_WAIT)
  })

  it("narrows a parameter's choices by an earlier parameter through a field", async () => {
    const user = userEvent.setup()
    details = costsDefinition({
      parameters: [
        { id: 'fund', label: 'Fund', type: 'select', required: false, optionsFrom: 'fund' },
        { id: 'department', label: 'Department', type: 'select', required: false, optionsFrom: 'department' },
      ],
    })
    renderRoutes(routes, '/reports-studio')
    const designer = await openExisting(user)
    await user.click(within(designer).getByRole('tab', { name: 'Parameters' }))
    // The first parameter has nothing before it to be narrowed by.
    const first = within(designer).getByRole('group', { name: /^Parameter 1/ })
    expect(within(first).queryByRole('combobox', { name: /Choices narrowed by/ })).toBeNull()
    const second = within(designer).getByRole('group', { name: /^Parameter 2/ })
    await user.selectOptions(within(second).getByRole('combobox', { name: /Choices narrowed by/ }), 'Fund')
    // The field defaults to the one the earlier parameter takes its choices from.
    expect(within(second).getByRole('combobox', { name: /Field holding/ })).toHaveValue('fund')
    await waitFor(
      () => expect(lastPreview()?.definition.parameters[1]).toMatchObject({ filteredBy: [{ param: 'fund', field: 'fund' }] }),
      PREVIEW_WAIT,
    )
    // Renaming the earlier parameter carries the narrowing with it.
    await user.clear(within(first).getByRole('textbox', { name: /^Id/ }))
    await user.type(within(first).getByRole('textbox', { name: /^Id/ }), 'fund_code')
    await waitFor(
      () => expect(lastPreview()?.definition.parameters[1]).toMatchObject({ filteredBy: [{ param: 'fund_code', field: 'fund' }] }),
      PREVIEW_WAIT,
    )
  })

  it('lists the versions and restores an earlier one after asking, then shows it', async () => {
    const user = userEvent.setup()
    const show = vi.spyOn(notifications, 'show')
    renderRoutes(routes, '/reports-studio')
    const designer = await openExisting(user)
    await user.click(within(designer).getByRole('button', { name: 'History' }))
    const history = await screen.findByRole('dialog', { name: 'Version history' })
    const rows = within(await within(history).findByRole('table', { name: 'Versions' }))
      .getAllByRole('row')
      .slice(1)
    expect(rows[0]).toHaveTextContent('2')
    expect(within(rows[0]!).getByText('Current')).toBeInTheDocument()
    expect(within(rows[0]!).queryByRole('button')).toBeNull()
    expect(rows[1]).toHaveTextContent('Costs (draft)')

    await user.click(within(rows[1]!).getByRole('button', { name: 'Restore version 1' }))
    const confirm = await screen.findByRole('dialog', { name: 'Restore version' })
    expect(confirm).toHaveTextContent('Restore version 1? It becomes the newest version; the current one stays in the history.')
    await user.click(within(confirm).getByRole('button', { name: 'Restore' }))
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'teal', message: 'Version 1 was restored as version 3.' })),
    )
    const [request] = requestsTo(fetchMock, '/api/reportrestore')
    expect(request!.method).toBe('POST')
    expect([request!.url.searchParams.get('reportId'), request!.url.searchParams.get('version')]).toEqual(['3', '1'])

    // The designer reloads the report: the restored definition is the draft.
    await user.click(within(designer).getByRole('tab', { name: 'Page setup' }))
    await waitFor(() => expect(within(designer).getByRole('textbox', { name: /^Title/ })).toHaveValue('The first title'))
  })

  it('moves columns with buttons, keeping the focus on the moved column', async () => {
    const user = userEvent.setup()
    renderRoutes(routes, '/reports-studio')
    const designer = await openExisting(user)
    await user.click(within(designer).getByRole('tab', { name: 'Columns' }))
    const legends = () =>
      within(designer)
        .getAllByRole('group', { name: /^Column \d/ })
        .map((group) => group.querySelector('legend')?.textContent)
    expect(legends()).toEqual(['Column 1: Department', 'Column 2: Spent', 'Column 3: Posted'])

    within(designer).getByRole('button', { name: 'Move column 2 up' }).focus()
    await user.keyboard('{Enter}')
    expect(legends()).toEqual(['Column 1: Spent', 'Column 2: Department', 'Column 3: Posted'])
    // At the top the Up button is disabled, so the focus goes to the moved column's Down button.
    expect(within(designer).getByRole('button', { name: 'Move column 1 down' })).toHaveFocus()
    await user.keyboard('{Enter}')
    expect(legends()).toEqual(['Column 1: Department', 'Column 2: Spent', 'Column 3: Posted'])
    expect(within(designer).getByRole('button', { name: 'Move column 2 down' })).toHaveFocus()
  })

  it('asks before closing with unsaved changes', async () => {
    const user = userEvent.setup()
    renderRoutes(routes, '/reports-studio')
    const designer = await openNewReport(user)
    await user.click(within(designer).getByRole('button', { name: 'Close the designer' }))
    const confirm = await screen.findByRole('dialog', { name: 'Close the designer' })
    await user.click(within(confirm).getByRole('button', { name: 'Keep editing' }))
    expect(screen.getByRole('dialog', { name: 'New Report' })).toBeInTheDocument()
    await user.click(within(designer).getByRole('button', { name: 'Close the designer' }))
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Close the designer' })).getByRole('button', { name: 'Discard changes' }),
    )
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'New Report' })).toBeNull())
  })

  it('says the designer could not be loaded when the datasets cannot be read', async () => {
    const user = userEvent.setup()
    datasetsAnswer = () => jsonResponse(500, { error: 'Internal error', code: 'internal' })
    renderRoutes(routes, '/reports-studio')
    await user.click(await screen.findByRole('button', { name: 'New Report' }))
    const designer = await screen.findByRole('dialog', { name: 'New Report' })
    expect(await within(designer).findByRole('alert')).toHaveTextContent(
      'The report designer could not be loaded. Please refresh the page.',
    )
  })
})
