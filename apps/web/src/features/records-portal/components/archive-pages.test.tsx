import { screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { callsOf, json, makeArchiveEntry, renderPortal, stubPortalApi, type PortalAnswer } from '../test/portal-test-kit'
import { ArchiveEntryPage } from './archive-entry-page'
import { ArchivePage } from './archive-page'

const OFF = 'The district does not publish an archive of its requests.'

beforeEach(() => {
  Object.defineProperty(URL, 'createObjectURL', { configurable: true, value: () => 'blob:portal-file' })
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, value: () => {} })
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const off: PortalAnswer = (url) =>
  url.pathname.startsWith('/api/public-records/archive') ? json(404, { error: OFF, code: 'archive_off' }) : undefined

const second = makeArchiveEntry({
  number: 'PRR-2026-0005',
  summary: 'Playground inspection reports.',
  outcome: 'NO_RECORDS',
  documents: [],
})
const on: PortalAnswer = (url) => {
  if (url.pathname === '/api/public-records/archive') {
    const search = url.searchParams.get('search')
    const data = search ? [second] : [makeArchiveEntry(), second]
    return json(200, { data, pagination: { total: data.length, limit: 25, offset: 0 } })
  }
  if (url.pathname === '/api/public-records/archive/PRR-2026-0003') return json(200, { data: makeArchiveEntry() })
  if (url.pathname === '/api/public-records/archive/PRR-2026-0003/documents/4')
    return new Response(new Blob(['%PDF-1.7']), { status: 200, headers: { 'Content-Type': 'application/pdf' } })
  return undefined
}

describe('the public archive', () => {
  it('while off, says the server’s sentence and lists nothing', async () => {
    stubPortalApi(off)
    renderPortal('/public-records/archive', <ArchivePage />, '/public-records/archive')
    expect(await screen.findByText(OFF)).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Public records archive' })).toBeInTheDocument()
    expect(screen.queryByRole('search')).not.toBeInTheDocument()
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('while off, an entry’s page says the same', async () => {
    stubPortalApi(off)
    renderPortal('/public-records/archive/:number', <ArchiveEntryPage />, '/public-records/archive/PRR-2026-0003')
    expect(await screen.findByText(OFF)).toBeInTheDocument()
  })

  it('lists the published requests, searches them and pages through them', async () => {
    const fetchMock = stubPortalApi(on)
    const user = userEvent.setup()
    const { router } = renderPortal('/public-records/archive', <ArchivePage />, '/public-records/archive')
    const list = await screen.findByRole('list', { name: 'Published requests' })
    expect(within(list).getByRole('link', { name: 'PRR-2026-0003' })).toHaveAttribute('href', '/public-records/archive/PRR-2026-0003')
    expect(within(list).getByText('Contracts with bus companies, 2024 to 2026.')).toBeInTheDocument()
    expect(within(list).getByText(/closed Wed Apr 1, 2026 · Disclosable · 1 released document/)).toBeInTheDocument()
    expect(within(list).getByText(/No records/)).toBeInTheDocument()
    expect(screen.getByText('Showing 1–2 of 2 requests')).toBeInTheDocument()
    expect(document.title).toBe('Archive of requests · Harbor Unified School District public records')

    await user.type(screen.getByRole('textbox', { name: /Search the archive/ }), 'playground')
    await user.click(screen.getByRole('button', { name: 'Search' }))
    await waitFor(() => expect(screen.getByText('Showing 1–1 of 1 request')).toBeInTheDocument())
    expect(router.state.location.search).toBe('?search=playground')
    const searched = callsOf(fetchMock, 'GET').filter((call) => call.url.startsWith('/api/public-records/archive?'))
    expect(searched.at(-1)!.url).toBe('/api/public-records/archive?search=playground&limit=25&offset=0')
    expect(searched.every((call) => call.headers.get('Authorization') === null)).toBe(true)
  })

  it('shows one entry with its released document, downloaded by GET', async () => {
    const fetchMock = stubPortalApi(on)
    const user = userEvent.setup()
    renderPortal('/public-records/archive/:number', <ArchiveEntryPage />, '/public-records/archive/PRR-2026-0003')
    expect(await screen.findByText('Contracts with bus companies, 2024 to 2026.')).toBeInTheDocument()
    expect(screen.getByRole('heading', { level: 1, name: 'Request PRR-2026-0003' })).toBeInTheDocument()
    expect(screen.getByText('Disclosable')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Download bus-contracts.pdf' }))
    await waitFor(() =>
      expect(callsOf(fetchMock, 'GET').map((call) => call.url)).toContain('/api/public-records/archive/PRR-2026-0003/documents/4'),
    )
    expect(screen.queryByText('The file could not be downloaded')).not.toBeInTheDocument()
  })
})
