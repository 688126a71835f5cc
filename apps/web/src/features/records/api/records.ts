import {
  CreatedRequestResponseSchema,
  ExemptionListResponseSchema,
  ExemptionResponseSchema,
  ExtendResponseSchema,
  FiguresResponseSchema,
  FiscalMatchesResponseSchema,
  HolidayListResponseSchema,
  HolidayResponseSchema,
  LetterResponseSchema,
  PublicLogResponseSchema,
  RecordsMeResponseSchema,
  RecordsPeopleResponseSchema,
  RecordsSettingsResponseSchema,
  RequestListResponseSchema,
  type RecordsSettingsInputSchema,
  RequestResponseSchema,
  type AssignInput,
  type ClarifyInputSchema,
  type ExemptionMarkInputSchema,
  type LetterDraftInputSchema,
  type LetterIssueInputSchema,
  type LetterReviseInputSchema,
  type ProduceInputSchema,
  type ReasonInputSchema,
  type TaskDoneInputSchema,
  type TaskInputSchema,
  type DetermineInput,
  type ExtendInput,
  type FeeInput,
  type RequestInput,
} from '@platform/contracts/records'
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { z } from 'zod'
import { api, request, requestFile } from '@/lib/api-client'
import { saveBlob } from '@/lib/download'

type Query = Record<string, string | number | undefined>

export const recordsKeys = {
  all: ['records'] as const,
  me: ['records', 'me'] as const,
  people: ['records', 'people'] as const,
  list: (query: Query) => ['records', 'list', query] as const,
  request: (id: number) => ['records', 'request', id] as const,
  matches: (id: number, search: string) => ['records', 'matches', id, search] as const,
  holidays: (year: number) => ['records', 'holidays', year] as const,
  exemptions: ['records', 'exemptions'] as const,
  publicLog: (query: Query) => ['records', 'public-log', query] as const,
  figures: (query: Query) => ['records', 'figures', query] as const,
  settings: ['records', 'settings'] as const,
  mailings: (state: string) => ['records', 'mailings', state] as const,
}

/** GET /api/records-me: the person's duties in Public Information. */
export const useRecordsMe = () =>
  useQuery({
    queryKey: recordsKeys.me,
    queryFn: ({ signal }) => api.get('/api/records-me', RecordsMeResponseSchema, { signal }),
    select: (r) => r.data,
    staleTime: 60_000,
  })

/** GET /api/records-people: who holds a duty (the assignment pickers). */
export const useRecordsPeople = (enabled = true) =>
  useQuery({
    queryKey: recordsKeys.people,
    queryFn: ({ signal }) => api.get('/api/records-people', RecordsPeopleResponseSchema, { signal }),
    select: (r) => r.data,
    staleTime: 60_000,
    enabled,
  })

/** GET /api/records-requests: the queue, soonest due first. */
export const useRecordsRequests = (query: Query, enabled = true) =>
  useQuery({
    queryKey: recordsKeys.list(query),
    queryFn: ({ signal }) => api.get('/api/records-requests', RequestListResponseSchema, { query, signal }),
    placeholderData: keepPreviousData,
    enabled,
  })

/** GET /api/records-requests/{id}: the whole request page. */
export const useRecordsRequest = (id: number) =>
  useQuery({
    queryKey: recordsKeys.request(id),
    queryFn: ({ signal }) => api.get(`/api/records-requests/${id}`, RequestResponseSchema, { signal }),
    select: (r) => r.data,
  })

export const useFiscalMatches = (id: number, search: string, enabled: boolean) =>
  useQuery({
    queryKey: recordsKeys.matches(id, search),
    queryFn: ({ signal }) =>
      api.get(`/api/records-requests/${id}/fiscal-matches`, FiscalMatchesResponseSchema, {
        query: { search: search || undefined },
        signal,
      }),
    select: (r) => r.data,
    enabled,
  })

export const useHolidays = (year: number) =>
  useQuery({
    queryKey: recordsKeys.holidays(year),
    queryFn: ({ signal }) => api.get('/api/holidays', HolidayListResponseSchema, { query: { year }, signal }),
    select: (r) => r.data,
  })

export const useExemptions = () =>
  useQuery({
    queryKey: recordsKeys.exemptions,
    queryFn: ({ signal }) => api.get('/api/records-exemptions', ExemptionListResponseSchema, { signal }),
    select: (r) => r.data,
  })

export const usePublicLog = (query: Query) =>
  useQuery({
    queryKey: recordsKeys.publicLog(query),
    queryFn: ({ signal }) => api.get('/api/records-public-log', PublicLogResponseSchema, { query, signal }),
    select: (r) => r.data,
    placeholderData: keepPreviousData,
  })

export const useRecordsFigures = (query: Query) =>
  useQuery({
    queryKey: recordsKeys.figures(query),
    queryFn: ({ signal }) => api.get('/api/records-figures', FiguresResponseSchema, { query, signal }),
    select: (r) => r.data,
    placeholderData: keepPreviousData,
  })

export const useRecordsSettings = () =>
  useQuery({
    queryKey: recordsKeys.settings,
    queryFn: ({ signal }) => api.get('/api/records-settings', RecordsSettingsResponseSchema, { signal }),
    select: (r) => r.data,
    staleTime: 60_000,
  })

/** Every change may move the queue, the request page, the figures and My queue: they are all fetched again. */
export function useRecordsMutation<V, R>(run: (variables: V) => Promise<R>) {
  const client = useQueryClient()
  return useMutation({
    mutationFn: run,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: recordsKeys.all })
      await client.invalidateQueries({ queryKey: ['finance', 'my-queue'] })
    },
  })
}

const step = (id: number, name: string, body: unknown) => api.post(`/api/records-requests/${id}/${name}`, RequestResponseSchema, body)

export const useCreateRequest = () =>
  useRecordsMutation((input: RequestInput) => api.post('/api/records-requests', CreatedRequestResponseSchema, input))
export const useClarify = () =>
  useRecordsMutation(({ id, input }: { id: number; input: z.infer<typeof ClarifyInputSchema> }) => step(id, 'clarify', input))
export const useAssign = () => useRecordsMutation(({ id, input }: { id: number; input: AssignInput }) => step(id, 'assignments', input))
export const useAddTask = () =>
  useRecordsMutation(({ id, input }: { id: number; input: z.infer<typeof TaskInputSchema> }) => step(id, 'tasks', input))
export const useTaskDone = () =>
  useRecordsMutation(({ id, taskId, input }: { id: number; taskId: number; input: z.infer<typeof TaskDoneInputSchema> }) =>
    step(id, `tasks/${taskId}/done`, input),
  )
export const useExtend = () =>
  useRecordsMutation(({ id, input }: { id: number; input: ExtendInput }) =>
    api.post(`/api/records-requests/${id}/extend`, ExtendResponseSchema, input),
  )
export const useDetermine = () => useRecordsMutation(({ id, input }: { id: number; input: DetermineInput }) => step(id, 'determine', input))
export const useRequestStep = () =>
  useRecordsMutation(({ id, name, input }: { id: number; name: 'produce' | 'close'; input: z.infer<typeof ProduceInputSchema> }) =>
    step(id, name, input),
  )
export const useReopen = () =>
  useRecordsMutation(({ id, input }: { id: number; input: z.infer<typeof ReasonInputSchema> }) => step(id, 'reopen', input))
export const useUploadDocument = () =>
  useRecordsMutation(({ id, file }: { id: number; file: File }) =>
    api.post(`/api/records-requests/${id}/documents`, RequestResponseSchema, undefined, {
      rawBody: file,
      contentType: 'application/octet-stream',
      query: { fileName: file.name },
    }),
  )
export const useMarkExemption = () =>
  useRecordsMutation(({ id, documentId, input }: { id: number; documentId: number; input: z.infer<typeof ExemptionMarkInputSchema> }) =>
    step(id, `documents/${documentId}/exemptions`, input),
  )
export const useDraftLetter = () =>
  useRecordsMutation(({ id, input }: { id: number; input: z.infer<typeof LetterDraftInputSchema> }) =>
    api.post(`/api/records-requests/${id}/letters`, LetterResponseSchema, input),
  )
export const useReviseLetter = () =>
  useRecordsMutation(({ id, letterId, input }: { id: number; letterId: number; input: z.infer<typeof LetterReviseInputSchema> }) =>
    api.post(`/api/records-requests/${id}/letters/${letterId}/revise`, LetterResponseSchema, input),
  )
export const useIssueLetter = () =>
  useRecordsMutation(({ id, letterId, input }: { id: number; letterId: number; input: z.infer<typeof LetterIssueInputSchema> }) =>
    api.post(`/api/records-requests/${id}/letters/${letterId}/issue`, LetterResponseSchema, input),
  )
export const useRecordFee = () => useRecordsMutation(({ id, input }: { id: number; input: FeeInput }) => step(id, 'fees', input))
export const useFeeStep = () =>
  useRecordsMutation(({ id, feeId, name }: { id: number; feeId: number; name: 'paid' | 'waive' }) => step(id, `fees/${feeId}/${name}`, {}))
export const useLogTime = () =>
  useRecordsMutation(
    ({ id, input }: { id: number; input: { minutes: number; activity: string; workedOn: string; note?: string | null } }) =>
      step(id, 'time', input),
  )
export const useAddNote = () => useRecordsMutation(({ id, text }: { id: number; text: string }) => step(id, 'notes', { text }))
export const useLinkFiscal = () =>
  useRecordsMutation(({ id, kind, recordId }: { id: number; kind: string; recordId: number }) => step(id, 'links', { kind, recordId }))

export const useSaveRecordsSettings = () =>
  useRecordsMutation((input: z.input<typeof RecordsSettingsInputSchema>) =>
    api.put('/api/records-settings', RecordsSettingsResponseSchema, input),
  )
export const useAddHoliday = () =>
  useRecordsMutation((input: { date: string; name: string }) => api.post('/api/holidays', HolidayResponseSchema, input))
export const useRemoveHoliday = () => useRecordsMutation((date: string) => api.delete(`/api/holidays/${date}`, z.unknown()))
export const useAddExemption = () =>
  useRecordsMutation((input: { citation: string; title: string; description: string }) =>
    api.post('/api/records-exemptions', ExemptionResponseSchema, input),
  )
export const useUpdateExemption = () =>
  useRecordsMutation(({ id, input }: { id: number; input: { title?: string; description?: string; active?: boolean } }) =>
    request(`/api/records-exemptions/${id}`, ExemptionResponseSchema, { method: 'PATCH', body: input }),
  )

/** Downloads a file the API sends (a letter's PDF, a document, the public log) through the bearer token. */
export async function downloadRecordsFile(path: string, fallbackName: string, query?: Record<string, string>) {
  const file = await requestFile(path, query ? { query } : {})
  saveBlob(file.blob, file.filename ?? fallbackName)
}
