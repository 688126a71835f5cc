import type { Cycle } from '@platform/contracts/accruals'
import type { Site } from '@platform/contracts/finance'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeUser } from '@/test/factories'
import { stubApi, type FetchMock } from '@/test/fake-api'
import { jsonResponse, renderRoutes } from '@/test/render'
import { RequestForm } from './request-form'

const SUPPLIES = '01-0000-0-1110-1000-4300-010'
const site: Site = {
  id: 4,
  code: 'LHS',
  name: 'Lincoln High',
  kind: 'SCHOOL',
  active: true,
  depositFrequencyDays: 5,
  depositThresholdCents: null,
  schoolSegment: '010',
}
const cycle: Cycle = {
  id: 2,
  fiscalYear: '2025-26',
  cutoffOn: '2026-06-30',
  submitBy: '2026-07-15',
  lockOn: '2026-07-31',
  boardOn: '2026-09-15',
  countyOn: '2026-10-15',
  materialityCents: 0,
  today: '2026-07-01',
  locked: false,
  deadlines: [],
  createdAt: '2026-05-01T16:00:00.000Z',
  createdByName: 'Carla Controller',
  datesFixed: false,
}

let fetchMock: FetchMock
/** What the server answers to the save: set by each test. */
let saveAnswer: () => Response

beforeEach(() => {
  saveAnswer = () => jsonResponse(500, { error: 'not expected', code: 'internal' })
  fetchMock = stubApi(
    (url, init) => {
      if (url.pathname === '/api/accruals/my-duties')
        return jsonResponse(200, { data: { isAdmin: false, duties: [{ duty: 'REQUESTER', siteIds: [site.id] }] } })
      if (url.pathname === '/api/finance/sites') return jsonResponse(200, { data: [site] })
      if (url.pathname === '/api/accrual-cycles') return jsonResponse(200, { data: [cycle] })
      if (url.pathname === '/api/finance/accounts') return jsonResponse(200, { data: [], combinationsListed: false, segmentCount: 7 })
      if (url.pathname === '/api/accruals' && init?.method === 'POST') return saveAnswer()
      return undefined
    },
    makeUser({ id: 7 }),
  )
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const saves = () => fetchMock.mock.calls.filter(([input, init]) => String(input).endsWith('/api/accruals') && init?.method === 'POST')
const show = () => renderRoutes([{ path: '/apps/accruals/requests/new', element: <RequestForm /> }], '/apps/accruals/requests/new')

async function fillValidRequest(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByRole('textbox', { name: 'Vendor' }), 'Office Depot')
  await user.type(screen.getByRole('textbox', { name: 'Description' }), 'Paper for June')
  await user.type(screen.getByRole('textbox', { name: 'Amount ($)' }), '2500.00')
  await user.type(screen.getByRole('textbox', { name: 'Line 1 account' }), SUPPLIES)
  await user.type(screen.getByRole('textbox', { name: 'Line 1 amount ($)' }), '2500.00')
}

describe('the accrual request form', () => {
  it('shows each of the contract’s problems under its own field, in words, and sends nothing', async () => {
    const user = userEvent.setup()
    show()
    await screen.findByRole('textbox', { name: 'Vendor' })
    expect(await screen.findByDisplayValue('LHS · Lincoln High')).toBeInTheDocument()
    await user.click(screen.getByRole('radio', { name: 'Estimate' }))
    await user.type(screen.getByRole('textbox', { name: 'Amount ($)' }), 'lots')
    await user.click(screen.getByRole('button', { name: 'Save draft' }))

    expect(await screen.findByRole('textbox', { name: 'Vendor' })).toHaveAccessibleDescription('Enter the vendor or payer.')
    expect(screen.getByRole('textbox', { name: 'Description' })).toHaveAccessibleDescription('Enter the description.')
    expect(screen.getByRole('textbox', { name: 'How it was estimated' })).toHaveAccessibleDescription('Say how the estimate was reached.')
    expect(screen.getByRole('textbox', { name: 'Amount ($)' })).toHaveAccessibleDescription('Enter the amount in dollars, such as 1250.00.')
    expect(screen.getByRole('textbox', { name: 'Line 1 amount ($)' })).toHaveAccessibleDescription(
      'Enter the line’s amount in dollars, such as 1250.00.',
    )
    // No API name of a field, no code.
    expect(document.body.textContent).not.toMatch(/basisNote|vendor\)|amountCents|ESTIMATE/)
    expect(saves()).toEqual([])
  })

  it('lines that do not add up are said under the lines, in dollars', async () => {
    const user = userEvent.setup()
    show()
    await fillValidRequest(user)
    await user.clear(screen.getByRole('textbox', { name: 'Line 1 amount ($)' }))
    await user.type(screen.getByRole('textbox', { name: 'Line 1 amount ($)' }), '2000.00')
    await user.click(screen.getByRole('button', { name: 'Save draft' }))
    expect(await screen.findByText('The lines add up to $2,000.00, not the accrual’s $2,500.00.')).toBeInTheDocument()
    expect(saves()).toEqual([])
  })

  it('a possible duplicate, known by the refusal’s code, asks for the note under its own field', async () => {
    const user = userEvent.setup()
    // The words are the server's; the form goes by the code alone (this message says nothing of duplicates).
    saveAnswer = () =>
      jsonResponse(422, { error: 'Request #12 looks the same. Say why this one is different (duplicateNote).', code: 'possible_duplicate' })
    show()
    await fillValidRequest(user)
    await user.click(screen.getByRole('button', { name: 'Save draft' }))
    const note = await screen.findByRole('textbox', { name: 'Possible duplicate: why this is not one' })
    await waitFor(() =>
      expect(note).toHaveAccessibleDescription(
        expect.stringContaining('Request #12 looks the same. Say why this one is different.') as unknown as string,
      ),
    )
    expect(screen.queryByText('The request was not saved')).toBeNull()
    expect(saves()).toHaveLength(1)

    // Saving again without the note is stopped here, under the note.
    await user.click(screen.getByRole('button', { name: 'Save draft' }))
    await waitFor(() =>
      expect(note).toHaveAccessibleDescription(
        expect.stringContaining('Say why this request is not a duplicate of the other one') as unknown as string,
      ),
    )
    expect(saves()).toHaveLength(1)
  })

  it('a refusal without a field of its own is shown above the buttons', async () => {
    const user = userEvent.setup()
    saveAnswer = () => jsonResponse(409, { error: 'The cycle was locked a moment ago.', code: 'cycle_locked' })
    show()
    await fillValidRequest(user)
    await user.click(screen.getByRole('button', { name: 'Save draft' }))
    expect(await screen.findByText('The request was not saved')).toBeInTheDocument()
    expect(screen.getByText('The cycle was locked a moment ago.')).toBeInTheDocument()
  })
})
