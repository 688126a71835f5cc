import type { RequestDetail } from '@platform/contracts/records'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeUser } from '@/test/factories'
import { stubApi, type FetchMock } from '@/test/fake-api'
import { jsonResponse, renderRoutes } from '@/test/render'
import { NO_REQUEST_ACTIONS, makeRequest } from '@/test/records'
import { RequesterSection } from './request-requester'

let fetchMock: FetchMock
let dismissAnswer: () => Response

beforeEach(() => {
  dismissAnswer = () => jsonResponse(200, { data: makeRequest() })
  fetchMock = stubApi(
    (url, init) => {
      if (url.pathname === '/api/records-requests/12/duplicate/dismiss' && init?.method === 'POST') return dismissAnswer()
      return undefined
    },
    makeUser({ id: 7 }),
  )
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const posts = () =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([input]) => new URL(String(input), 'http://localhost').pathname)
const show = (request: RequestDetail) => renderRoutes([{ path: '/', element: <RequesterSection request={request} /> }], '/')
const section = () => screen.getByRole('region', { name: 'Requester' })
const postOnly = {
  email: null,
  postalAddress: '12 Elm Street\nSpringfield, CA 90000',
  preferredFormat: 'PAPER' as const,
  viaPortal: true,
  noEmail: true,
  trackingIssuedAt: null,
  possibleDuplicateOf: null,
}
const flagged = (dismissDuplicate: boolean) =>
  makeRequest({
    requester: { ...makeRequest().requester, possibleDuplicateOf: { id: 9, number: 'PRR-2026-0009', receivedOn: '2026-02-27' } },
    actions: { ...NO_REQUEST_ACTIONS, dismissDuplicate },
  })

describe('the requester of a records request', () => {
  it('with an e-mail address: the address and the format in words, no flag; the contact typed only when it says more', () => {
    const { unmount } = show(makeRequest())
    expect(section()).toHaveTextContent('E-mail addressquinn@example.org')
    expect(section()).toHaveTextContent('Electronic copies (download or e-mail)')
    expect(section()).not.toHaveTextContent('Contact as recorded')
    expect(within(section()).queryByText('No e-mail address')).toBeNull()
    expect(within(section()).queryByText('Filed on the public records page')).toBeNull()
    expect(within(section()).queryByText('Possibly a duplicate')).toBeNull()
    unmount()
    show(makeRequest({ requesterContact: 'Quinn@example.org, or 555-0100 after 5 pm' }))
    expect(section()).toHaveTextContent('Contact as recordedQuinn@example.org, or 555-0100 after 5 pm')
  })

  it('without one: flagged, letters said to go to the To mail list; the postal address and the portal are shown', () => {
    show(makeRequest({ requesterName: '', requesterContact: postOnly.postalAddress, requester: postOnly }))
    expect(within(section()).getByText('No e-mail address')).toBeInTheDocument()
    expect(section()).toHaveTextContent('Letters go to the To mail list, to be printed and posted')
    expect(section()).toHaveTextContent('12 Elm Street')
    expect(section()).toHaveTextContent('Paper copies by post')
    expect(section()).toHaveTextContent('Not given (the law lets people ask without a name)')
    expect(within(section()).getByText('Filed on the public records page')).toBeInTheDocument()
    expect(section()).not.toHaveTextContent('Contact as recorded')
  })

  it('a possible duplicate links to the earlier request; "Not a duplicate" asks first, then clears the flag', async () => {
    const user = userEvent.setup()
    show(flagged(true))
    expect(within(section()).getByText('Possibly a duplicate')).toBeInTheDocument()
    expect(within(section()).getByRole('link', { name: 'PRR-2026-0009' })).toHaveAttribute('href', '/apps/public-info/requests/9')
    expect(section()).toHaveTextContent('received Fri Feb 27, 2026')
    await user.click(within(section()).getByRole('button', { name: 'Not a duplicate' }))
    const dialog = await screen.findByRole('dialog', { name: 'Not a duplicate' })
    expect(dialog).toHaveTextContent('Clear the flag on PRR-2026-0012? It will no longer be shown as a possible duplicate of PRR-2026-0009')
    expect(posts()).toEqual([])
    await user.click(within(dialog).getByRole('button', { name: 'Clear the flag' }))
    await waitFor(() => expect(posts()).toEqual(['/api/records-requests/12/duplicate/dismiss']))
  })

  it('shows the server’s refusal of the dismissal in its words; no button for someone who may not dismiss', async () => {
    const user = userEvent.setup()
    dismissAnswer = () => jsonResponse(409, { error: 'PRR-2026-0012 is not flagged as a duplicate.', code: 'conflict' })
    const { unmount } = show(flagged(true))
    await user.click(within(section()).getByRole('button', { name: 'Not a duplicate' }))
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Clear the flag' }))
    expect(await within(section()).findByRole('alert')).toHaveTextContent('PRR-2026-0012 is not flagged as a duplicate.')
    unmount()
    show(flagged(false))
    expect(within(section()).getByText('Possibly a duplicate')).toBeInTheDocument()
    expect(within(section()).queryByRole('button', { name: 'Not a duplicate' })).toBeNull()
  })
})
