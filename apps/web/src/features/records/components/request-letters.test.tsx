import type { Delivery, PublicInfoDuty } from '@platform/contracts/records'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { makeUser } from '@/test/factories'
import { stubApi, type FetchMock } from '@/test/fake-api'
import { jsonResponse, renderRoutes } from '@/test/render'
import { makeLetter, makeRequest } from '@/test/records'
import { LettersSection } from './request-letters'

let fetchMock: FetchMock
let resendAnswer: () => Response

const signIn = (duties: PublicInfoDuty[]) => {
  resendAnswer = () => jsonResponse(200, { data: issued('QUEUED') })
  fetchMock = stubApi(
    (url, init) => {
      if (url.pathname === '/api/records-me') return jsonResponse(200, { data: { isAdmin: false, userId: 7, duties } })
      if (url.pathname === '/api/records-requests/12/letters/3/resend' && init?.method === 'POST') return resendAnswer()
      return undefined
    },
    makeUser({ id: 7 }),
  )
}
afterEach(() => {
  vi.unstubAllGlobals()
})

const email = (state: Delivery['state'], more: Partial<Delivery> = {}): Delivery => ({
  channel: 'EMAIL',
  recipient: 'quinn@example.org',
  state,
  attempts: 1,
  lastError: null,
  queuedAt: '2026-03-10T17:00:00.000Z',
  sentAt: null,
  mailedOn: null,
  ...more,
})
const post = (state: Delivery['state'], more: Partial<Delivery> = {}): Delivery => ({
  ...email(state),
  channel: 'POST',
  recipient: '12 Elm Street\nSpringfield, CA 90000',
  attempts: 0,
  ...more,
})
const issued = (state: Delivery['state'], delivery: Delivery = email(state)) =>
  makeLetter({
    state: 'ISSUED',
    signedByName: 'Sam Signatory',
    signedByTitle: 'Superintendent',
    issuedAt: '2026-03-10T17:00:00.000Z',
    delivery,
  })
const resends = () => fetchMock.mock.calls.filter(([input, init]) => init?.method === 'POST' && String(input).endsWith('/resend'))
const letterCard = () => screen.getByRole('group', { name: 'Denial letter' })
const show = (letter: ReturnType<typeof makeLetter>) =>
  renderRoutes([{ path: '/', element: <LettersSection request={makeRequest({ letters: [letter] })} /> }], '/')

describe('how an issued letter reached the requester', () => {
  it.each([
    [email('QUEUED'), 'Queued for e-mail', 'Waiting in the mail queue for quinn@example.org.'],
    [email('SENT', { sentAt: '2026-03-10T17:01:00.000Z' }), 'E-mailed', 'E-mailed to quinn@example.org, Mar 10, 2026'],
    [
      email('RETRYING', { attempts: 2, lastError: '421 4.7.0 Try again later' }),
      'Not yet accepted; being retried',
      'The mail server answered: 421 4.7.0 Try again later',
    ],
    [post('TO_MAIL'), 'To mail', 'Waiting on the To mail list, for 12 Elm Street, Springfield, CA 90000.'],
    [post('MAILED', { mailedOn: '2026-03-11' }), 'Mailed', 'Mailed Wed Mar 11, 2026 to 12 Elm Street, Springfield, CA 90000.'],
  ])('%#: says %s in words', (delivery, state, sentence) => {
    signIn(['COORDINATOR'])
    show(issued(delivery.state, delivery))
    expect(within(letterCard()).getByText(state)).toBeInTheDocument()
    expect(letterCard()).toHaveTextContent(sentence)
    expect(within(letterCard()).queryByRole('button', { name: 'Send the denial letter again' })).toBeNull()
  })

  it('a posted letter still to mail links to the To mail list', () => {
    signIn(['COORDINATOR'])
    show(issued('TO_MAIL', post('TO_MAIL')))
    expect(within(letterCard()).getByRole('link', { name: 'Open the To mail list' })).toHaveAttribute('href', '/apps/public-info/to-mail')
  })

  it('a failed e-mail shows the server’s answer and, for a coordinator, Send again through the resend route', async () => {
    const user = userEvent.setup()
    signIn(['COORDINATOR'])
    show(issued('FAILED', email('FAILED', { attempts: 5, lastError: '550 5.1.1 Mailbox unavailable' })))
    expect(within(letterCard()).getByText('E-mail failed')).toBeInTheDocument()
    expect(letterCard()).toHaveTextContent('Not delivered to quinn@example.org after 5 tries.')
    expect(letterCard()).toHaveTextContent('The mail server answered: 550 5.1.1 Mailbox unavailable')
    await user.click(await within(letterCard()).findByRole('button', { name: 'Send the denial letter again' }))
    await waitFor(() => expect(resends()).toHaveLength(1))
  })

  it('Send again refused by the server is said in its words; a custodian is not offered it', async () => {
    const user = userEvent.setup()
    signIn(['COORDINATOR'])
    resendAnswer = () =>
      jsonResponse(403, { error: 'Mailing letters needs the coordinator duty in Public Information.', code: 'forbidden' })
    const { unmount } = show(issued('FAILED', email('FAILED', { attempts: 5, lastError: '550 Mailbox unavailable' })))
    await user.click(await within(letterCard()).findByRole('button', { name: 'Send the denial letter again' }))
    expect(await within(letterCard()).findByRole('alert')).toHaveTextContent(
      'Mailing letters needs the coordinator duty in Public Information.',
    )
    unmount()
    vi.unstubAllGlobals()

    signIn(['CUSTODIAN'])
    show(issued('FAILED', email('FAILED', { attempts: 5, lastError: '550 Mailbox unavailable' })))
    await waitFor(() => expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/api/records-me'))).toBe(true))
    await new Promise((resolve) => setTimeout(resolve, 100)) // the duties' answer is in: the button would be shown by now
    expect(within(letterCard()).getByText('E-mail failed')).toBeInTheDocument()
    expect(within(letterCard()).queryByRole('button', { name: 'Send the denial letter again' })).toBeNull()
  })
})
