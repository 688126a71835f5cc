import type { DepositSummary } from '@platform/contracts/receipts'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeUser } from '@/test/factories'
import { stubApi, type FetchMock } from '@/test/fake-api'
import { jsonResponse, renderRoutes } from '@/test/render'
import { DepositsList } from './deposits-list'

const deposit: DepositSummary = {
  id: 9,
  label: 'LHS-2026-27-D0009',
  siteId: 4,
  siteCode: 'LHS',
  state: 'COUNTED',
  amountCents: 13550,
  countedCents: 13550,
  overShortCents: 0,
  receiptCount: 3,
  createdAt: '2026-11-28T04:45:00.000Z',
  createdByName: 'Cora Collector',
  confirmedOn: null,
}

let fetchMock: FetchMock

beforeEach(() => {
  fetchMock = stubApi(
    (url) => {
      if (url.pathname === '/api/receipts/my-duties')
        return jsonResponse(200, { data: { isAdmin: false, duties: [{ duty: 'APPROVER', siteIds: [4] }] } })
      if (url.pathname === '/api/deposits') return jsonResponse(200, { data: [deposit], pagination: { total: 1, limit: 25, offset: 0 } })
      return undefined
    },
    makeUser({ id: 7 }),
  )
})
afterEach(() => {
  vi.unstubAllGlobals()
})

/** The `state` each call for the deposits asked for ('' when none). */
const statesAsked = () =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/deposits')
    .map((url) => url.searchParams.get('state') ?? '')

/** The State filter's input (its list of options carries the same name). */
const stateInput = () => screen.getByLabelText('State', { selector: 'input' })

const showDeposits = (path: string) => renderRoutes([{ path: '/apps/payment-receipts/deposits', element: <DepositsList /> }], path)

describe('the deposits list', () => {
  it('opens filtered by the state in the address, and shows that state as chosen', async () => {
    showDeposits('/apps/payment-receipts/deposits?state=COUNTED')
    await screen.findByText('LHS-2026-27-D0009', {}, { timeout: 5000 })
    expect(stateInput()).toHaveValue('Counted')
    expect(statesAsked()).toEqual(['COUNTED'])
  })

  it('writes a new choice into the address, and a cleared choice leaves it', async () => {
    const user = userEvent.setup()
    const { router } = showDeposits('/apps/payment-receipts/deposits')
    await screen.findByText('LHS-2026-27-D0009', {}, { timeout: 5000 })
    expect(statesAsked()).toEqual([''])
    await user.click(stateInput())
    await user.click(await screen.findByRole('option', { name: 'Approved' }))
    await waitFor(() => expect(router.state.location.search).toBe('?state=APPROVED'))
    await waitFor(() => expect(statesAsked()).toContain('APPROVED'))
    // Choosing the chosen state again clears it.
    await user.click(stateInput())
    await user.click(await screen.findByRole('option', { name: 'Approved' }))
    await waitFor(() => expect(router.state.location.search).toBe(''))
  })

  it('ignores a state it does not know', async () => {
    showDeposits('/apps/payment-receipts/deposits?state=LOST')
    await screen.findByText('LHS-2026-27-D0009', {}, { timeout: 5000 })
    expect(stateInput()).toHaveValue('')
    expect(statesAsked()).toEqual([''])
  })
})
