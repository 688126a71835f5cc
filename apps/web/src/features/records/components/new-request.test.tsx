import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeUser } from '@/test/factories'
import { stubApi, type FetchMock } from '@/test/fake-api'
import { jsonResponse, renderRoutes } from '@/test/render'
import { NewRequest, validateNewRequest, type NewRequestValues } from './new-request'

const me = makeUser({ id: 7 })
const ZONE = 'America/Los_Angeles'
let fetchMock: FetchMock
let intake: (body: Record<string, unknown>) => Response

beforeEach(() => {
  intake = () => jsonResponse(400, { error: 'unexpected', code: 'bad_request' })
  fetchMock = stubApi((url, init) => {
    if (url.pathname === '/api/records-me') return jsonResponse(200, { data: { isAdmin: false, userId: me.id, duties: ['COORDINATOR'] } })
    if (url.pathname === '/api/records-requests' && init?.method === 'POST') return intake(JSON.parse(String(init.body)))
    return undefined
  }, me)
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST')
const values = (overrides: Partial<NewRequestValues> = {}): NewRequestValues => ({
  date: '2026-11-12',
  time: '14:10',
  channel: 'EMAIL',
  requesterName: 'Quinn Reporter',
  requesterContact: 'quinn@example.org',
  text: 'Warrants to Acme Paving',
  clarifiedText: '',
  ...overrides,
})

describe('recording a request', () => {
  it('checks the fields with the contract’s schema, in words, under each field', () => {
    const now = new Date('2026-11-13T00:00:00.000Z')
    expect(validateNewRequest(values(), ZONE, now)).toEqual({})
    expect(validateNewRequest(values({ channel: null, requesterName: ' ', time: '' }), ZONE, now)).toEqual({
      time: 'Enter the date and time the request was received.',
      channel: 'Choose how the request came in: E-mail, Web form, Mail, In person or Phone.',
      requesterName: 'Enter the requester’s name; it stays private.',
    })
    // 4:30 p.m. in Los Angeles is 00:30 UTC the next day: half an hour after now.
    expect(validateNewRequest(values({ time: '16:30' }), ZONE, now).time).toBe(
      'The request cannot have been received in the future: check the date and time.',
    )
  })

  it('shows the problems beside their fields and sends nothing; a refusal by the server goes under the time', async () => {
    const user = userEvent.setup()
    renderRoutes([{ path: '/', element: <NewRequest /> }], '/')
    await user.click(await screen.findByRole('button', { name: 'Record request' }))
    const name = screen.getByRole('textbox', { name: /Requester name/ })
    await waitFor(() => expect(name).toHaveAttribute('aria-invalid', 'true'))
    expect(screen.getByText('Enter the requester’s name; it stays private.')).toBeInTheDocument()
    expect(screen.getByText('Choose how the request came in: E-mail, Web form, Mail, In person or Phone.')).toBeInTheDocument()
    expect(posts()).toEqual([])

    intake = () =>
      jsonResponse(400, { error: 'The time received (Nov 12, 2026 2:10 PM PST) is in the future.', code: 'received_in_future' })
    await user.type(name, 'Quinn Reporter')
    await user.type(screen.getByRole('textbox', { name: /Requester contact/ }), 'quinn@example.org')
    await user.type(screen.getByRole('textbox', { name: /Request text as received/ }), 'Warrants to Acme Paving')
    await user.click(screen.getByRole('combobox', { name: /Channel/ }))
    await user.click(await screen.findByRole('option', { name: 'E-mail' }))
    await user.click(screen.getByRole('button', { name: 'Record request' }))
    await waitFor(() => expect(posts()).toHaveLength(1))
    expect(JSON.parse(String(posts()[0]![1]?.body))).toMatchObject({
      channel: 'EMAIL',
      requesterName: 'Quinn Reporter',
      clarifiedText: null,
    })
    expect(await screen.findByText('The time received (Nov 12, 2026 2:10 PM PST) is in the future.')).toBeInTheDocument()
    expect(screen.getByLabelText(/Received at \(time\)/)).toHaveAttribute('aria-invalid', 'true')
  })
})
