import type { RequestDetail } from '@platform/contracts/records'
import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { makeUser } from '@/test/factories'
import { stubApi, type FetchMock } from '@/test/fake-api'
import { jsonResponse, renderRoutes } from '@/test/render'
import { NO_REQUEST_ACTIONS, makeDocument, makeRequest } from '@/test/records'
import { DocumentsSection } from './request-documents'

const me = makeUser({ id: 7 })

const actions = NO_REQUEST_ACTIONS
const warrants = makeDocument({
  exemptions: [
    {
      id: 1,
      fromPage: 2,
      toPage: 2,
      exemptionId: 4,
      citation: 'Gov. Code § 7927.705',
      title: 'Personnel records',
      note: null,
      markedByName: 'Cy Custodian',
      markedAt: '2026-03-05T18:00:00.000Z',
    },
  ],
})

let fetchMock: FetchMock
let uploadAnswer: () => Response
let releaseAnswer: () => Response

beforeEach(() => {
  uploadAnswer = () => jsonResponse(200, { data: makeRequest({ documents: [warrants] }) })
  releaseAnswer = () => jsonResponse(200, { data: makeRequest({ documents: [warrants] }) })
  fetchMock = stubApi((url, init) => {
    if (url.pathname === '/api/records-exemptions') return jsonResponse(200, { data: [] })
    if (url.pathname === '/api/records-requests/12/documents' && init?.method === 'POST') return uploadAnswer()
    if (url.pathname === '/api/records-requests/12/documents/5/release' && init?.method === 'POST') return releaseAnswer()
    return undefined
  }, me)
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const posts = () =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([input]) => new URL(String(input), 'http://localhost'))
const releases = () =>
  fetchMock.mock.calls
    .filter(([input, init]) => init?.method === 'POST' && String(input).endsWith('/release'))
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown)
const show = (request: RequestDetail) => renderRoutes([{ path: '/', element: <DocumentsSection request={request} /> }], '/')
const chooseFile = (name: string) =>
  userEvent.upload(
    document.querySelector<HTMLInputElement>('input[type="file"]')!,
    new File(['%PDF-1.4'], name, { type: 'application/pdf' }),
  )

describe('the documents of a records request', () => {
  it('lists each document with its pages, its exemptions and a step to mark one', async () => {
    const user = userEvent.setup()
    show(makeRequest({ documents: [warrants], actions: { ...actions, markExemption: true } }))
    const row = within(screen.getByRole('table', { name: 'Documents' })).getByRole('row', { name: /acme-warrants\.pdf/ })
    expect(within(row).getByRole('cell', { name: '3' })).toBeInTheDocument()
    expect(row).toHaveTextContent('page 2: Gov. Code § 7927.705 (Personnel records)')
    expect(within(row).getByRole('button', { name: 'Download acme-warrants.pdf' })).toBeInTheDocument()
    await user.click(within(row).getByRole('button', { name: 'Mark an exemption on acme-warrants.pdf' }))
    const dialog = await screen.findByRole('dialog', { name: 'Mark an exemption on acme-warrants.pdf' })
    expect(within(dialog).getByText('The document has 3 pages.')).toBeInTheDocument()
  })

  it('uploads a record through its request, never as a bare attachment', async () => {
    show(makeRequest({ actions: { ...actions, upload: true } }))
    expect(screen.getByText('No records uploaded yet.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Upload a record' })).toBeInTheDocument()
    await chooseFile('acme-warrants.pdf')
    await waitFor(() => expect(posts()).toHaveLength(1))
    const [sent] = posts()
    expect(sent!.pathname).toBe('/api/records-requests/12/documents')
    expect(sent!.searchParams.get('fileName')).toBe('acme-warrants.pdf')
  })

  it('shows the request’s refusal of an upload in words', async () => {
    uploadAnswer = () => jsonResponse(409, { error: 'The request is closed: reopen it to add records.', code: 'request_closed' })
    show(makeRequest({ actions: { ...actions, upload: true } }))
    await chooseFile('late.pdf')
    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('The file was not added')
    expect(alert).toHaveTextContent('The request is closed: reopen it to add records.')
  })

  it('offers no upload and no marking on a request that does not allow them', () => {
    show(makeRequest({ state: 'CLOSED', documents: [warrants] }))
    expect(screen.queryByRole('button', { name: 'Upload a record' })).toBeNull()
    expect(screen.queryByRole('button', { name: /Mark an exemption/ })).toBeNull()
    expect(screen.getByRole('table', { name: 'Documents' })).toHaveTextContent('acme-warrants.pdf')
  })

  it('shows whether each document is released, with when and by whom', () => {
    const released = makeDocument({
      id: 6,
      fileName: 'board-minutes.pdf',
      releasedAt: '2026-03-09T18:00:00.000Z',
      releasedByName: 'Cy Custodian',
    })
    show(makeRequest({ documents: [warrants, released] }))
    const table = screen.getByRole('table', { name: 'Documents' })
    expect(within(table).getByRole('row', { name: /acme-warrants\.pdf/ })).toHaveTextContent('Not released')
    const row = within(table).getByRole('row', { name: /board-minutes\.pdf/ })
    expect(within(row).getByText('Released')).toBeInTheDocument()
    expect(row).toHaveTextContent(/Mar 9, 2026 .*, by Cy Custodian/)
    expect(screen.queryByRole('button', { name: /^(Release|Withdraw) / })).toBeNull()
  })

  it('says why no document can be released yet, in the server’s words, to those who release them', () => {
    const reason = 'PRR-2026-0012 is received: a document is released to the requester only once the request is determined.'
    show(makeRequest({ documents: [warrants], stepReasons: { release: reason } }))
    expect(screen.getByRole('region', { name: 'Documents' })).toHaveTextContent(`Not released to the requester yet: ${reason}`)
    expect(screen.queryByRole('button', { name: 'Release acme-warrants.pdf' })).toBeNull()
  })

  it('releases a document after asking, through its release route with released: true', async () => {
    const user = userEvent.setup()
    show(makeRequest({ documents: [warrants], actions: { ...actions, release: true } }))
    await user.click(screen.getByRole('button', { name: 'Release acme-warrants.pdf' }))
    const dialog = await screen.findByRole('dialog', { name: 'Release to the requester' })
    expect(dialog).toHaveTextContent('Release acme-warrants.pdf to the requester of PRR-2026-0012?')
    expect(releases()).toEqual([])
    await user.click(within(dialog).getByRole('button', { name: 'Release' }))
    await waitFor(() => expect(releases()).toEqual([{ released: true }]))
  })

  it('withdraws a released document only once the person confirms, and shows a refusal in the server’s words', async () => {
    const user = userEvent.setup()
    releaseAnswer = () =>
      jsonResponse(409, { error: 'A document is released only once the request is determined with records to disclose.', code: 'conflict' })
    const released = makeDocument({ releasedAt: '2026-03-09T18:00:00.000Z', releasedByName: 'Cy Custodian' })
    show(makeRequest({ documents: [released], actions: { ...actions, release: true } }))
    await user.click(screen.getByRole('button', { name: 'Withdraw acme-warrants.pdf' }))
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw from release' })
    expect(dialog).toHaveTextContent('The requester can no longer download it from their tracking page')
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(releases()).toEqual([])

    await user.click(screen.getByRole('button', { name: 'Withdraw acme-warrants.pdf' }))
    await user.click(within(await screen.findByRole('dialog', { name: 'Withdraw from release' })).getByRole('button', { name: 'Withdraw' }))
    await waitFor(() => expect(releases()).toEqual([{ released: false }]))
    expect(await within(screen.getByRole('dialog')).findByRole('alert')).toHaveTextContent(
      'A document is released only once the request is determined with records to disclose.',
    )
  })
})
