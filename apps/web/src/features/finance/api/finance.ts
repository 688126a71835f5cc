import {
  AccountSearchResponseSchema,
  ChartImportResponseSchema,
  type ExceptionInputSchema,
  ExceptionListResponseSchema,
  ExceptionResponseSchema,
  FinanceSettingsResponseSchema,
  type FinanceWindowInput,
  type PostingAccounts,
  MyQueueResponseSchema,
  SeparationRefusalListResponseSchema,
  SiteListResponseSchema,
  SiteResponseSchema,
  type SiteInput,
} from '@platform/contracts/finance'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { api } from '@/lib/api-client'

export const financeKeys = {
  sites: ['finance', 'sites'] as const,
  accounts: (search: string) => ['finance', 'accounts', search] as const,
  myQueue: ['finance', 'my-queue'] as const,
  settings: ['finance', 'settings'] as const,
  exceptions: ['finance', 'exceptions'] as const,
  refusals: ['finance', 'separation-refusals'] as const,
}

/** GET /api/finance/settings: the district's time zone, current fiscal year and posting accounts. */
export const useFinanceSettings = () =>
  useQuery({
    queryKey: financeKeys.settings,
    queryFn: ({ signal }) => api.get('/api/finance/settings', FinanceSettingsResponseSchema, { signal }),
    staleTime: 60_000,
  })

/** PUT /api/finance/settings/posting-accounts (each account is checked against the chart). */
export function useSavePostingAccounts() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (input: PostingAccounts) => api.put('/api/finance/settings/posting-accounts', FinanceSettingsResponseSchema, input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['finance'] }),
  })
}

/** PUT /api/finance/settings/window: the earliest fiscal year whose dates the platform takes. */
export function useSaveDateWindow() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (input: FinanceWindowInput) => api.put('/api/finance/settings/window', FinanceSettingsResponseSchema, input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['finance'] }),
  })
}

/** GET /api/finance/sites */
export const useSites = () =>
  useQuery({
    queryKey: financeKeys.sites,
    queryFn: ({ signal }) => api.get('/api/finance/sites', SiteListResponseSchema, { signal }),
    select: (response) => response.data,
    staleTime: 60_000,
  })

/** POST /api/finance/sites or PUT /api/finance/sites/{id} */
export function useSaveSite() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id: number | null; input: SiteInput }) =>
      id === null
        ? api.post('/api/finance/sites', SiteResponseSchema, input)
        : api.put(`/api/finance/sites/${id}`, SiteResponseSchema, input),
    onSuccess: () => client.invalidateQueries({ queryKey: financeKeys.sites }),
  })
}

/** GET /api/finance/accounts?search= (any part of the string or a segment's name). */
export const useAccountSearch = (search: string) =>
  useQuery({
    queryKey: financeKeys.accounts(search),
    queryFn: ({ signal }) => api.get('/api/finance/accounts', AccountSearchResponseSchema, { query: { search, limit: 20 }, signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  })

/** POST /api/finance/accounts/import (a preview) or ?apply=true, with the CSV file as it is. */
export function useChartImport() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: ({ file, apply }: { file: Blob; apply: boolean }) =>
      api.post('/api/finance/accounts/import', ChartImportResponseSchema, undefined, {
        rawBody: file,
        contentType: 'text/csv',
        query: { apply },
      }),
    onSuccess: (_result, { apply }) => (apply ? client.invalidateQueries({ queryKey: ['finance'] }) : undefined),
  })
}

/** GET /api/my-queue */
export const useMyQueue = () =>
  useQuery({
    queryKey: financeKeys.myQueue,
    queryFn: ({ signal }) => api.get('/api/my-queue', MyQueueResponseSchema, { signal }),
    select: (response) => response.data,
    staleTime: 30_000,
  })

/** GET /api/finance/separation-refusals: the latest steps refused for separation of duties (administrators). */
export const useSeparationRefusals = () =>
  useQuery({
    queryKey: financeKeys.refusals,
    queryFn: ({ signal }) => api.get('/api/finance/separation-refusals', SeparationRefusalListResponseSchema, { signal }),
  })

/** GET /api/finance/exceptions: every separation-of-duties exception recorded, used or not (administrators). */
export const useSeparationExceptions = () =>
  useQuery({
    queryKey: financeKeys.exceptions,
    queryFn: ({ signal }) => api.get('/api/finance/exceptions', ExceptionListResponseSchema, { signal }),
  })

/** POST /api/finance/exceptions (super administrators): lets one person take one step on one record, once. */
export function useRecordException() {
  const client = useQueryClient()
  return useMutation({
    mutationFn: (input: z.input<typeof ExceptionInputSchema>) => api.post('/api/finance/exceptions', ExceptionResponseSchema, input),
    onSuccess: () => client.invalidateQueries({ queryKey: ['finance'] }),
  })
}
