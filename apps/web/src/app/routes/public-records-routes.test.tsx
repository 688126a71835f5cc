import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { renderRoutes } from '@/test/render'
import { AppRoutes } from '../router'

function stubInfo() {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = new URL(String(input), 'http://localhost')
    if (url.pathname === '/api/public-records/info')
      return new Response(
        JSON.stringify({
          data: {
            districtName: 'Harbor Unified School District',
            intro: 'What the district holds.',
            archiveEnabled: false,
            maxDescriptionLength: 20_000,
          },
        }),
        { status: 200, headers: { 'Content-Type': 'application/json' } },
      )
    return new Response(JSON.stringify({ error: 'This could not be found.', code: 'not_found' }), { status: 404 })
  })
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the public records routes', () => {
  it('open the request page without an account, in the public frame, with no staff menu', async () => {
    stubInfo()
    const { router } = renderRoutes([{ path: '*', element: <AppRoutes /> }], '/public-records')
    // The page's code loads as its own chunk, which takes a while on a busy machine.
    expect(await screen.findByRole('heading', { level: 1, name: 'Ask for public records' }, { timeout: 10_000 })).toBeInTheDocument()
    expect(await screen.findByText('Harbor Unified School District')).toBeInTheDocument()
    expect(screen.getByRole('contentinfo')).toHaveTextContent('Public records requests')
    expect(screen.queryByRole('navigation', { name: /menu/i })).not.toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/public-records')
  })

  it('answer an unknown address under the portal in the public frame, not with the sign-in page', async () => {
    stubInfo()
    const { router } = renderRoutes([{ path: '*', element: <AppRoutes /> }], '/public-records/track')
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 10_000 })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Get a new tracking link' })).toHaveAttribute('href', '/public-records/new-link')
    expect(router.state.location.pathname).toBe('/public-records/track')
  })
})
