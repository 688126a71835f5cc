import { MantineProvider } from '@mantine/core'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, fireEvent, render, screen } from '@testing-library/react'
import { useState } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { authConfig } from '@/test/auth-config'
import { jsonResponse } from '@/test/render'
import { DistrictSignInGate } from './district-sign-in-gate'

const fetchMock = vi.fn<typeof fetch>()
beforeEach(() => vi.stubGlobal('fetch', fetchMock))
afterEach(() => {
  vi.unstubAllGlobals()
  fetchMock.mockReset()
})

/** Re-renders the gate on demand, as a navigation or a parent's state change would. */
function Parent() {
  const [count, setCount] = useState(0)
  return (
    <>
      <button type="button" onClick={() => setCount((value) => value + 1)}>
        Re-render
      </button>
      <DistrictSignInGate>{() => <Page parentRenders={count} />}</DistrictSignInGate>
    </>
  )
}

function Page({ parentRenders }: { parentRenders: number }) {
  const [mountedAt] = useState(parentRenders)
  return <p>{`mounted at ${mountedAt}, now ${parentRenders}`}</p>
}

describe('DistrictSignInGate', () => {
  it('keeps the page mounted when a sign-in empties the query cache', async () => {
    fetchMock.mockImplementation(async () =>
      jsonResponse(200, authConfig({ districtSignIn: { enabled: true, domains: ['district.org'] } })),
    )
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const router = createMemoryRouter([{ path: '/login-clerk', element: <Parent /> }], { initialEntries: ['/login-clerk'] })
    render(
      <QueryClientProvider client={queryClient}>
        <MantineProvider env="test">
          <RouterProvider router={router} />
        </MantineProvider>
      </QueryClientProvider>,
    )
    expect(await screen.findByText('mounted at 0, now 0')).toBeInTheDocument()
    act(() => queryClient.clear())
    fireEvent.click(screen.getByRole('button', { name: 'Re-render' }))
    expect(screen.getByText('mounted at 0, now 1')).toBeInTheDocument()
    expect(screen.queryByText('Loading sign-in options...')).toBeNull()
  })
})
