import { DashboardOverviewSchema } from '@platform/contracts/dashboard'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '@/lib/api-client'

export const dashboardKeys = { overview: ['dashboard', 'overview'] as const }

export const dashboardOverviewQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.overview,
    queryFn: ({ signal }) => api.get('/api/dashboard/overview', DashboardOverviewSchema, { signal }),
    staleTime: 30_000,
  })

/** GET /api/dashboard/overview: the person's figures; each section null when their duties do not give it. */
export const useDashboardOverview = () => useQuery(dashboardOverviewQueryOptions())
