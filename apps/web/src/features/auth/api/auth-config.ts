import { queryOptions, useQuery } from '@tanstack/react-query'
import { fetchAuthConfig } from '@/lib/auth-api'

/** GET /api/auth-config, fetched once per visit to the login pages: its loading, ready and error are the provider status. */
export const authConfigQueryOptions = queryOptions({
  queryKey: ['auth-config'] as const,
  queryFn: ({ signal }) => fetchAuthConfig(signal),
  // The configuration changes only with a server restart.
  staleTime: 10 * 60_000,
})

export const useAuthConfig = () => useQuery(authConfigQueryOptions)
