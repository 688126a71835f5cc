import type { RequestDetail } from '@platform/contracts/records'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeUser } from '@/test/factories'
import { stubApi, type FetchMock } from '@/test/fake-api'
import { jsonResponse, renderRoutes } from '@/test/render'
import { NO_REQUEST_ACTIONS, makeRequest } from '@/test/records'
import { MessagesSection } from './request-messages'

let fetchMock: FetchMock

beforeEach(() => {
  fetchMock = stubApi(
    (url, init) => {
      if (url.pathname === '/api/records-requests/12/messages' && init?.method === 'POST') return jsonResponse(200, { data: makeRequest() })
      return undefined
    },
    makeUser({ id: 7 }),
  )
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const posts = () =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .map(([input, init]) => ({
      path: new URL(String(input), 'http://localhost').pathname,
      body: JSON.parse(String(init?.body)) as unknown,
    }))
const show = (request: RequestDetail) => renderRoutes([{ path: '/', element: <MessagesSection request={request} /> }], '/')
const section = () => screen.getByRole('region', { name: /^Messages/ })

const thread: RequestDetail['messages'] = [
  {
    id: 1,
    direction: 'FROM_REQUESTER',
    body: 'Could you include 2024 as well?',
    authorName: null,
    createdAt: '2026-03-03T17:00:00.000Z',
    delivery: null,
  },
  {
    id: 2,
    direction: 'TO_REQUESTER',
    body: 'Yes, 2024 is included.',
    authorName: 'Cora Coordinator',
    createdAt: '2026-03-04T17:00:00.000Z',
    delivery: {
      channel: 'EMAIL',
      recipient: 'quinn@example.org',
      state: 'FAILED',
      attempts: 5,
      lastError: '550 5.1.1 Mailbox unavailable',
      queuedAt: '2026-03-04T17:00:00.000Z',
      sentAt: null,
      mailedOn: null,
    },
  },
  {
    id: 3,
    direction: 'FROM_REQUESTER',
    body: 'Thanks. And 2023?',
    authorName: null,
    createdAt: '2026-03-05T17:00:00.000Z',
    delivery: null,
  },
]

describe('the messages with the requester', () => {
  it('shows the thread both ways, each answer’s delivery in words, and the unanswered count; an anchor for My queue', () => {
    show(makeRequest({ messages: thread, unansweredMessages: 1 }))
    expect(section()).toHaveAttribute('id', 'messages')
    expect(within(section()).getByText('1 unanswered')).toBeInTheDocument()
    const items = within(section()).getAllByRole('listitem')
    expect(items).toHaveLength(3)
    expect(items[0]).toHaveTextContent('From the requester')
    expect(items[0]).toHaveTextContent('Could you include 2024 as well?')
    expect(items[1]).toHaveTextContent('Answer by Cora Coordinator')
    expect(items[1]).toHaveTextContent('E-mail failed')
    expect(items[1]).toHaveTextContent('Not delivered to quinn@example.org after 5 tries.')
    expect(items[1]).toHaveTextContent('The mail server answered: 550 5.1.1 Mailbox unavailable')
    expect(within(section()).queryByRole('form', { name: 'Answer the requester' })).toBeNull()
  })

  it('an empty answer shows the contract’s message under the field and sends nothing; an answer is posted as {message}', async () => {
    const user = userEvent.setup()
    show(makeRequest({ actions: { ...NO_REQUEST_ACTIONS, message: true } }))
    const field = within(section()).getByRole('textbox', { name: 'Answer to the requester' })
    expect(field).toHaveAccessibleDescription(/It is e-mailed to quinn@example.org/)
    await user.type(field, '   ')
    await user.click(within(section()).getByRole('button', { name: 'Send answer' }))
    await waitFor(() => expect(field).toHaveAccessibleDescription(/^Write the answer to the requester\. It is e-mailed/))
    expect(field).toHaveAttribute('aria-invalid', 'true')
    expect(posts()).toEqual([])

    await user.clear(field)
    await user.type(field, '  The records are attached to the letter. ')
    await user.click(within(section()).getByRole('button', { name: 'Send answer' }))
    await waitFor(() => expect(posts()).toHaveLength(1))
    expect(posts()[0]).toEqual({ path: '/api/records-requests/12/messages', body: { message: 'The records are attached to the letter.' } })
    await waitFor(() => expect(field).toHaveValue(''))
  })

  it('without an e-mail address the form says the answer is only kept for the tracking page', () => {
    const requester = { ...makeRequest().requester, email: null, noEmail: true, postalAddress: '12 Elm Street' }
    show(makeRequest({ requester, actions: { ...NO_REQUEST_ACTIONS, message: true } }))
    const field = within(section()).getByRole('textbox', { name: 'Answer to the requester' })
    expect(field).toHaveAccessibleDescription(/the answer is not e-mailed\. It is kept on the request and shown on their tracking page\./)
    expect(within(section()).getByRole('button', { name: 'Keep answer' })).toBeInTheDocument()
  })
})
