import {
  RecipientCandidatesSchema,
  SubscriptionListSchema,
  SubscriptionRunListSchema,
  SubscriptionSchema,
  UnsubscribeResultSchema,
  type SubscriptionInput,
  type SubscriptionUpdate,
} from '@platform/contracts/report-subscriptions'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { api } from '@/lib/api-client'

export const subscriptionKeys = {
  all: ['reports', 'subscriptions'] as const,
  list: (reportId: number | null) => ['reports', 'subscriptions', 'list', reportId] as const,
  one: (subscriptionId: number) => ['reports', 'subscriptions', 'one', subscriptionId] as const,
  runs: (subscriptionId: number) => ['reports', 'subscriptions', 'runs', subscriptionId] as const,
  recipients: (reportId: number, search: string) => ['reports', 'subscriptions', 'recipients', reportId, search] as const,
}

/**
 * GET /api/reportsubscriptions (?reportId= for one report's): the subscriptions the person may see, those they made,
 * receive, or manage as the report's owner or an administrator.
 */
export const useSubscriptions = (reportId: number | null) =>
  useQuery({
    queryKey: subscriptionKeys.list(reportId),
    queryFn: async ({ signal }) =>
      (await api.get('/api/reportsubscriptions', SubscriptionListSchema, { query: { reportId: reportId ?? undefined }, signal }))
        .subscriptions,
    staleTime: 10_000,
  })

/** GET /api/reportsubscriptions/:id (a link of a subscription opens its report with its values); null asks nothing. */
export const useSubscription = (subscriptionId: number | null) =>
  useQuery({
    enabled: subscriptionId !== null,
    queryKey: subscriptionKeys.one(subscriptionId ?? 0),
    queryFn: ({ signal }) => api.get(`/api/reportsubscriptions/${subscriptionId}`, SubscriptionSchema, { signal }),
    retry: false,
  })

/** GET /api/reportsubscriptions/:id/runs: the deliveries, newest first; null asks nothing. */
export const useSubscriptionRuns = (subscriptionId: number | null) =>
  useQuery({
    enabled: subscriptionId !== null,
    queryKey: subscriptionKeys.runs(subscriptionId ?? 0),
    queryFn: async ({ signal }) =>
      (await api.get(`/api/reportsubscriptions/${subscriptionId}/runs`, SubscriptionRunListSchema, { signal })).runs,
  })

export type { RecipientCandidate } from '@platform/contracts/report-subscriptions'

/**
 * GET /api/reportsubscriptions/recipients?reportId=&search=: the active people who may view the report (the only ones
 * who may receive it), matching what was typed; the server offers a bounded number.
 */
export const useRecipientCandidates = (reportId: number, search: string) =>
  useQuery({
    queryKey: subscriptionKeys.recipients(reportId, search),
    queryFn: async ({ signal }) =>
      (
        await api.get('/api/reportsubscriptions/recipients', RecipientCandidatesSchema, {
          query: { reportId, search: search || undefined },
          signal,
        })
      ).people,
    staleTime: 30_000,
  })

// Pausing and deleting are followed by reading the list again, so their answers' bodies are not needed here.
const AnyAnswerSchema = z.unknown()

function useInvalidateSubscriptions() {
  const queryClient = useQueryClient()
  return () => void queryClient.invalidateQueries({ queryKey: subscriptionKeys.all })
}

export type SaveSubscriptionVariables =
  { subscriptionId: null; input: SubscriptionInput } | { subscriptionId: number; input: SubscriptionUpdate }

/** POST /api/reportsubscriptions (a new one) or PUT /api/reportsubscriptions/:id (a change, with the version read). */
export function useSaveSubscription() {
  const invalidate = useInvalidateSubscriptions()
  return useMutation({
    mutationFn: (variables: SaveSubscriptionVariables) =>
      variables.subscriptionId === null
        ? api.post('/api/reportsubscriptions', SubscriptionSchema, variables.input)
        : api.put(`/api/reportsubscriptions/${variables.subscriptionId}`, SubscriptionSchema, variables.input),
    onSuccess: invalidate,
  })
}

/** POST /api/reportsubscriptions/:id/pause with {paused}: pauses or resumes the deliveries. */
export function usePauseSubscription() {
  const invalidate = useInvalidateSubscriptions()
  return useMutation({
    mutationFn: ({ subscriptionId, paused }: { subscriptionId: number; paused: boolean }) =>
      api.post(`/api/reportsubscriptions/${subscriptionId}/pause`, AnyAnswerSchema, { paused }),
    onSuccess: invalidate,
  })
}

/** DELETE /api/reportsubscriptions/:id. */
export function useDeleteSubscription() {
  const invalidate = useInvalidateSubscriptions()
  return useMutation({
    mutationFn: (subscriptionId: number) => api.delete(`/api/reportsubscriptions/${subscriptionId}`, AnyAnswerSchema),
    onSuccess: invalidate,
  })
}

/** POST /api/public/report-subscriptions/unsubscribe: the secret of the e-mailed link, without a session. */
export function useUnsubscribe() {
  return useMutation({
    mutationFn: (token: string) =>
      api.post('/api/public/report-subscriptions/unsubscribe', UnsubscribeResultSchema, { token }, { token: null, skipAuthRedirect: true }),
  })
}
