import {
  RefreshDomainResponseSchema,
  StateHistoryResponseSchema,
  WeblogicStatusResponseSchema,
  type WeblogicStatusResponse,
} from '@platform/contracts/monitoring'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api } from '@/lib/api-client'
import { replaceDomain } from '../utils/monitoring'

/** The status is polled every 60 s, as often as the server refreshes its cache. */
export const POLL_INTERVAL_MS = 60_000

/** How many changes the history modal asks for (the newest ones). */
export const HISTORY_LIMIT = 50

export const monitoringKeys = {
  status: ['monitoring', 'weblogic-status'] as const,
  allHistory: ['monitoring', 'weblogic-history'] as const,
  history: (domain: string) => ['monitoring', 'weblogic-history', domain] as const,
}

const STATUS_PATH = '/api/weblogic-status'
const HISTORY_PATH = '/api/weblogic-history'

/** GET /api/weblogic-status, polled every 60 s (served from the server's per-domain cache). */
export const useWeblogicStatus = () =>
  useQuery({
    queryKey: monitoringKeys.status,
    queryFn: ({ signal }) => api.get(STATUS_PATH, WeblogicStatusResponseSchema, { signal }),
    refetchInterval: POLL_INTERVAL_MS,
    staleTime: 10_000,
  })

/** GET /api/weblogic-history?domain=…: the domain's latest state changes, newest first; asked for while `enabled`. */
export const useStateHistory = (domain: string, enabled: boolean) =>
  useQuery({
    queryKey: monitoringKeys.history(domain),
    queryFn: ({ signal }) => api.get(HISTORY_PATH, StateHistoryResponseSchema, { query: { domain, limit: HISTORY_LIMIT }, signal }),
    select: (response) => response.data,
    enabled,
  })

/** 'Refresh All': GET /api/weblogic-status?refresh=true reads every domain again; the answer replaces the cached status. */
export function useRefreshAll() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api.get(STATUS_PATH, WeblogicStatusResponseSchema, { query: { refresh: true } }),
    onSuccess: async (status) => {
      await queryClient.cancelQueries({ queryKey: monitoringKeys.status })
      queryClient.setQueryData<WeblogicStatusResponse>(monitoringKeys.status, status)
      // A fresh read may have recorded changes.
      void queryClient.invalidateQueries({ queryKey: monitoringKeys.allHistory })
    },
  })
}

/**
 * A domain's own Refresh: POST /api/weblogic-status {serverName, forceRefresh: true}. The fresh domain replaces its card at
 * once; the status is then read again (from the server's cache) so the summary and the cache line agree with it.
 */
export function useRefreshDomain() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (domain: string) => api.post(STATUS_PATH, RefreshDomainResponseSchema, { serverName: domain, forceRefresh: true }),
    onSuccess: async ({ data }) => {
      await queryClient.cancelQueries({ queryKey: monitoringKeys.status })
      // The cache figures (and so the countdown) still date from the last full read until the status is read again.
      const updatedAt = queryClient.getQueryState(monitoringKeys.status)?.dataUpdatedAt
      queryClient.setQueryData<WeblogicStatusResponse>(
        monitoringKeys.status,
        (status) => (status ? replaceDomain(status, data) : status),
        updatedAt ? { updatedAt } : undefined,
      )
      void queryClient.invalidateQueries({ queryKey: monitoringKeys.status })
      void queryClient.invalidateQueries({ queryKey: monitoringKeys.history(data.domain) })
    },
  })
}
