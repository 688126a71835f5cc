import type { PublicInfoDuty } from '@platform/contracts/records'
import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { districtTimeZone } from '@/lib/district-time'
import { makeUser } from '@/test/factories'
import { stubApi, type FetchMock } from '@/test/fake-api'
import { jsonResponse, renderRoutes } from '@/test/render'
import { districtNow } from '../utils/district-instant'
import type { Mailing } from './mark-mailed-step'
import { MailingsView } from './mailings-view'

const mailing = (id: number, more: Partial<Mailing> = {}): Mailing => ({
  id,
  requestId: 10 + id,
  number: `PRR-2026-001${id}`,
  letterId: 30 + id,
  letterKind: 'DETERMINATION',
  issuedAt: '2026-03-10T17:00:00.000Z',
  recipientName: `Requester ${id}`,
  postalAddress: `${id} Elm Street\nSpringfield, CA 90000`,
  mailedOn: null,
  mailedByName: null,
  ...more,
})

let fetchMock: FetchMock

beforeAll(() => {
  // jsdom has no object URLs; saveBlob only needs them to exist.
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: () => 'blob:envelopes' })
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => undefined })
})
const signIn = (duties: PublicInfoDuty[]) => {
  fetchMock = stubApi(
    (url, init) => {
      if (url.pathname === '/api/records-me') return jsonResponse(200, { data: { isAdmin: false, userId: 7, duties } })
      if (url.pathname === '/api/records-mailings')
        return jsonResponse(200, {
          data:
            url.searchParams.get('state') === 'MAILED'
              ? [mailing(4, { recipientName: '', mailedOn: '2026-03-11', mailedByName: 'Cora Coordinator' })]
              : [mailing(1), mailing(2), mailing(3)],
        })
      if (url.pathname === '/api/records-mailings/envelopes')
        return new Response('%PDF-1.7', { status: 200, headers: { 'Content-Type': 'application/pdf' } })
      if (url.pathname === '/api/records-mailings/2/mailed' && init?.method === 'POST')
        return jsonResponse(200, { data: mailing(2, { mailedOn: '2026-03-11', mailedByName: 'Cora Coordinator' }) })
      return undefined
    },
    makeUser({ id: 7 }),
  )
}
afterEach(() => {
  vi.unstubAllGlobals()
})

const calls = (path: string) =>
  fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://localhost'), init }))
    .filter(({ url }) => url.pathname === path)
const show = (address = '/to-mail') => renderRoutes([{ path: '/to-mail', element: <MailingsView /> }], address)
const table = () => screen.getByRole('table', { name: 'Letters to mail' })

describe('the To mail list', () => {
  it('prints the envelopes of the letters chosen: ids=1,2', async () => {
    const user = userEvent.setup()
    signIn(['COORDINATOR'])
    show()
    await user.click(await screen.findByRole('checkbox', { name: 'Choose the determination letter of PRR-2026-0011' }))
    await user.click(screen.getByRole('checkbox', { name: 'Choose the determination letter of PRR-2026-0012' }))
    expect(within(table()).getByRole('row', { name: /PRR-2026-0011/ })).toHaveTextContent('Requester 1')
    await user.click(screen.getByRole('button', { name: 'Print envelopes (2)' }))
    await waitFor(() => expect(calls('/api/records-mailings/envelopes')).toHaveLength(1))
    expect(calls('/api/records-mailings/envelopes')[0]!.url.searchParams.get('ids')).toBe('1,2')
  })

  it('chooses every letter at once; prints nothing with none chosen', async () => {
    const user = userEvent.setup()
    signIn(['COORDINATOR'])
    show()
    const every = await screen.findByRole('checkbox', { name: 'Choose every letter' })
    expect(screen.getByRole('button', { name: 'Print envelopes' })).toBeDisabled()
    await user.click(every)
    await user.click(screen.getByRole('button', { name: 'Print envelopes (3)' }))
    await waitFor(() => expect(calls('/api/records-mailings/envelopes')[0]!.url.searchParams.get('ids')).toBe('1,2,3'))
  })

  it('marks a letter mailed on today’s date in the district after asking; refuses a day in the future on the form', async () => {
    const user = userEvent.setup()
    signIn(['COORDINATOR'])
    show()
    await user.click(await screen.findByRole('button', { name: 'Mark the determination letter of PRR-2026-0012 mailed' }))
    const dialog = await screen.findByRole('dialog', { name: 'Mark the determination letter of PRR-2026-0012 mailed' })
    const day = within(dialog).getByLabelText(/Day mailed/)
    const today = districtNow(districtTimeZone()).date
    expect(day).toHaveValue(today)

    fireEvent.change(day, { target: { value: '2999-01-01' } })
    await user.click(within(dialog).getByRole('button', { name: 'Mark mailed' }))
    await waitFor(() => expect(day).toHaveAccessibleDescription('The day mailed cannot be in the future.'))

    fireEvent.change(day, { target: { value: '2026-03-11' } })
    await user.click(within(dialog).getByRole('button', { name: 'Mark mailed' }))
    expect(await within(dialog).findByText(/was mailed to Requester 2 on Wed Mar 11, 2026\?/)).toBeInTheDocument()
    expect(calls('/api/records-mailings/2/mailed')).toEqual([])
    await user.click(within(dialog).getByRole('button', { name: 'Mark mailed' }))
    await waitFor(() => expect(calls('/api/records-mailings/2/mailed')).toHaveLength(1))
    expect(JSON.parse(String(calls('/api/records-mailings/2/mailed')[0]!.init?.body))).toEqual({ mailedOn: '2026-03-11' })
  })

  it('the Mailed list shows the day and who marked it; a requester without a name is the envelope’s addressee', async () => {
    signIn(['COORDINATOR'])
    show('/to-mail?state=MAILED')
    const mailed = await screen.findByRole('table', { name: 'Letters mailed' })
    const row = await within(mailed).findByRole('row', { name: /PRR-2026-0014/ })
    expect(row).toHaveTextContent('Public records requester')
    expect(row).toHaveTextContent('Wed Mar 11, 2026')
    expect(row).toHaveTextContent('by Cora Coordinator')
    expect(calls('/api/records-mailings')[0]!.url.searchParams.get('state')).toBe('MAILED')
  })

  it('offers no printing or marking to someone without the coordinator duty', async () => {
    signIn(['CUSTODIAN'])
    show()
    expect(await within(table()).findByRole('row', { name: /PRR-2026-0011/ })).toBeInTheDocument()
    expect(screen.getByText('Coordinators print the envelopes and mark the letters mailed.')).toBeInTheDocument()
    expect(screen.queryByRole('checkbox')).toBeNull()
    expect(screen.queryByRole('button', { name: /Mark .* mailed/ })).toBeNull()
  })
})
