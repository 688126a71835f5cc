import { screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { UnsubscribePage } from '@/app/routes/unsubscribe-page'
import { jsonResponse, renderRoutes } from '@/test/render'

const PATH = '/api/public/report-subscriptions/unsubscribe'
const routes = [{ path: '/unsubscribe', element: <UnsubscribePage /> }]
const SECRET = 'c3Vic2NyaXB0aW9uLTMxLXVzZXItMTI.signature'

let answer: () => Response
let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>

beforeEach(() => {
  // Nobody is signed in: the link works from any browser.
  localStorage.clear()
  answer = () => jsonResponse(200, { reportName: 'Costs by fund', message: 'You will no longer receive Costs by fund by e-mail.' })
  fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = new URL(String(input), 'http://localhost')
    if (url.pathname === PATH) return answer()
    return jsonResponse(404, { error: 'Not found', code: 'not_found' })
  })
  vi.stubGlobal('fetch', fetchMock)
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const calls = () => fetchMock.mock.calls.filter(([input]) => new URL(String(input), 'http://localhost').pathname === PATH)

describe('The unsubscribe page', () => {
  it('asks for a click before unsubscribing, sends the secret only in the body, then says which report', async () => {
    const user = userEvent.setup()
    renderRoutes(routes, `/unsubscribe#${SECRET}`)
    const button = await screen.findByRole('button', { name: 'Unsubscribe' })
    // Opening the link (as a mail scanner does) spends nothing.
    expect(calls()).toHaveLength(0)

    await user.click(button)
    expect(await screen.findByRole('heading', { name: 'You are unsubscribed' })).toBeInTheDocument()
    expect(screen.getByText('Costs by fund')).toBeInTheDocument()
    expect(screen.getByText('You will no longer receive Costs by fund by e-mail.')).toBeInTheDocument()
    const [[input, init]] = calls() as [[RequestInfo, RequestInit]]
    expect(String(input)).toBe(PATH)
    expect(init.method).toBe('POST')
    expect(JSON.parse(String(init.body))).toEqual({ token: SECRET })
    expect(new Headers(init.headers).get('Authorization')).toBeNull()
  })

  it('says a link without its secret is incomplete, and asks nothing', async () => {
    renderRoutes(routes, '/unsubscribe')
    expect(await screen.findByText('This unsubscribe link is incomplete. Open it again from the e-mail.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Unsubscribe' })).toBeNull()
    expect(calls()).toHaveLength(0)
  })

  it("shows the server's words for a link it did not send", async () => {
    const user = userEvent.setup()
    answer = () => jsonResponse(404, { error: 'This unsubscribe link is not one the platform sent.', code: 'not_found' })
    renderRoutes(routes, '/unsubscribe#not-a-real-secret')
    await user.click(await screen.findByRole('button', { name: 'Unsubscribe' }))
    const alert = await screen.findByRole('alert', { name: 'You were not unsubscribed' })
    expect(alert).toHaveTextContent('This unsubscribe link is not one the platform sent.')
    expect(screen.queryByRole('heading', { name: 'You are unsubscribed' })).toBeNull()
  })
})
