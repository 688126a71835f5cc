import {
  AccrualDutiesResponseSchema,
  AccrualImportResponseSchema,
  AccrualListResponseSchema,
  AccrualResponseSchema,
  CycleListResponseSchema,
  CycleResponseSchema,
  CycleTotalsResponseSchema,
  JournalExportListResponseSchema,
  LiquidationVarianceListResponseSchema,
  XLSX_CONTENT_TYPE,
  type HandOverInput,
  type AccrualInput,
  type AccrualStep,
  type CycleInput,
  type LiquidationInput,
} from '@platform/contracts/accruals'
import { AttachmentResponseSchema } from '@platform/contracts/finance'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, requestFile } from '@/lib/api-client'
import { saveBlob } from '@/lib/download'

export type AccrualListFilters = Record<string, string | number | undefined>

export const accrualsKeys = {
  all: ['accruals'] as const,
  duties: ['accruals', 'duties'] as const,
  cycles: ['accruals', 'cycles'] as const,
  totals: (cycleId: number) => ['accruals', 'totals', cycleId] as const,
  list: (query: AccrualListFilters) => ['accruals', 'list', query] as const,
  accrual: (id: number) => ['accruals', 'accrual', id] as const,
  journals: (cycleId: number) => ['accruals', 'journals', cycleId] as const,
  variances: (cycleId: number) => ['accruals', 'variances', cycleId] as const,
}

/** GET /api/accruals/my-duties: the signed-in person's duties in Accruals and their sites. */
export const useAccrualDutiesQuery = () =>
  useQuery({
    queryKey: accrualsKeys.duties,
    queryFn: ({ signal }) => api.get('/api/accruals/my-duties', AccrualDutiesResponseSchema, { signal }),
    select: (r) => r.data,
    staleTime: 60_000,
  })

/** GET /api/accrual-cycles: every close cycle, newest fiscal year first as the server lists them. */
export const useCycles = () =>
  useQuery({
    queryKey: accrualsKeys.cycles,
    queryFn: ({ signal }) => api.get('/api/accrual-cycles', CycleListResponseSchema, { signal }),
    select: (r) => r.data,
  })

/** GET /api/accrual-cycles/{id}/totals: by state, type, fund and resource, within the person's sites. */
export const useCycleTotals = (cycleId: number | null) =>
  useQuery({
    queryKey: accrualsKeys.totals(cycleId ?? 0),
    queryFn: ({ signal }) => api.get(`/api/accrual-cycles/${cycleId}/totals`, CycleTotalsResponseSchema, { signal }),
    select: (r) => r.data,
    enabled: cycleId !== null,
  })

/** GET /api/accruals with its filters (view=me: mine; view=review: waiting for a step I may take). */
export const useAccruals = (query: AccrualListFilters) =>
  useQuery({
    queryKey: accrualsKeys.list(query),
    queryFn: ({ signal }) => api.get('/api/accruals', AccrualListResponseSchema, { query, signal }),
    placeholderData: keepPreviousData,
  })

/** GET /api/accruals/{id}: the request with its versions, history, files, liquidations and the person's actions. */
export const useAccrual = (id: number) =>
  useQuery({
    queryKey: accrualsKeys.accrual(id),
    queryFn: ({ signal }) => api.get(`/api/accruals/${id}`, AccrualResponseSchema, { signal }),
    select: (r) => r.data,
    enabled: Number.isInteger(id) && id > 0,
  })

/** GET /api/accrual-cycles/{id}/journals: the journals exported so far. */
export const useJournals = (cycleId: number | null) =>
  useQuery({
    queryKey: accrualsKeys.journals(cycleId ?? 0),
    queryFn: ({ signal }) => api.get(`/api/accrual-cycles/${cycleId}/journals`, JournalExportListResponseSchema, { signal }),
    select: (r) => r.data,
    enabled: cycleId !== null,
  })

/** GET /api/accrual-cycles/{id}/variances: liquidations that paid something other than what was open, with their reasons. */
export const useVariances = (cycleId: number | null) =>
  useQuery({
    queryKey: accrualsKeys.variances(cycleId ?? 0),
    queryFn: ({ signal }) => api.get(`/api/accrual-cycles/${cycleId}/variances`, LiquidationVarianceListResponseSchema, { signal }),
    select: (r) => r.data,
    enabled: cycleId !== null,
  })

/** Every change may move lists, totals, journals and My queue: they are all fetched again. */
function useAccrualsMutation<V, R>(run: (variables: V) => Promise<R>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: accrualsKeys.all })
      await client.invalidateQueries({ queryKey: ['finance', 'my-queue'] })
    },
  })
}

/** POST /api/accrual-cycles (id null) or PUT /api/accrual-cycles/{id}: CONTROLLER only. */
export const useSaveCycle = () =>
  useAccrualsMutation(({ id, input }: { id: number | null; input: CycleInput }) =>
    id === null
      ? api.post('/api/accrual-cycles', CycleResponseSchema, input)
      : api.put(`/api/accrual-cycles/${id}`, CycleResponseSchema, input),
  )

/** POST /api/accruals (id null) or PUT /api/accruals/{id} (a draft or a returned request). */
export const useSaveAccrual = () =>
  useAccrualsMutation(({ id, input }: { id: number | null; input: AccrualInput }) =>
    id === null ? api.post('/api/accruals', AccrualResponseSchema, input) : api.put(`/api/accruals/${id}`, AccrualResponseSchema, input),
  )

/** POST /api/accruals/{id}/{step}; return and reject carry `{ reason }`. */
export const useAccrualStep = () =>
  useAccrualsMutation(({ id, step, reason }: { id: number; step: AccrualStep; reason?: string }) =>
    api.post(`/api/accruals/${id}/${step}`, AccrualResponseSchema, reason === undefined ? {} : { reason }),
  )

/** POST /api/accruals/{id}/liquidations: a payment or receipt that clears (part of) the accrual. */
export const useRecordLiquidation = () =>
  useAccrualsMutation(({ id, input }: { id: number; input: LiquidationInput }) =>
    api.post(`/api/accruals/${id}/liquidations`, AccrualResponseSchema, input),
  )

/** POST /api/accruals/{id}/hand-over: a CONTROLLER gives the request to another person, with a reason. */
export const useHandOver = () =>
  useAccrualsMutation(({ id, input }: { id: number; input: HandOverInput }) =>
    api.post(`/api/accruals/${id}/hand-over`, AccrualResponseSchema, input),
  )

/** POST /api/accruals/{id}/write-off: the CONTROLLER writes off what is left, with a reason. */
export const useWriteOff = () =>
  useAccrualsMutation(({ id, reason }: { id: number; reason: string }) =>
    api.post(`/api/accruals/${id}/write-off`, AccrualResponseSchema, { reason }),
  )

/** POST /api/finance/attachments/ACCRUALS/accrual/{id} with the file as it is. */
export const useUploadAccrualAttachment = () =>
  useAccrualsMutation(({ id, file }: { id: number; file: File }) =>
    api.post(`/api/finance/attachments/ACCRUALS/accrual/${id}`, AttachmentResponseSchema, undefined, {
      rawBody: file,
      contentType: 'application/octet-stream',
      query: { fileName: file.name },
    }),
  )

const isXlsx = (file: File) => file.name.toLowerCase().endsWith('.xlsx')

/** POST /api/accruals/import: a preview (apply false) saves nothing; apply true saves each accepted row as a draft. */
export const useImportAccruals = () =>
  useAccrualsMutation(({ cycleId, file, apply }: { cycleId: number; file: File; apply: boolean }) =>
    api.post('/api/accruals/import', AccrualImportResponseSchema, undefined, {
      rawBody: file,
      contentType: isXlsx(file) ? XLSX_CONTENT_TYPE : 'text/csv',
      query: { cycleId, apply: apply ? 'true' : 'false' },
    }),
  )

/** POST /api/accrual-cycles/{id}/journal: posts every approved request once and saves the CSV. */
export const useExportJournal = () =>
  useAccrualsMutation(async ({ cycleId }: { cycleId: number }) => {
    const file = await requestFile(`/api/accrual-cycles/${cycleId}/journal`, { method: 'POST', body: {} })
    const name = file.filename ?? `accrual-journal-${cycleId}.csv`
    saveBlob(file.blob, name)
    return name
  })

/** Saves a file the API sends through the bearer token (an attachment, an earlier journal). */
export async function downloadAccrualFile(path: string, fallbackName: string): Promise<void> {
  const file = await requestFile(path)
  saveBlob(file.blob, file.filename ?? fallbackName)
}
