import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { TOKEN, callsOf, json, makeTracking, renderPortal, stubPortalApi, type PortalAnswer } from '../test/portal-test-kit'
import { TrackingPage } from './tracking-page'

const NUMBER = 'PRR-2026-0007'
const INVALID = 'This tracking link does not open a request. It may have been replaced by a newer one.'

beforeEach(() => {
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: () => 'blob:portal-file' })
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => {} })
})
afterEach(() => {
  vi.unstubAllGlobals()
})

function open(answer: PortalAnswer, path = `/public-records/track/${NUMBER}#${TOKEN}`) {
  const fetchMock = stubPortalApi(answer)
  const user = userEvent.setup()
  const view = renderPortal('/public-records/track/:number', <TrackingPage />, path)
  return { fetchMock, user, ...view }
}

const tracked: PortalAnswer = (url, init) => {
  if (init?.method !== 'POST') return undefined
  if (url.pathname === '/api/public-records/track') return json(200, { data: makeTracking() })
  if (url.pathname === '/api/public-records/track/letters/3')
    return new Response(new Blob(['%PDF-1.7']), {
      status: 200,
      headers: { 'Content-Type': 'application/pdf', 'Content-Disposition': 'attachment; filename="PRR-2026-0007-determination.pdf"' },
    })
  if (url.pathname === '/api/public-records/track/messages') {
    const body = JSON.parse(String(init.body)) as { message: string }
    const view = makeTracking()
    return json(201, {
      data: { ...view, messages: [...view.messages, { id: 3, from: 'REQUESTER', body: body.message, at: '2026-11-28T18:00:00.000Z' }] },
    })
  }
  return undefined
}

describe('the tracking page', () => {
  it('sends the number and the secret from the fragment in a POST body only, and shows the request', async () => {
    localStorage.setItem('token', 'staff-jwt')
    const { fetchMock, router } = open(tracked)
    expect(await screen.findByRole('heading', { level: 1, name: `Your request ${NUMBER}` })).toBeInTheDocument()
    const [call] = callsOf(fetchMock, 'POST')
    expect(call!.url).toBe('/api/public-records/track')
    expect(call!.body).toEqual({ number: NUMBER, token: TOKEN })
    expect(call!.headers.get('Authorization')).toBeNull()
    for (const [input] of fetchMock.mock.calls) expect(String(input)).not.toContain(TOKEN)
    expect(document.title).toContain(NUMBER)
    expect(document.title).not.toContain(TOKEN)
    // The fragment stays, so the page can be reloaded.
    expect(router.state.location.hash).toBe(`#${TOKEN}`)

    const status = await screen.findByRole('region', { name: 'Where your request stands' })
    expect(within(status).getByText('Determination made')).toBeInTheDocument()
    expect(within(status).getByText('The district has decided on your request and is preparing the records.')).toBeInTheDocument()
    expect(within(status).getByText('Monday, November 30, 2026')).toBeInTheDocument()
    expect(
      within(status).getByText(
        'By 14 days, to Mon Dec 14, 2026, because of the need to search for and collect the requested records from field facilities.',
      ),
    ).toBeInTheDocument()
    expect(within(status).getByText('Some records are disclosed; some are withheld.')).toBeInTheDocument()

    const letters = screen.getByRole('region', { name: 'Letters from the district' })
    expect(within(letters).getByText('Determination letter, Wed Nov 25, 2026')).toBeInTheDocument()
    expect(within(letters).getByText(/Signed by Dana Custodian, Records Officer/)).toBeInTheDocument()
    const documents = screen.getByRole('region', { name: 'Released records' })
    expect(within(documents).getByText('warrants-2025-redacted.pdf')).toBeInTheDocument()
    expect(within(documents).getByRole('button', { name: 'Download warrants-2025-redacted.pdf' })).toBeInTheDocument()
    const messages = screen.getByRole('region', { name: 'Messages' })
    expect(within(messages).getByText('Could you include the change orders?')).toBeInTheDocument()
    expect(within(messages).getByText('Records office')).toBeInTheDocument()
    expect(within(messages).getByText('Yes, they are part of the release.')).toBeInTheDocument()
    expect(screen.getByText('Warrants paid to Acme Paving in 2025.')).toBeInTheDocument()
  })

  it('downloads a letter by POST with the link in the body', async () => {
    const { fetchMock, user } = open(tracked)
    await user.click(await screen.findByRole('button', { name: /^Download Determination letter/ }))
    await waitFor(() => expect(callsOf(fetchMock, 'POST').map((call) => call.url)).toContain('/api/public-records/track/letters/3'))
    const download = callsOf(fetchMock, 'POST').find((call) => call.url.endsWith('/letters/3'))!
    expect(download.body).toEqual({ number: NUMBER, token: TOKEN })
    expect(screen.queryByText('The file could not be downloaded')).not.toBeInTheDocument()
  })

  it('sends a message and shows it on the page; an empty one is refused under the field', async () => {
    const { fetchMock, user } = open(tracked)
    await user.click(await screen.findByRole('button', { name: 'Send message' }))
    expect(await screen.findByText('Write your message to the district.')).toBeInTheDocument()
    expect(callsOf(fetchMock, 'POST').filter((call) => call.url.endsWith('/messages'))).toEqual([])

    await user.type(screen.getByRole('textbox', { name: /Your message/ }), 'Please send the 2024 ones too.')
    await user.click(screen.getByRole('button', { name: 'Send message' }))
    expect(await screen.findByRole('status')).toHaveTextContent('Your message was sent to the records office.')
    expect(screen.getByText('Please send the 2024 ones too.')).toBeInTheDocument()
    const sent = callsOf(fetchMock, 'POST').find((call) => call.url.endsWith('/messages'))!
    expect(sent.body).toEqual({ number: NUMBER, token: TOKEN, message: 'Please send the 2024 ones too.' })
    expect(screen.getByRole('textbox', { name: /Your message/ })).toHaveValue('')
  })

  it('says the server’s sentence for a link that does not work, with the way to a new one', async () => {
    open((url) => (url.pathname === '/api/public-records/track' ? json(404, { error: INVALID, code: 'tracking_link_invalid' }) : undefined))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent(INVALID)
    expect(within(alert).getByRole('link', { name: 'Get a new tracking link' })).toHaveAttribute('href', '/public-records/new-link')
    expect(screen.queryByRole('region', { name: 'Where your request stands' })).not.toBeInTheDocument()
  })

  it('asks nothing of the server when the link lost its secret', async () => {
    const { fetchMock } = open(tracked, `/public-records/track/${NUMBER}`)
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The tracking link is incomplete: open it again from the e-mail.')
    expect(within(alert).getByRole('link', { name: 'Get a new tracking link' })).toBeInTheDocument()
    expect(callsOf(fetchMock, 'POST')).toEqual([])
  })
})
