import { MantineProvider } from '@mantine/core'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ApiError } from '@/lib/api-client'
import { ListResults, type PagedQuery } from './list-results'

const query = (over: Partial<PagedQuery<string>>): PagedQuery<string> => ({
  error: null,
  isError: false,
  isPending: false,
  isFetching: false,
  refetch: vi.fn(),
  ...over,
})

const show = (state: PagedQuery<string>, filtered = false) =>
  render(
    <MantineProvider env="test">
      <ListResults
        query={state}
        noun="messages"
        title="the mail log"
        filtered={filtered}
        pager={{ limit: 2, offset: 0, onOffsetChange: vi.fn() }}
      >
        {(rows) => (
          <ul>
            {rows.map((row) => (
              <li key={row}>{row}</li>
            ))}
          </ul>
        )}
      </ListResults>
    </MantineProvider>,
  )

describe('ListResults', () => {
  it("says what failed in the server's words, and tries again on request", async () => {
    const state = query({ isError: true, error: new ApiError(503, 'database_unavailable', 'The database is not available.', true) })
    show(state)
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load the mail log: The database is not available.')
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }))
    expect(state.refetch).toHaveBeenCalledOnce()
  })

  it('shows a loader while the first page comes', () => {
    show(query({ isPending: true }))
    expect(screen.getByLabelText('Loading the mail log')).toBeInTheDocument()
  })

  it('says the list is empty, and suggests clearing the filters only when some are set', () => {
    const empty = query({ data: { data: [], pagination: { total: 0 } } })
    const { unmount } = show(empty)
    expect(screen.getByText('No messages found')).toBeInTheDocument()
    expect(screen.queryByText('Try another search or clear the filters.')).toBeNull()
    unmount()
    show(empty, true)
    expect(screen.getByText('Try another search or clear the filters.')).toBeInTheDocument()
  })

  it('hands the rows over and pages them, "or more" when the server stopped counting', () => {
    show(query({ data: { data: ['first', 'second'], pagination: { total: 10_000 }, totalCapped: true } }))
    expect(screen.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['first', 'second'])
    expect(screen.getByText('Showing 1–2 of 10,000 or more messages')).toBeInTheDocument()
  })

  it('names a single row in the singular', () => {
    show(query({ data: { data: ['only'], pagination: { total: 1 } } }))
    expect(screen.getByText('Showing 1–1 of 1 message')).toBeInTheDocument()
  })
})
