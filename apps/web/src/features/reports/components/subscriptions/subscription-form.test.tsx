import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { ReportsStudioPage } from '@/app/routes/reports-studio-page'
import { jsonResponse, renderRoutes } from '@/test/render'
import { giveElementsASize, requestsTo, stubApi } from '../../testing/fake-api'
import { costsDefinition, costsResult, makeSummary } from '../../testing/fixtures'
import { makeSubscription } from '../../testing/subscriptions'

const routes = [{ path: '/reports-studio', element: <ReportsStudioPage /> }]
const report = makeSummary({ REPORT_ID: 5, REPORT_NAME: 'Costs by fund' })
const definition = costsDefinition({
  parameters: [{ id: 'fy', label: 'Fiscal year', type: 'integer', required: true, default: 2026 }],
})
const people = [
  { userId: 7, fullName: 'Jane Doe', email: 'jane.doe@district.org' },
  { userId: 12, fullName: 'Pat Lee', email: 'pat.lee@district.org' },
]

let saveAnswers: Response[]
let fetchMock: ReturnType<typeof stubApi>

beforeEach(() => {
  giveElementsASize()
  saveAnswers = []
  fetchMock = stubApi((url, init) => {
    if (url.pathname === '/api/reportlist') return jsonResponse(200, { reports: [report], canCreate: true })
    if (url.pathname === '/api/reportdetails') return jsonResponse(200, { report, definition })
    if (url.pathname === '/api/reportrun') return jsonResponse(200, costsResult())
    if (url.pathname === '/api/reportexports') return jsonResponse(200, { jobs: [] })
    if (url.pathname === '/api/reportsubscriptions/recipients') {
      const search = (url.searchParams.get('search') ?? '').toLowerCase()
      return jsonResponse(200, { people: people.filter((person) => person.fullName.toLowerCase().includes(search)) })
    }
    if (url.pathname === '/api/reportsubscriptions' && init?.method === 'POST') return saveAnswers.shift()
    if (url.pathname === '/api/reportsubscriptions') return jsonResponse(200, { subscriptions: [] })
    return undefined
  })
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
})

/** The names in the pills of 'Send to': the people chosen. */
const chosen = (dialog: HTMLElement) => [...dialog.querySelectorAll('.mantine-Pill-label')].map((pill) => pill.textContent)

const saves = () => requestsTo(fetchMock, '/api/reportsubscriptions').filter((request) => request.method === 'POST')

async function openForm(user: ReturnType<typeof userEvent.setup>) {
  renderRoutes(routes, '/reports-studio?report=5')
  await screen.findByRole('table', { name: 'Costs by fund' })
  await user.click(screen.getByRole('button', { name: 'Subscribe…' }))
  return screen.findByRole('dialog', { name: 'Subscribe to Costs by fund' })
}

describe('Subscribing to a report', () => {
  it('starts from the person themselves and the values on screen, and says the schedule with its next delivery', async () => {
    const user = userEvent.setup()
    const dialog = await openForm(user)
    // The person is offered and chosen; the report's values are those it ran with.
    expect(chosen(dialog)).toEqual(['Jane Doe'])
    expect(within(dialog).getByRole('textbox', { name: /Fiscal year/ })).toHaveValue('2026')
    expect(within(dialog).getByRole('radio', { name: 'PDF attached' })).toBeChecked()
    const summary = within(dialog).getByTestId('schedule-summary')
    expect(summary).toHaveTextContent('Every Monday at 7:00 AM')
    // On the district's clock, its zone named, on a Monday at 7 AM.
    expect(summary).toHaveTextContent(/Next delivery: .+ 7:00 AM P[SD]T/)

    await user.click(within(dialog).getByRole('checkbox', { name: 'Thursday' }))
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /At \(district time\)/ }), '6:00 PM')
    expect(summary).toHaveTextContent('Every Monday and Thursday at 6:00 PM')
    expect(summary).toHaveTextContent(/Next delivery: .+ 6:00 PM P[SD]T/)

    await user.click(within(dialog).getByRole('radio', { name: 'Monthly' }))
    expect(within(dialog).queryByRole('checkbox', { name: 'Thursday' })).toBeNull()
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Day of the month/ }), '31')
    expect(within(dialog).getByTestId('schedule-summary')).toHaveTextContent(
      'On the 31st of each month (its last day when shorter) at 6:00 PM',
    )
    await user.click(within(dialog).getByRole('radio', { name: 'Daily' }))
    expect(within(dialog).getByTestId('schedule-summary')).toHaveTextContent('Every day at 6:00 PM')
  })

  it('refuses a weekly schedule without a day, nobody to send to and a bad value, before sending anything', async () => {
    const user = userEvent.setup()
    const dialog = await openForm(user)
    await user.click(within(dialog).getByRole('checkbox', { name: 'Monday' }))
    // Without a day there is no schedule to say.
    expect(within(dialog).queryByTestId('schedule-summary')).toBeNull()
    // Backspace in the list takes the last person off, as a keyboard does.
    await user.click(within(dialog).getByRole('combobox', { name: /Send to/ }))
    await user.keyboard('{Backspace}')
    expect(chosen(dialog)).toEqual([])
    const fiscalYear = within(dialog).getByRole('textbox', { name: /Fiscal year/ })
    await user.clear(fiscalYear)
    await user.type(fiscalYear, 'soon')
    await user.click(within(dialog).getByRole('button', { name: 'Subscribe' }))

    expect(await within(dialog).findByText('Choose at least one day of the week.')).toBeInTheDocument()
    expect(within(dialog).getByText('Choose at least one person to receive the report.')).toBeInTheDocument()
    expect(within(dialog).getByText("'soon' is not a whole number")).toBeInTheDocument()
    expect(fiscalYear).toHaveAttribute('aria-invalid', 'true')
    expect(saves()).toHaveLength(0)
  })

  it("sends the subscription as the contract shapes it, and shows the server's refusal in its words", async () => {
    const user = userEvent.setup()
    saveAnswers = [
      jsonResponse(422, { error: 'Pat Lee may not view this report, so they cannot receive it.', code: 'unprocessable' }),
      jsonResponse(201, makeSubscription()),
    ]
    const dialog = await openForm(user)
    await user.type(within(dialog).getByRole('combobox', { name: /Send to/ }), 'pat')
    await user.click(await screen.findByRole('option', { name: /Pat Lee/ }))
    expect(chosen(dialog)).toEqual(['Jane Doe', 'Pat Lee'])
    await user.click(within(dialog).getByRole('radio', { name: 'Excel (XLSX) attached' }))
    await user.click(within(dialog).getByRole('checkbox', { name: 'Friday' }))
    await user.click(within(dialog).getByRole('button', { name: 'Subscribe' }))

    expect(await within(dialog).findByRole('alert', { name: 'The subscription was not saved' })).toHaveTextContent(
      'Pat Lee may not view this report, so they cannot receive it.',
    )
    expect(saves()[0]!.body).toEqual({
      reportId: 5,
      parameters: { fy: 2026 },
      recipientIds: [7, 12],
      format: 'xlsx',
      schedule: { frequency: 'weekly', hour: 7, weekdays: [1, 5] },
    })

    await user.click(within(dialog).getByRole('button', { name: 'Subscribe' }))
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Subscribe to Costs by fund' })).toBeNull())
    expect(saves()).toHaveLength(2)
  })
})
