import { SuccessSchema } from '@platform/contracts/errors'
import {
  DatasetsResponseSchema,
  ReportDetailsResponseSchema,
  ReportListResponseSchema,
  ReportResultSchema,
  ReportSavedResponseSchema,
  ReportVersionsResponseSchema,
  type Drill,
  type EXPORT_FORMATS,
  type ReportDefinition,
} from '@platform/contracts/reports'
import { type ReportExportJob, ReportExportJobSchema } from '@platform/contracts/report-exports'
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, requestFile } from '@/lib/api-client'
import { saveBlob, todayStamp } from '@/lib/download'
import type { ParameterValues } from '../utils/parameter-values'
import { exportFileName } from '../utils/report-link'

export type ExportFormat = (typeof EXPORT_FORMATS)[number]

/** Rows per page in the viewer, and in the designer's preview (a first look, not the whole report). */
export const VIEWER_PAGE_SIZE = 100
export const PREVIEW_ROWS = 50

export const reportKeys = {
  all: ['reports'] as const,
  list: ['reports', 'list'] as const,
  details: (reportId: number) => ['reports', 'details', reportId] as const,
  versions: (reportId: number) => ['reports', 'versions', reportId] as const,
  datasets: ['reports', 'datasets'] as const,
  allRuns: ['reports', 'run'] as const,
  runs: (reportId: number) => ['reports', 'run', reportId] as const,
  run: (reportId: number, parameters: ParameterValues, offset: number) => ['reports', 'run', reportId, parameters, offset] as const,
  drill: (reportId: number, parameters: ParameterValues, drill: Drill, offset: number) =>
    ['reports', 'run', reportId, 'drill', parameters, drill, offset] as const,
  allPreviews: ['reports', 'preview'] as const,
  preview: (reportId: number | null, definition: string, parameters: ParameterValues) =>
    ['reports', 'preview', reportId, definition, parameters] as const,
  /** Choices of a saved report's parameters (by version), and of a draft's (by its definition). */
  allOptions: ['reports', 'options'] as const,
  options: (reportId: number, version: number) => ['reports', 'options', reportId, version] as const,
  draftOptions: (reportId: number | null, definition: string) => ['reports', 'options', 'draft', reportId, definition] as const,
}

/** GET /api/reportlist: every report, whether the person may edit each, and whether they may create one. */
export const useReportList = () =>
  useQuery({
    queryKey: reportKeys.list,
    queryFn: ({ signal }) => api.get('/api/reportlist', ReportListResponseSchema, { signal }),
    staleTime: 10_000,
  })

/** GET /api/reportdetails: a report and its definition. */
export const reportDetailsQuery = (reportId: number) =>
  queryOptions({
    queryKey: reportKeys.details(reportId),
    queryFn: ({ signal }) => api.get('/api/reportdetails', ReportDetailsResponseSchema, { query: { reportId }, signal }),
    staleTime: 10_000,
  })

export const useReportDetails = (reportId: number) => useQuery(reportDetailsQuery(reportId))

/** GET /api/reportdatasets: the datasets the person may read, with their fields. */
export const useDatasets = () =>
  useQuery({
    queryKey: reportKeys.datasets,
    queryFn: ({ signal }) => api.get('/api/reportdatasets', DatasetsResponseSchema, { signal }),
    select: (response) => response.datasets,
    staleTime: 60_000,
  })

/** GET /api/reportversions: the saved versions, newest first (only for those who may edit). */
export const useReportVersions = (reportId: number, enabled: boolean) =>
  useQuery({
    enabled,
    queryKey: reportKeys.versions(reportId),
    queryFn: ({ signal }) => api.get('/api/reportversions', ReportVersionsResponseSchema, { query: { reportId }, signal }),
    select: (response) => response.versions,
  })

/**
 * POST /api/reportrun for a saved report: one page of the result. `parameters` is null until the person has run it
 * (a report with required parameters and no defaults waits for the prompts). The page on screen stays while the next loads.
 */
export const useReportRun = (reportId: number, parameters: ParameterValues | null, offset: number) =>
  useQuery({
    enabled: parameters !== null,
    queryKey: reportKeys.run(reportId, parameters ?? {}, offset),
    queryFn: ({ signal }) =>
      api.post('/api/reportrun', ReportResultSchema, { reportId, parameters, offset, limit: VIEWER_PAGE_SIZE }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  })

/** POST /api/reportdrill: a page of the detail rows behind one group of a saved report, with the parameters on screen. */
export const useReportDrill = (reportId: number, parameters: ParameterValues, drill: Drill, offset: number) =>
  useQuery({
    queryKey: reportKeys.drill(reportId, parameters, drill, offset),
    queryFn: ({ signal }) =>
      api.post('/api/reportdrill', ReportResultSchema, { reportId, parameters, drill, offset, limit: VIEWER_PAGE_SIZE }, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  })

/**
 * POST /api/reportrun with the designer's unsaved definition (`definitionJson`, already debounced); null runs nothing.
 * Editing a saved report sends its id too: the server then lets that report's creator preview changes to it, even
 * without the designer role.
 */
export const useReportPreview = (reportId: number | null, definitionJson: string | null, parameters: ParameterValues) =>
  useQuery({
    enabled: definitionJson !== null,
    queryKey: reportKeys.preview(reportId, definitionJson ?? '', parameters),
    queryFn: ({ signal }) =>
      api.post(
        '/api/reportrun',
        ReportResultSchema,
        { reportId: reportId ?? undefined, definition: JSON.parse(definitionJson!) as unknown, parameters, offset: 0, limit: PREVIEW_ROWS },
        { signal },
      ),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  })

/** What saving changes: the list, the report, its history and every result of it. */
function invalidateReport(queryClient: ReturnType<typeof useQueryClient>, reportId: number) {
  void queryClient.invalidateQueries({ queryKey: reportKeys.list })
  void queryClient.invalidateQueries({ queryKey: reportKeys.details(reportId) })
  void queryClient.invalidateQueries({ queryKey: reportKeys.versions(reportId) })
  void queryClient.invalidateQueries({ queryKey: reportKeys.runs(reportId) })
}

/** POST /api/reportcreate. */
export function useCreateReport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: { name: string; description?: string; definition: ReportDefinition }) =>
      api.post('/api/reportcreate', ReportSavedResponseSchema, input),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: reportKeys.list }),
  })
}

export interface UpdateReportInput {
  reportId: number
  name?: string
  /** An empty text clears the description. */
  description?: string
  definition: ReportDefinition
  /** The version the designer opened: the server answers 409 (report_changed) when a newer one was saved meanwhile. */
  version: number
}

/** PUT /api/reportupdate (409 when someone else saved first). */
export function useUpdateReport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ reportId, ...body }: UpdateReportInput) =>
      api.put('/api/reportupdate', ReportSavedResponseSchema, body, { query: { reportId } }),
    onSuccess: (_result, { reportId }) => invalidateReport(queryClient, reportId),
  })
}

/** DELETE /api/reportdelete. */
export function useDeleteReport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (reportId: number) => api.delete('/api/reportdelete', SuccessSchema, { query: { reportId } }),
    onSuccess: (_result, reportId) => {
      queryClient.removeQueries({ queryKey: reportKeys.details(reportId) })
      void queryClient.invalidateQueries({ queryKey: reportKeys.list })
    },
  })
}

/** POST /api/reportrestore: an earlier version becomes the newest. */
export function useRestoreVersion() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ reportId, version }: { reportId: number; version: number }) =>
      api.post('/api/reportrestore', ReportSavedResponseSchema, {}, { query: { reportId, version } }),
    onSuccess: (_result, { reportId }) => invalidateReport(queryClient, reportId),
  })
}

const EXTENSIONS: Record<ExportFormat, string> = { csv: 'csv', xlsx: 'xlsx', pdf: 'pdf' }

/**
 * POST /api/reportexport with the parameters on screen, saved under the name the server gives (else
 * {report}_{date}.{ext}); a long XLSX or PDF is answered with the job that writes it instead (202).
 */
export async function exportReport(input: {
  reportId: number
  reportName: string
  parameters: ParameterValues
  format: ExportFormat
  /** The rows behind this group instead of the whole report. */
  drill?: Drill | undefined
}): Promise<{ saved: string } | { job: ReportExportJob }> {
  const { blob, filename } = await requestFile('/api/reportexport', {
    method: 'POST',
    body: { reportId: input.reportId, parameters: input.parameters, format: input.format, ...(input.drill ? { drill: input.drill } : {}) },
  })
  if (blob.type.startsWith('application/json')) return { job: ReportExportJobSchema.parse(JSON.parse(await blob.text())) }
  const name = filename ?? exportFileName(input.reportName, EXTENSIONS[input.format], todayStamp())
  saveBlob(blob, name)
  return { saved: name }
}
