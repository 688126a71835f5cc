import {
  DSA_PAGE_SIZE,
  DsaStatsSchema,
  ScrapeRunSchema,
  ScrapeRunsResponseSchema,
  StartScrapeResponseSchema,
  type DsaStatus,
  type ScrapeRun,
} from '@platform/contracts/dsa'
import { keepPreviousData, queryOptions, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, requestFile } from '@/lib/api-client'
import { saveBlob, todayStamp } from '@/lib/download'
import { normaliseProjects, ProjectsPayloadSchema } from '../utils/projects-response'
import type { Sort } from '../utils/sort'

export type ProjectSort = Sort
export type DsaSortField = Sort['sort']

/** The Database View filters as sent (an empty string means "any"). */
export interface ProjectFilters {
  clientId: string
  status: DsaStatus | ''
  search: string
}

/** While a run is RUNNING its progress is read about once a second. */
export const RUN_POLL_MS = 1_000
/** How many of the latest runs the Scraper tab lists, and how often it reads them again. */
export const RECENT_RUNS_LIMIT = 5
export const RECENT_RUNS_REFRESH_MS = 30_000

export const dsaKeys = {
  all: ['dsa'] as const,
  projects: ['dsa', 'projects'] as const,
  projectList: (filters: ProjectFilters, sort: ProjectSort, offset: number) => ['dsa', 'projects', filters, sort, offset] as const,
  stats: ['dsa', 'stats'] as const,
  runs: ['dsa', 'runs'] as const,
  run: (runId: number) => ['dsa', 'run', runId] as const,
}

/**
 * GET /api/dsa-projects: one page of 50, filtered and sorted on the server; the previous page stays while the next loads.
 * `enabled` is false while a filter is one the server would refuse.
 */
export const useDsaProjects = (filters: ProjectFilters, sort: ProjectSort, offset: number, enabled = true) =>
  useQuery({
    enabled,
    queryKey: dsaKeys.projectList(filters, sort, offset),
    queryFn: async ({ signal }) => {
      const body = await api.get('/api/dsa-projects', ProjectsPayloadSchema, {
        query: { limit: DSA_PAGE_SIZE, offset, ...filters, ...sort },
        signal,
      })
      return normaliseProjects(body, { limit: DSA_PAGE_SIZE, offset })
    },
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  })

/** GET /api/dsa-stats. */
export const useDsaStats = () =>
  useQuery({
    queryKey: dsaKeys.stats,
    queryFn: ({ signal }) => api.get('/api/dsa-stats', DsaStatsSchema, { signal }),
    staleTime: 10_000,
  })

// A module-level select keeps the selected list's identity stable between renders.
const selectRuns = (response: { data: ScrapeRun[] }) => response.data

const recentRunsQuery = queryOptions({
  queryKey: dsaKeys.runs,
  queryFn: ({ signal }) => api.get('/api/dsa-scrape-runs', ScrapeRunsResponseSchema, { query: { limit: RECENT_RUNS_LIMIT }, signal }),
  staleTime: 5_000,
  // Read again now and then, so a run the schedule starts while the page is open shows up.
  refetchInterval: RECENT_RUNS_REFRESH_MS,
})

const selectDelay = (response: { requestDelayMs: number }) => response.requestDelayMs

/** GET /api/dsa-scrape-runs: the latest runs of every client, newest first (runs started elsewhere included). */
export const useRecentScrapeRuns = () => useQuery({ ...recentRunsQuery, select: selectRuns })

/** The server's pause between two requests to the tracker, from the same answer. */
export const useScrapeRequestDelay = () => useQuery({ ...recentRunsQuery, select: selectDelay })

/** GET /api/dsa-scrape-runs/:runId, read again every second while the run is RUNNING. */
const scrapeRunQuery = (runId: number) =>
  queryOptions({
    queryKey: dsaKeys.run(runId),
    queryFn: ({ signal }) => api.get(`/api/dsa-scrape-runs/${runId}`, ScrapeRunSchema, { signal }),
    refetchInterval: (query) => (query.state.data?.status === 'RUNNING' ? RUN_POLL_MS : false),
    // Polling keeps a running run current; a finished run never changes again.
    staleTime: Infinity,
  })

/** The progress of each watched run, in the order of `runIds`. */
export const useWatchedRuns = (runIds: readonly number[]) => useQueries({ queries: runIds.map(scrapeRunQuery) })

/**
 * POST /api/dsa-scrape {clientId}: the server answers at once with the new run, which is cached so its progress shows
 * without waiting for the first poll. A refusal (409: a run of that client is already going) reloads the recent runs,
 * so the run that is going shows up.
 */
export function useStartScrape() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (clientId: string) => api.post('/api/dsa-scrape', StartScrapeResponseSchema, { clientId }),
    onSuccess: ({ run }) => {
      queryClient.setQueryData(dsaKeys.run(run.id), run)
      void queryClient.invalidateQueries({ queryKey: dsaKeys.runs })
    },
    onError: () => void queryClient.invalidateQueries({ queryKey: dsaKeys.runs }),
  })
}

/** GET /api/dsa-export with the current filters (not the page or the sort), saved as dsa_projects_{yyyy-mm-dd}.csv. */
export async function exportDsaProjects(filters: ProjectFilters): Promise<void> {
  const { blob } = await requestFile('/api/dsa-export', { query: { ...filters }, accept: 'text/csv' })
  saveBlob(blob, `dsa_projects_${todayStamp()}.csv`)
}
