import type { ArchiveEntry, TrackingView } from '@platform/contracts/records-portal'
import type { ReactElement } from 'react'
import { Outlet } from 'react-router'
import { vi } from 'vitest'
import { renderRoutes } from '@/test/render'
import { PortalFrame } from '../components/portal-frame'

/** What a page's call gets: a response, or undefined for the API's 404. */
export type PortalAnswer = (url: URL, init: RequestInit | undefined) => Response | Promise<Response> | undefined

/** Stubs fetch for the public (nobody signed in); the info call answers unless `answer` does. */
export function stubPortalApi(answer: PortalAnswer, info: Partial<{ archiveEnabled: boolean; districtName: string }> = {}) {
  const fetchMock = vi.fn<typeof fetch>(async (input, init) => {
    const url = new URL(String(input), 'http://localhost')
    const given = await answer(url, init)
    if (given) return given
    if (url.pathname === '/api/public-records/info')
      return json(200, {
        data: {
          districtName: info.districtName ?? 'Harbor Unified School District',
          intro: 'Harbor Unified keeps records of its schools and offices.',
          archiveEnabled: info.archiveEnabled ?? false,
          maxDescriptionLength: 20_000,
        },
      })
    return json(404, { error: 'This could not be found.', code: 'not_found' })
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

export function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } })
}

/** The calls the page made with this method, as URL, headers and parsed body. */
export function callsOf(fetchMock: ReturnType<typeof stubPortalApi>, method: string) {
  return fetchMock.mock.calls
    .filter(([, init]) => (init?.method ?? 'GET') === method)
    .map(([input, init]) => ({
      url: String(input),
      headers: new Headers(init?.headers),
      body: init?.body ? (JSON.parse(String(init.body)) as Record<string, unknown>) : undefined,
    }))
}

/** Renders a public page in the portal's frame at `path` (its fragment included). */
export function renderPortal(routePath: string, page: ReactElement, path: string) {
  return renderRoutes(
    [
      {
        element: (
          <PortalFrame>
            <Outlet />
          </PortalFrame>
        ),
        children: [{ path: routePath, element: page }],
      },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    path,
  )
}

export const TOKEN = 'k3Jx9Qm2Vb7Lp0Rt5Wz8Yc1Nd4Hf6Gs-Ae_Ui2Oo3'

export function makeTracking(overrides: Partial<TrackingView> = {}): TrackingView {
  return {
    number: 'PRR-2026-0007',
    districtName: 'Harbor Unified School District',
    state: 'DETERMINED',
    stateText: 'The district has decided on your request and is preparing the records.',
    receivedOn: '2026-11-12',
    countedFrom: '2026-11-13',
    dueOn: '2026-11-30',
    dueInWords: 'Monday, November 30, 2026',
    extension: {
      dueOn: '2026-12-14',
      days: 14,
      reasonText: 'the need to search for and collect the requested records from field facilities',
    },
    outcome: 'PARTIAL',
    outcomeText: 'Some records are disclosed; some are withheld.',
    determinedOn: '2026-11-25',
    estimatedProductionOn: '2026-12-10',
    closedOn: null,
    text: 'Warrants paid to Acme Paving in 2025.',
    clarifiedText: null,
    preferredFormat: 'ELECTRONIC',
    letters: [
      {
        id: 3,
        kind: 'DETERMINATION',
        kindText: 'Determination letter',
        issuedOn: '2026-11-25',
        signatoryName: 'Dana Custodian',
        signatoryTitle: 'Records Officer',
      },
    ],
    documents: [{ id: 9, fileName: 'warrants-2025-redacted.pdf', pageCount: 12, sizeBytes: 245_760, releasedOn: '2026-12-01' }],
    messages: [
      { id: 1, from: 'REQUESTER', body: 'Could you include the change orders?', at: '2026-11-20T18:00:00.000Z' },
      { id: 2, from: 'DISTRICT', body: 'Yes, they are part of the release.', at: '2026-11-21T17:30:00.000Z' },
    ],
    linkValidUntil: null,
    ...overrides,
  }
}

export function makeArchiveEntry(overrides: Partial<ArchiveEntry> = {}): ArchiveEntry {
  return {
    number: 'PRR-2026-0003',
    summary: 'Contracts with bus companies, 2024 to 2026.',
    receivedOn: '2026-03-02',
    determinedOn: '2026-03-12',
    closedOn: '2026-04-01',
    outcome: 'DISCLOSABLE',
    outcomeText: null,
    documents: [{ id: 4, fileName: 'bus-contracts.pdf', pageCount: 30, sizeBytes: 1_572_864 }],
    ...overrides,
  }
}
