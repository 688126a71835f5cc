import type { RequestSummary } from '@platform/contracts/records'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeUser } from '@/test/factories'
import { stubApi, type FetchMock } from '@/test/fake-api'
import { jsonResponse, renderRoutes } from '@/test/render'
import { RequestsQueue } from './requests-queue'

const request: RequestSummary = {
  id: 12,
  number: 'PRR-2026-0012',
  state: 'RECEIVED',
  outcome: null,
  channel: 'EMAIL',
  receivedAt: '2026-03-02T17:00:00.000Z',
  summary: 'Warrants to Acme Paving',
  requesterName: 'Quinn Reporter',
  determinationDueOn: '2026-03-12',
  extendedDueOn: null,
  dueOn: '2026-03-12',
  dueAt: '2026-03-13T06:59:59.999Z',
  daysLeft: -2,
  status: 'OVERDUE',
  pointPersonId: null,
  pointPersonName: null,
  determinedOn: null,
}

let fetchMock: FetchMock

beforeEach(() => {
  fetchMock = stubApi(
    (url) => {
      if (url.pathname === '/api/records-me') return jsonResponse(200, { data: { isAdmin: false, userId: 7, duties: ['COORDINATOR'] } })
      if (url.pathname === '/api/records-people')
        return jsonResponse(200, { data: [{ id: 8, name: 'Cam Custodian', duties: ['CUSTODIAN'] }] })
      if (url.pathname === '/api/records-requests')
        return jsonResponse(200, { data: [request], pagination: { total: 1, limit: 25, offset: 0 } })
      return undefined
    },
    makeUser({ id: 7 }),
  )
})
afterEach(() => {
  vi.unstubAllGlobals()
})

/** The filters of each call for the requests, as its query string without the paging. */
const filtersAsked = () =>
  fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://localhost'))
    .filter((url) => url.pathname === '/api/records-requests')
    .map((url) => {
      const query = new URLSearchParams(url.search)
      query.delete('limit')
      query.delete('offset')
      return query.toString()
    })

/** A filter's input by its label (its list of options carries the same name). */
const filter = (label: string) => screen.getByLabelText(label, { selector: 'input' })

const showQueue = (path: string) => renderRoutes([{ path: '/apps/public-info/requests', element: <RequestsQueue /> }], path)

describe('the records requests queue', () => {
  it('opens filtered by the due date and state in the address, shown as chosen', async () => {
    showQueue('/apps/public-info/requests?due=OVERDUE&state=RECEIVED')
    await screen.findByText('PRR-2026-0012', {}, { timeout: 5000 })
    expect(filter('Due')).toHaveValue('Overdue')
    expect(filter('State')).toHaveValue('Received')
    expect(filtersAsked()).toEqual(['state=RECEIVED&due=OVERDUE'])
  })

  it('writes a changed due filter into the address and asks for it', async () => {
    const user = userEvent.setup()
    const { router } = showQueue('/apps/public-info/requests?due=OVERDUE')
    await screen.findByText('PRR-2026-0012', {}, { timeout: 5000 })
    await user.click(filter('Due'))
    await user.click(await screen.findByRole('option', { name: 'Due within 7 days' }))
    await waitFor(() => expect(router.state.location.search).toBe('?due=THIS_WEEK'))
    await waitFor(() => expect(filtersAsked()).toContain('due=THIS_WEEK'))
    // Choosing the chosen value again clears it, from the address too.
    await user.click(filter('Due'))
    await user.click(await screen.findByRole('option', { name: 'Due within 7 days' }))
    await waitFor(() => expect(router.state.location.search).toBe(''))
  })

  it('ignores a due filter it does not know', async () => {
    showQueue('/apps/public-info/requests?due=YESTERDAY')
    await screen.findByText('PRR-2026-0012', {}, { timeout: 5000 })
    expect(filter('Due')).toHaveValue('')
    expect(filtersAsked()).toEqual([''])
  })
})
