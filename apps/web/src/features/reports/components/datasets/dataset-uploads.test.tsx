import { notifications } from '@mantine/notifications'
import type { Dataset } from '@platform/contracts/reports'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ReportsStudioPage } from '@/app/routes/reports-studio-page'
import { jsonResponse, renderRoutes } from '@/test/render'
import { giveElementsASize, requestsTo, stubApi } from '../../testing/fake-api'
import { costsDataset, costsResult, makeSummary, viewer } from '../../testing/fixtures'

const routes = [{ path: '/reports-studio', element: <ReportsStudioPage /> }]
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'

/** An uploaded dataset as the server describes it: its columns, and the row_id it adds. */
function uploaded(id: string, label: string, columns: Array<[string, string, Dataset['fields'][number]['type']]>): Dataset {
  return {
    id,
    label,
    description: `Uploaded from ${label}.csv.`,
    kind: 'upload',
    canManage: true,
    rowCount: 2,
    fields: [['row_id', 'Row', 'integer'] as const, ...columns].map(([name, fieldLabel, type]) => ({
      name,
      label: fieldLabel,
      type,
      filterable: true,
      groupable: name !== 'row_id',
      aggregates: ['count'],
    })),
  }
}

const grants = uploaded('upload_2', 'Grants', [['grant', 'Grant', 'string']])
const budget = uploaded('upload_3', 'Budget 2026', [
  ['fund', 'Fund', 'string'],
  ['amount', 'Amount', 'money'],
  ['posted', 'Posted', 'date'],
])
const proposal = {
  rowCount: 2,
  columns: [
    { name: 'fund', label: 'Fund', type: 'string', samples: ['100', '200'] },
    { name: 'amount', label: 'Amount', type: 'decimal', samples: ['12.50', '8'] },
    { name: 'posted', label: 'Posted', type: 'date', samples: ['2026-03-01', '2026-03-02'] },
  ],
}

let datasets: Dataset[]
let previewAnswer: () => Response
let saveAnswer: () => Response
let deleteAnswer: () => Response
let fetchMock: ReturnType<typeof stubApi>

beforeEach(() => {
  giveElementsASize()
  datasets = [costsDataset, grants]
  previewAnswer = () => jsonResponse(200, proposal)
  saveAnswer = () => {
    datasets = [costsDataset, grants, budget]
    return jsonResponse(200, { success: true, message: 'Budget 2026: 2 rows uploaded.', dataset: budget })
  }
  deleteAnswer = () => {
    datasets = [costsDataset]
    return jsonResponse(200, { success: true, message: "The dataset 'Grants' was deleted. Reports over it can no longer run." })
  }
  fetchMock = stubApi((url, init) => {
    const method = init?.method ?? 'GET'
    switch (`${method} ${url.pathname}`) {
      case 'GET /api/reportlist':
        return jsonResponse(200, { reports: [makeSummary()], canCreate: true })
      case 'GET /api/reportdatasets':
        return jsonResponse(200, { datasets })
      case 'POST /api/reportrun':
        return jsonResponse(200, costsResult({ chart: null }))
      case 'POST /api/reportuploads/preview':
        return previewAnswer()
      case 'POST /api/reportuploads':
        return saveAnswer()
      case 'DELETE /api/reportuploads':
        return deleteAnswer()
      default:
        return undefined
    }
  })
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const csv = (name = 'Budget 2026.csv') =>
  new File(['fund,amount,posted\n100,12.50,2026-03-01\n200,8,2026-03-02\n'], name, { type: 'text/csv' })
const fileInput = (dialog: HTMLElement) => dialog.querySelector<HTMLInputElement>('input[type="file"]')!

/** The upload requests as sent: the query, the body (the file itself) and its Content-Type. */
function uploadsTo(pathname: string) {
  return fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init }))
    .filter(({ url }) => url.pathname === pathname)
    .map(({ url, init }) => ({ query: url.searchParams, body: init?.body, contentType: new Headers(init?.headers).get('Content-Type') }))
}

async function openDatasets(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('button', { name: 'Datasets' }))
  return screen.findByRole('dialog', { name: 'Datasets' })
}

describe('Uploaded datasets', () => {
  it("uploads a file from the designer's Data tab with the types the person confirms, then reports on it", async () => {
    const user = userEvent.setup()
    const show = vi.spyOn(notifications, 'show')
    renderRoutes(routes, '/reports-studio')
    await user.click(await screen.findByRole('button', { name: 'New Report' }))
    const designer = await screen.findByRole('dialog', { name: 'New Report' })
    await user.click(await within(designer).findByRole('button', { name: 'Upload a dataset…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Upload a dataset' })
    const file = csv()
    await user.upload(fileInput(dialog), file)

    // The server reads the file and proposes a type per column; nothing is stored yet.
    const table = await within(dialog).findByRole('table', { name: 'Columns of the file' })
    const [preview] = uploadsTo('/api/reportuploads/preview')
    expect(preview!.query.get('name')).toBe('Budget 2026')
    expect(preview!.body).toBe(file)
    expect(preview!.contentType).toBe('text/csv')
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveValue('Budget 2026')
    expect(dialog).toHaveTextContent('2 rows in 3 columns')
    expect(
      within(table)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([
      expect.stringContaining('100 · 200'),
      expect.stringContaining('12.50 · 8'),
      expect.stringContaining('2026-03-01 · 2026-03-02'),
    ])
    expect(within(table).getByRole('combobox', { name: 'Type of Amount' })).toHaveValue('decimal')

    await user.selectOptions(within(table).getByRole('combobox', { name: 'Type of Amount' }), 'Money')
    await user.type(within(dialog).getByRole('textbox', { name: /^Description/ }), 'This year’s budget')
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }))

    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(expect.objectContaining({ color: 'teal', message: 'Budget 2026: 2 rows uploaded.' })),
    )
    const [saved] = uploadsTo('/api/reportuploads')
    expect(saved!.body).toBe(file)
    expect(saved!.query.get('name')).toBe('Budget 2026')
    expect(saved!.query.get('description')).toBe('This year’s budget')
    expect(saved!.query.has('replace')).toBe(false)
    expect(saved!.query.get('types')).toBe('string,money,date')

    // The new dataset is in the list and is the report's.
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Upload a dataset' })).toBeNull())
    const select = within(designer).getByRole('combobox', { name: /Dataset/ })
    expect(select).toHaveValue('upload_3')
    expect(within(select).getByRole('option', { name: 'Budget 2026 (uploaded)' })).toBeInTheDocument()
    expect(within(designer).getByRole('table', { name: 'Fields of Budget 2026' })).toBeInTheDocument()
    await waitFor(() => expect(requestsTo(fetchMock, '/api/reportdatasets').length).toBeGreaterThan(1))
    // An uploaded dataset can have its rows replaced from here too.
    expect(within(designer).getByRole('button', { name: 'Replace with a new file…' })).toBeInTheDocument()
  })

  it('says under the Name field that a name is needed, and sends nothing until there is one', async () => {
    const user = userEvent.setup()
    renderRoutes(routes, '/reports-studio')
    await user.click(await screen.findByRole('button', { name: 'New Report' }))
    const designer = await screen.findByRole('dialog', { name: 'New Report' })
    await user.click(await within(designer).findByRole('button', { name: 'Upload a dataset…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Upload a dataset' })
    await user.upload(fileInput(dialog), csv())
    await within(dialog).findByRole('table', { name: 'Columns of the file' })
    const name = within(dialog).getByRole('textbox', { name: /^Name/ })
    await user.clear(name)
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }))
    expect(await within(dialog).findByText('A name is required')).toBeInTheDocument()
    expect(name).toHaveAttribute('aria-invalid', 'true')
    expect(uploadsTo('/api/reportuploads')).toHaveLength(0)
  })

  it('replaces the rows of an uploaded dataset in place', async () => {
    const user = userEvent.setup()
    const show = vi.spyOn(notifications, 'show')
    saveAnswer = () => jsonResponse(200, { success: true, message: 'Grants: 2 rows replaced the earlier ones.', dataset: grants })
    previewAnswer = () =>
      jsonResponse(200, { rowCount: 2, columns: [{ name: 'grant', label: 'Grant', type: 'string', samples: ['Title I'] }] })
    renderRoutes(routes, '/reports-studio')
    const manager = await openDatasets(user)
    const table = await within(manager).findByRole('table', { name: 'Uploaded datasets' })
    // Only uploaded datasets are listed: the built-in ones are not the person's to change.
    expect(within(table).getAllByRole('row')).toHaveLength(2)
    expect(table).not.toHaveTextContent('Costs')

    await user.click(within(table).getByRole('button', { name: 'Replace with a new file… (Grants)' }))
    const dialog = await screen.findByRole('dialog', { name: 'Replace Grants' })
    expect(within(dialog).getByRole('textbox', { name: /^Name/ })).toHaveValue('Grants')
    const file = new File(['PK'], 'grants.xlsx', { type: XLSX })
    await user.upload(fileInput(dialog), file)
    await within(dialog).findByRole('table', { name: 'Columns of the file' })
    expect(uploadsTo('/api/reportuploads/preview')[0]!.contentType).toBe(XLSX)
    await user.click(within(dialog).getByRole('button', { name: 'Replace the rows' }))

    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(expect.objectContaining({ message: 'Grants: 2 rows replaced the earlier ones.' })),
    )
    const [saved] = uploadsTo('/api/reportuploads')
    expect(saved!.query.get('replace')).toBe('upload_2')
    expect(saved!.query.get('name')).toBe('Grants')
    expect(saved!.query.get('types')).toBe('string')
  })

  it('deletes an uploaded dataset only once the person confirms that reports over it stop working', async () => {
    const user = userEvent.setup()
    const show = vi.spyOn(notifications, 'show')
    renderRoutes(routes, '/reports-studio')
    const manager = await openDatasets(user)
    await user.click(await within(manager).findByRole('button', { name: 'Delete Grants' }))
    let confirm = await screen.findByRole('dialog', { name: 'Delete dataset' })
    expect(confirm).toHaveTextContent("Delete the dataset 'Grants' and its rows? Reports over it stop working.")
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete dataset' })).toBeNull())
    expect(uploadsTo('/api/reportuploads')).toHaveLength(0)

    await user.click(within(manager).getByRole('button', { name: 'Delete Grants' }))
    confirm = await screen.findByRole('dialog', { name: 'Delete dataset' })
    await user.click(within(confirm).getByRole('button', { name: 'Delete' }))
    await waitFor(() =>
      expect(show).toHaveBeenCalledWith(
        expect.objectContaining({ color: 'teal', message: "The dataset 'Grants' was deleted. Reports over it can no longer run." }),
      ),
    )
    const [request] = requestsTo(fetchMock, '/api/reportuploads')
    expect(request!.method).toBe('DELETE')
    expect(request!.url.searchParams.get('datasetId')).toBe('upload_2')
    expect(await within(manager).findByText('No datasets have been uploaded yet.')).toBeInTheDocument()
  })

  it("shows the server's account of a file it refuses, as it is", async () => {
    const user = userEvent.setup()
    previewAnswer = () =>
      jsonResponse(400, { error: 'The file is not UTF-8 text: save it as "CSV UTF-8" and upload it again.', code: 'bad_upload' })
    renderRoutes(routes, '/reports-studio')
    await user.click(within(await openDatasets(user)).getByRole('button', { name: 'Upload a dataset…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Upload a dataset' })
    await user.upload(fileInput(dialog), csv())
    const unread = await within(dialog).findByRole('alert')
    expect(unread).toHaveTextContent('The file could not be read')
    expect(unread).toHaveTextContent('The file is not UTF-8 text: save it as "CSV UTF-8" and upload it again.')
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeDisabled()

    // A value that does not fit the type chosen for its column is only found when the rows are stored.
    previewAnswer = () => jsonResponse(200, proposal)
    saveAnswer = () => jsonResponse(400, { error: "Row 14, column 'Amount': 'twelve' is not a number.", code: 'bad_value' })
    await user.upload(fileInput(dialog), csv())
    await within(dialog).findByRole('table', { name: 'Columns of the file' })
    await user.click(within(dialog).getByRole('button', { name: 'Upload' }))
    const refused = await within(dialog).findByRole('alert')
    expect(refused).toHaveTextContent('The dataset could not be saved')
    expect(refused).toHaveTextContent("Row 14, column 'Amount': 'twelve' is not a number.")
  })

  it('turns away a file over 10 MB, or of another kind, before sending it', async () => {
    const user = userEvent.setup({ applyAccept: false })
    renderRoutes(routes, '/reports-studio')
    await user.click(within(await openDatasets(user)).getByRole('button', { name: 'Upload a dataset…' }))
    const dialog = await screen.findByRole('dialog', { name: 'Upload a dataset' })

    const large = csv('ledger.csv')
    Object.defineProperty(large, 'size', { value: 11 * 1024 * 1024 })
    await user.upload(fileInput(dialog), large)
    expect(await within(dialog).findByText('The file is 11 MB; a dataset file can be at most 10 MB.')).toBeInTheDocument()

    await user.upload(fileInput(dialog), new File(['%PDF'], 'ledger.pdf', { type: 'application/pdf' }))
    expect(await within(dialog).findByText('Choose a CSV file (.csv) or an Excel workbook (.xlsx).')).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Upload' })).toBeDisabled()
    expect(uploadsTo('/api/reportuploads/preview')).toHaveLength(0)
  })

  it('offers uploads to report writers and administrators only', async () => {
    stubApi(
      (url) =>
        url.pathname === '/api/reportlist'
          ? jsonResponse(200, { reports: [makeSummary({ canEdit: false })], canCreate: false })
          : undefined,
      viewer,
    )
    renderRoutes(routes, '/reports-studio')
    await screen.findByRole('list', { name: 'Available Reports' })
    expect(screen.queryByRole('button', { name: 'Datasets' })).toBeNull()
  })
})
