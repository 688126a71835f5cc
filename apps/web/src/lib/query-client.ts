import { QueryClient } from '@tanstack/react-query'
import { isTransientFailure } from './api-client'

/** A failed query is tried again at most this many times, and only when it may succeed (see `retryQuery`). */
export const MAX_QUERY_RETRIES = 2

/**
 * Retries only what may succeed: an unreachable server or a 503. A refusal (4xx) or a server fault (500) would fail the
 * same way again, and retrying it would only keep the person waiting before they read why.
 */
export function retryQuery(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_QUERY_RETRIES && isTransientFailure(error)
}

/** Quick retries: the failure is on screen well within two seconds when the server stays away. */
export function queryRetryDelay(attempt: number): number {
  return 300 * 2 ** attempt
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        refetchOnWindowFocus: false,
        retry: retryQuery,
        retryDelay: queryRetryDelay,
      },
      // A change is never sent twice on its own: the person decides whether to try again.
      mutations: { retry: false },
    },
  })
}
