import { MantineProvider } from '@mantine/core'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { lazy } from 'react'
import { Link, MemoryRouter, useLocation, useRoutes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { RouteErrorBoundary } from './route-error'

function Broken(): never {
  throw new Error('a bug in the page')
}
const Unloadable = lazy(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/page.js')))

function Pages() {
  const { pathname } = useLocation()
  const page = useRoutes([
    { path: '/broken', element: <Broken /> },
    { path: '/unloadable', element: <Unloadable /> },
    { path: '/fine', element: <p>A fine page</p> },
  ])
  return (
    <>
      <Link to="/fine">Elsewhere</Link>
      <RouteErrorBoundary resetKey={pathname}>{page}</RouteErrorBoundary>
    </>
  )
}

function renderAt(path: string) {
  return render(
    <MantineProvider env="test">
      <MemoryRouter initialEntries={[path]}>
        <Pages />
      </MemoryRouter>
    </MantineProvider>,
  )
}

// React reports a caught render error on the console as well; the boundary logs it once more.
beforeEach(() => vi.spyOn(console, 'error').mockImplementation(() => {}))
afterEach(() => vi.restoreAllMocks())

describe('RouteErrorBoundary', () => {
  it('shows that the page could not be displayed, and the next page once the person goes elsewhere', async () => {
    renderAt('/broken')
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeInTheDocument()
    expect(screen.getByText(/This page could not be displayed/)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to dashboard' })).toHaveAttribute('href', '/dashboard')
    await userEvent.click(screen.getByRole('link', { name: 'Elsewhere' }))
    expect(await screen.findByText('A fine page')).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).toBeNull()
  })

  it('asks for a reload when a page’s code cannot be loaded (a newer version was deployed)', async () => {
    renderAt('/unloadable')
    expect(await screen.findByText('A newer version of the platform is available. Please reload the page.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument()
  })
})
