import { NEW_LINK_SENT } from '@platform/contracts/records-portal'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { callsOf, json, renderPortal, stubPortalApi } from '../test/portal-test-kit'
import { NewLinkPage } from './new-link-page'

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('a new tracking link', () => {
  it('checks the fields with the contract, then shows the server’s one sentence', async () => {
    const fetchMock = stubPortalApi((url, init) =>
      url.pathname === '/api/public-records/new-link' && init?.method === 'POST'
        ? json(202, { data: { message: NEW_LINK_SENT } })
        : undefined,
    )
    const user = userEvent.setup()
    renderPortal('/public-records/new-link', <NewLinkPage />, '/public-records/new-link')
    await user.click(await screen.findByRole('button', { name: 'Send a new link' }))
    expect(await screen.findByText('Enter the e-mail address the request was sent from.')).toBeInTheDocument()
    expect(screen.getByText('Enter the request number as it was sent to you, such as PRR-2026-0001.')).toBeInTheDocument()
    expect(callsOf(fetchMock, 'POST')).toEqual([])

    await user.type(screen.getByRole('textbox', { name: /E-mail address/ }), 'quinn@example.org')
    await user.type(screen.getByRole('textbox', { name: /Request number/ }), ' prr-2026-0012 ')
    await user.click(screen.getByRole('button', { name: 'Send a new link' }))
    expect(await screen.findByRole('status')).toHaveTextContent(NEW_LINK_SENT)
    await waitFor(() => expect(callsOf(fetchMock, 'POST')).toHaveLength(1))
    expect(callsOf(fetchMock, 'POST')[0]!.body).toEqual({ email: 'quinn@example.org', number: 'PRR-2026-0012' })
  })
})
