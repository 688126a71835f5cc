import {
  DepositListResponseSchema,
  DepositResponseSchema,
  MyDutiesResponseSchema,
  ReceiptExceptionsResponseSchema,
  ReceiptListResponseSchema,
  ReceiptResponseSchema,
  RegisterResponseSchema,
  ReturnedChecksResponseSchema,
  UndepositedResponseSchema,
  type CountInput,
  type DepositInput,
  type ReceiptInput,
} from '@platform/contracts/receipts'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, requestFile } from '@/lib/api-client'

export const receiptsKeys = {
  all: ['receipts'] as const,
  duties: ['receipts', 'duties'] as const,
  list: (query: Record<string, string | number | undefined>) => ['receipts', 'list', query] as const,
  receipt: (id: number) => ['receipts', 'receipt', id] as const,
  deposits: (query: Record<string, string | number | undefined>) => ['receipts', 'deposits', query] as const,
  deposit: (id: number) => ['receipts', 'deposit', id] as const,
  register: (siteId: number, fiscalYear: string) => ['receipts', 'register', siteId, fiscalYear] as const,
  undeposited: ['receipts', 'undeposited'] as const,
  exceptions: ['receipts', 'exceptions'] as const,
  returned: ['receipts', 'returned'] as const,
}

export const useMyDuties = () =>
  useQuery({
    queryKey: receiptsKeys.duties,
    queryFn: ({ signal }) => api.get('/api/receipts/my-duties', MyDutiesResponseSchema, { signal }),
    select: (r) => r.data,
    staleTime: 60_000,
  })

export const useReceipts = (query: Record<string, string | number | undefined>) =>
  useQuery({
    queryKey: receiptsKeys.list(query),
    queryFn: ({ signal }) => api.get('/api/receipts', ReceiptListResponseSchema, { query, signal }),
    placeholderData: keepPreviousData,
  })

export const useReceipt = (id: number) =>
  useQuery({
    queryKey: receiptsKeys.receipt(id),
    queryFn: ({ signal }) => api.get(`/api/receipts/${id}`, ReceiptResponseSchema, { signal }),
    select: (r) => r.data,
  })

export const useDeposits = (query: Record<string, string | number | undefined>) =>
  useQuery({
    queryKey: receiptsKeys.deposits(query),
    queryFn: ({ signal }) => api.get('/api/deposits', DepositListResponseSchema, { query, signal }),
    placeholderData: keepPreviousData,
  })

export const useDeposit = (id: number) =>
  useQuery({
    queryKey: receiptsKeys.deposit(id),
    queryFn: ({ signal }) => api.get(`/api/deposits/${id}`, DepositResponseSchema, { signal }),
    select: (r) => r.data,
  })

export const useRegister = (siteId: number | null, fiscalYear: string) =>
  useQuery({
    queryKey: receiptsKeys.register(siteId ?? 0, fiscalYear),
    queryFn: ({ signal }) =>
      api.get('/api/receipts/register', RegisterResponseSchema, { query: { siteId: siteId ?? 0, fiscalYear }, signal }),
    select: (r) => r.data,
    enabled: siteId !== null && /^\d{4}-\d{2}$/.test(fiscalYear),
  })

export const useUndeposited = () =>
  useQuery({
    queryKey: receiptsKeys.undeposited,
    queryFn: ({ signal }) => api.get('/api/receipts/undeposited', UndepositedResponseSchema, { signal }),
    select: (r) => r.data,
  })

export const useReceiptExceptions = () =>
  useQuery({
    queryKey: receiptsKeys.exceptions,
    queryFn: ({ signal }) => api.get('/api/receipts/exceptions', ReceiptExceptionsResponseSchema, { signal }),
    select: (r) => r.data,
  })

export const useReturnedChecks = () =>
  useQuery({
    queryKey: receiptsKeys.returned,
    queryFn: ({ signal }) => api.get('/api/receipts/returned-checks', ReturnedChecksResponseSchema, { signal }),
    select: (r) => r.data,
  })

/** Every change may move lists, registers and queues: they are all fetched again. */
function useReceiptsMutation<V, R>(run: (variables: V) => Promise<R>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: run,
    // After a refusal too: a step that lost a race (a deposit changed while it was counted) shows the record as it is now.
    onSettled: async () => {
      await client.invalidateQueries({ queryKey: receiptsKeys.all })
      await client.invalidateQueries({ queryKey: ['finance', 'my-queue'] })
    },
  })
}

export const useIssueReceipt = () => useReceiptsMutation((input: ReceiptInput) => api.post('/api/receipts', ReceiptResponseSchema, input))
export const useVoidReceipt = () =>
  useReceiptsMutation(({ id, reason }: { id: number; reason: string }) =>
    api.post(`/api/receipts/${id}/void`, ReceiptResponseSchema, { reason }),
  )
export const useReturnCheck = () =>
  useReceiptsMutation(({ id, reason }: { id: number; reason: string }) =>
    api.post(`/api/receipts/${id}/returned-check`, ReceiptResponseSchema, { reason }),
  )
export const useGatherDeposit = () => useReceiptsMutation((input: DepositInput) => api.post('/api/deposits', DepositResponseSchema, input))
export const useCountDeposit = () =>
  useReceiptsMutation(({ id, input }: { id: number; input: CountInput }) =>
    api.post(`/api/deposits/${id}/count`, DepositResponseSchema, input),
  )
export const useDepositStep = () =>
  useReceiptsMutation(
    ({ id, step, body }: { id: number; step: 'approve' | 'submit' | 'confirm' | 'reconcile'; body?: Record<string, unknown> }) =>
      api.post(`/api/deposits/${id}/${step}`, DepositResponseSchema, body ?? {}),
  )

/** Opens a file the API sends (a PDF, an attachment, the journal) through the bearer token, then saves it. */
export async function downloadFile(path: string, fallbackName: string, query?: Record<string, string>) {
  const file = await requestFile(path, query ? { query } : {})
  const url = URL.createObjectURL(file.blob)
  const link = document.createElement('a')
  link.href = url
  link.download = file.filename ?? fallbackName
  link.click()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
