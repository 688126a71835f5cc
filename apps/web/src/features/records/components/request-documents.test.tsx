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

beforeEach(() => {
  uploadAnswer = () => jsonResponse(200, { data: makeRequest({ documents: [warrants] }) })
  fetchMock = stubApi((url, init) => {
    if (url.pathname === '/api/records-exemptions') return jsonResponse(200, { data: [] })
    if (url.pathname === '/api/records-requests/12/documents' && init?.method === 'POST') return uploadAnswer()
    return undefined
  }, me)
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const posts = () =>
  fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST').map(([input]) => new URL(String(input), 'http://localhost'))
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
})
