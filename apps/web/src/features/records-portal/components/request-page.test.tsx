import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { callsOf, json, renderPortal, stubPortalApi, type PortalAnswer } from '../test/portal-test-kit'
import { RequestPage } from './request-page'

afterEach(() => {
  vi.unstubAllGlobals()
})

const RECEIPT = {
  number: 'PRR-2026-0012',
  receivedOn: '2026-11-27',
  countedFrom: '2026-11-30',
  dueOn: '2026-12-10',
  dueInWords: 'Thursday, December 10, 2026',
  trackingUrl: 'http://localhost/public-records/track/PRR-2026-0012#k3Jx9Qm2Vb7Lp0Rt5Wz8Yc1Nd4Hf6Gs-Ae_Ui2Oo3',
  emailed: true,
}

function open(intake: PortalAnswer = () => undefined, info = {}) {
  const fetchMock = stubPortalApi(
    (url, init) => (url.pathname === '/api/public-records/requests' && init?.method === 'POST' ? intake(url, init) : undefined),
    info,
  )
  const user = userEvent.setup()
  renderPortal('/public-records', <RequestPage />, '/public-records')
  return { fetchMock, user }
}

async function fillIn(
  user: ReturnType<typeof userEvent.setup>,
  contact: { email?: string; postal?: string } = { email: 'quinn@example.org' },
) {
  await user.type(await screen.findByRole('textbox', { name: /The records you are asking for/ }), 'Warrants paid to Acme Paving in 2025')
  await user.click(screen.getByRole('radio', { name: 'Electronic copies (download or e-mail)' }))
  if (contact.email) await user.type(screen.getByRole('textbox', { name: 'E-mail address' }), contact.email)
  if (contact.postal) await user.type(screen.getByRole('textbox', { name: 'Postal address' }), contact.postal)
}

describe('the public request page', () => {
  it('introduces the district and the form, in a frame with its name, one h1 and a title', async () => {
    open(undefined, { archiveEnabled: true })
    expect(await screen.findByText('Harbor Unified keeps records of its schools and offices.')).toBeInTheDocument()
    expect(screen.getByText('Harbor Unified School District')).toBeInTheDocument()
    expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual(['Ask for public records'])
    expect(document.title).toMatch(/^Ask for public records/)
    expect(screen.getByRole('link', { name: /Lost your link/ })).toHaveAttribute('href', '/public-records/new-link')
    expect(screen.getByRole('link', { name: /Browse requests the district has answered/ })).toHaveAttribute(
      'href',
      '/public-records/archive',
    )
    expect(screen.getByText(/You may ask anonymously/)).toBeInTheDocument()
    expect(screen.getByText(/one of the two is needed/)).toBeInTheDocument()
  })

  it('offers no archive link while the district publishes none', async () => {
    open(undefined, { archiveEnabled: false })
    await screen.findByText('Harbor Unified keeps records of its schools and offices.')
    expect(screen.queryByRole('link', { name: /Browse requests/ })).not.toBeInTheDocument()
  })

  it('says under each field what is missing, from the contract, and sends nothing', async () => {
    const { fetchMock, user } = open()
    await user.click(await screen.findByRole('button', { name: 'Send request' }))
    const description = screen.getByRole('textbox', { name: /The records you are asking for/ })
    await waitFor(() => expect(description).toHaveAttribute('aria-invalid', 'true'))
    expect(screen.getByText('Describe the records you are asking for.')).toBeInTheDocument()
    expect(screen.getByText('Give an e-mail address or a postal address, so that the district can answer you.')).toBeInTheDocument()
    expect(screen.getByText(/^Choose how you would like the records: /)).toBeInTheDocument()
    expect(screen.getByRole('textbox', { name: 'E-mail address' })).toHaveAttribute('aria-invalid', 'true')
    expect(screen.getByRole('alert')).toHaveTextContent('3 things need your attention')
    await waitFor(() => expect(description).toHaveFocus())
    expect(callsOf(fetchMock, 'POST')).toEqual([])
  })

  it('keeps the field for programs out of reach: not focusable, not announced, not filled in by the browser', async () => {
    const { user } = open()
    await screen.findByRole('button', { name: 'Send request' })
    expect(screen.queryByRole('textbox', { name: 'Leave this empty' })).not.toBeInTheDocument()
    const honeypot = screen.getByLabelText('Leave this empty')
    expect(honeypot).toHaveAttribute('tabindex', '-1')
    expect(honeypot).toHaveAttribute('autocomplete', 'off')
    expect(honeypot.closest('[aria-hidden="true"]')).not.toBeNull()
    for (let i = 0; i < 20; i++) {
      await user.tab()
      expect(document.activeElement).not.toBe(honeypot)
    }
  })

  it('shows the server’s own sentence when it refuses (too many requests)', async () => {
    const refusal = 'This address has sent many requests today. Try again tomorrow, or write to the records office.'
    const { fetchMock, user } = open(() => json(429, { error: refusal, code: 'rate_limited' }))
    await fillIn(user)
    await user.click(screen.getByRole('button', { name: 'Send request' }))
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Your request was not sent')
    expect(alert).toHaveTextContent(refusal)
    expect(callsOf(fetchMock, 'POST')).toHaveLength(1)
  })

  it('sends the request without a session and shows its number, due date and that the link was e-mailed', async () => {
    localStorage.setItem('token', 'staff-jwt')
    const { fetchMock, user } = open(() => json(201, { data: RECEIPT }))
    await fillIn(user)
    await user.click(screen.getByRole('button', { name: 'Send request' }))
    const receipt = await screen.findByRole('region', { name: 'Your request was received' })
    expect(within(receipt).getByText('PRR-2026-0012')).toBeInTheDocument()
    expect(within(receipt).getByText('Thursday, December 10, 2026')).toBeInTheDocument()
    expect(within(receipt).getByText('Mon Nov 30, 2026')).toBeInTheDocument()
    expect(within(receipt).getByText('We e-mailed you a private link')).toBeInTheDocument()
    expect(within(receipt).queryByText(/k3Jx9Qm2/)).not.toBeInTheDocument()
    expect(within(receipt).getByRole('link', { name: 'Open the tracking page' })).toHaveAttribute(
      'href',
      '/public-records/track/PRR-2026-0012#k3Jx9Qm2Vb7Lp0Rt5Wz8Yc1Nd4Hf6Gs-Ae_Ui2Oo3',
    )
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Your request was received' })).toHaveFocus())
    const [sent] = callsOf(fetchMock, 'POST')
    expect(sent!.headers.get('Authorization')).toBeNull()
    expect(sent!.body).toEqual({
      description: 'Warrants paid to Acme Paving in 2025',
      preferredFormat: 'ELECTRONIC',
      name: null,
      email: 'quinn@example.org',
      postalAddress: null,
      website: '',
    })
  })

  it('shows the tracking link to keep when the request gave a postal address only', async () => {
    const { user } = open(() => json(201, { data: { ...RECEIPT, emailed: false } }))
    await fillIn(user, { postal: '12 Harbor Way, Bayside CA 94000' })
    await user.click(screen.getByRole('button', { name: 'Send request' }))
    expect(await screen.findByText('Keep this link to follow your request')).toBeInTheDocument()
    expect(screen.getByText(RECEIPT.trackingUrl)).toBeInTheDocument()
    expect(screen.queryByText('We e-mailed you a private link')).not.toBeInTheDocument()
  })
})
