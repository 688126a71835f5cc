import type { Site } from '@platform/contracts/finance'
import type { DepositSummary } from '@platform/contracts/receipts'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeUser } from '@/test/factories'
import { stubApi, type FetchMock } from '@/test/fake-api'
import { jsonResponse, renderRoutes } from '@/test/render'
import { DepositsList } from './deposits-list'
import { NewReceipt } from './new-receipt'

const GENERAL = '01-0000-0-1110-1000-8699-010'
const CAFETERIA = '13-0000-0-0000-0000-8699-010'
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
const deposit: DepositSummary = {
  id: 9,
  label: 'LHS-2026-27-D0009',
  siteId: 4,
  siteCode: 'LHS',
  state: 'OPEN',
  amountCents: 13550,
  countedCents: null,
  overShortCents: null,
  receiptCount: 3,
  // 8:45 PM on November 27 in Los Angeles, already the 28th in UTC.
  createdAt: '2026-11-28T04:45:00.000Z',
  createdByName: 'Cora Collector',
  confirmedOn: null,
}

let fetchMock: FetchMock

beforeEach(() => {
  fetchMock = stubApi(
    (url, init) => {
      if (url.pathname === '/api/receipts/my-duties')
        return jsonResponse(200, { data: { isAdmin: false, duties: [{ duty: 'COLLECTOR', siteIds: [site.id] }] } })
      if (url.pathname === '/api/finance/sites') return jsonResponse(200, { data: [site] })
      if (url.pathname === '/api/finance/accounts') return jsonResponse(200, { data: [], combinationsListed: false, segmentCount: 7 })
      if (url.pathname === '/api/deposits' && init?.method !== 'POST')
        return jsonResponse(200, { data: [deposit], pagination: { total: 1, limit: 25, offset: 0 } })
      if (url.pathname === '/api/receipts' && init?.method === 'POST')
        return jsonResponse(422, { error: 'Stop here: the test reads what was sent.', code: 'test_stop' })
      return undefined
    },
    makeUser({ id: 7 }),
  )
})
afterEach(() => {
  vi.unstubAllGlobals()
})

/** The bodies of the receipts the form sent. */
const issued = () =>
  fetchMock.mock.calls
    .filter(([input, init]) => String(input).endsWith('/api/receipts') && init?.method === 'POST')
    .map(([, init]) => JSON.parse(String(init?.body)) as { amountCents: number; lines: Array<{ account: string; amountCents: number }> })

const showNewReceipt = () =>
  renderRoutes([{ path: '/apps/payment-receipts/receipts/new', element: <NewReceipt /> }], '/apps/payment-receipts/receipts/new')

describe('a new receipt', () => {
  it('with one line, the amount is typed once and is the line’s', async () => {
    const user = userEvent.setup()
    showNewReceipt()
    await user.type(await screen.findByRole('textbox', { name: 'Received from' }), 'Ana Ruiz')
    await user.type(screen.getByRole('textbox', { name: 'For' }), 'Yearbook')
    await user.type(screen.getByRole('textbox', { name: 'Amount received ($)' }), '25.00')
    await user.type(screen.getByRole('textbox', { name: 'Line 1 account' }), GENERAL)
    expect(screen.queryByRole('textbox', { name: 'Line 1 amount ($)' })).toBeNull()
    await user.click(screen.getByRole('button', { name: 'Issue receipt' }))
    await waitFor(() => expect(issued()).toHaveLength(1))
    expect(issued()[0]).toMatchObject({ amountCents: 2500, lines: [{ account: GENERAL, amountCents: 2500 }] })
  })

  it('split, each line has its amount, starting with the whole on the first, and they must add up', async () => {
    const user = userEvent.setup()
    showNewReceipt()
    await user.type(await screen.findByRole('textbox', { name: 'Received from' }), 'Ana Ruiz')
    await user.type(screen.getByRole('textbox', { name: 'For' }), 'Yearbook and lunch')
    await user.type(screen.getByRole('textbox', { name: 'Amount received ($)' }), '30.00')
    await user.type(screen.getByRole('textbox', { name: 'Line 1 account' }), GENERAL)
    await user.click(screen.getByRole('button', { name: 'Split into another line' }))
    expect(screen.getByRole('textbox', { name: 'Line 1 amount ($)' })).toHaveValue('30.00')
    await user.type(screen.getByRole('textbox', { name: 'Line 2 account' }), CAFETERIA)
    await user.type(screen.getByRole('textbox', { name: 'Line 2 amount ($)' }), '5.00')
    await user.click(screen.getByRole('button', { name: 'Issue receipt' }))
    expect(await screen.findByText('The lines add up to $35.00, not the receipt’s $30.00.')).toBeInTheDocument()
    expect(issued()).toEqual([])

    await user.clear(screen.getByRole('textbox', { name: 'Line 1 amount ($)' }))
    await user.type(screen.getByRole('textbox', { name: 'Line 1 amount ($)' }), '25.00')
    await user.click(screen.getByRole('button', { name: 'Issue receipt' }))
    await waitFor(() => expect(issued()).toHaveLength(1))
    expect(issued()[0]!.lines).toEqual([
      { account: GENERAL, amountCents: 2500 },
      { account: CAFETERIA, amountCents: 500 },
    ])
  })

  it('shows each problem under its own field and sends nothing', async () => {
    const user = userEvent.setup()
    showNewReceipt()
    await user.type(await screen.findByRole('textbox', { name: 'Amount received ($)' }), 'ten')
    await user.click(screen.getByRole('button', { name: 'Issue receipt' }))
    expect(await screen.findByRole('textbox', { name: 'Received from' })).toHaveAccessibleDescription(
      'Enter whom the money was received from.',
    )
    expect(screen.getByRole('textbox', { name: 'For' })).toHaveAccessibleDescription('Enter what the money is for.')
    expect(screen.getByRole('textbox', { name: 'Amount received ($)' })).toHaveAccessibleDescription(
      'Enter the amount received, such as 25.00.',
    )
    expect(screen.getByRole('textbox', { name: 'Line 1 account' })).toHaveAccessibleDescription(
      expect.stringContaining('Choose the line’s account from the chart.') as unknown as string,
    )
    expect(issued()).toEqual([])
  })
})

describe('the deposits list', () => {
  it('shows when a deposit was gathered on the district’s clock: 04:45 UTC is the evening before in Los Angeles', async () => {
    renderRoutes([{ path: '/', element: <DepositsList /> }], '/')
    const row = (await screen.findByText('LHS-2026-27-D0009')).closest('tr')!
    expect(within(row).getByText(/Nov 27, 2026.*8:45.*PM.*PST/)).toBeInTheDocument()
    expect(row.textContent).not.toContain('2026-11-28')
  })
})
