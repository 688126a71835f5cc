import { Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'
import { errorMessage } from '@/lib/api-client'
import { FailureAlert } from '../failure-alert'
import { LoadingState } from '../loading-state'
import { Pager, type PagerProps } from './pager'

/** What a list screen's query hands over: one page of rows and the whole count (the API's paged answer). */
export interface PagedQuery<Row> {
  data?: { data: Row[]; pagination: { total: number }; totalCapped?: boolean }
  error: unknown
  isError: boolean
  isPending: boolean
  isFetching: boolean
  /** Failed tries so far: while it is being tried again the loader says so. */
  failureCount?: number
  refetch: () => unknown
}

export interface ListResultsProps<Row> {
  query: PagedQuery<Row>
  /** What the rows are, plural and lower case ("messages"): the pager's words and the empty text. */
  noun: string
  /** Names the list in the failure text ("Failed to load the mail log: …") and the loader's label. */
  title: string
  /** True when a filter is set: the empty text then suggests clearing them. */
  filtered: boolean
  /** The rows as a table (or cards); `busy` while a newer page is on its way. */
  children: (rows: Row[], busy: boolean) => ReactNode
  pager: Omit<PagerProps, 'total' | 'noun' | 'disabled' | 'totalIsLowerBound'>
}

/**
 * The body of a paged list screen, the same on every one: the failure with its reason and a way to try again, a
 * loader, an empty state that says whether the filters are why, the rows, and the pager.
 */
export function ListResults<Row>({ query, noun, title, filtered, children, pager }: ListResultsProps<Row>) {
  const rows = query.data?.data ?? []
  const total = query.data?.pagination.total ?? 0
  let body: ReactNode
  if (query.isError) {
    body = (
      <FailureAlert
        message={`Failed to load ${title}: ${errorMessage(query.error, query.error instanceof Error ? query.error.message : undefined)}`}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    )
  } else if (query.isPending) {
    body = <LoadingState label={`Loading ${title}`} query={query} />
  } else if (rows.length === 0) {
    body = (
      <Stack align="center" gap={4} py="xl">
        <Text fw={600}>{`No ${noun} found`}</Text>
        {filtered ? (
          <Text size="sm" c="dimmed">
            Try another search or clear the filters.
          </Text>
        ) : null}
      </Stack>
    )
  } else {
    body = children(rows, query.isFetching)
  }
  return (
    <>
      {body}
      {query.data && total > 0 ? (
        <Pager {...pager} total={total} noun={noun} disabled={query.isFetching} totalIsLowerBound={query.data.totalCapped ?? false} />
      ) : null}
    </>
  )
}
