import {
  type ReportExportJob,
  ReportExportJobListSchema,
  ReportExportJobSchema,
  isExportJobActive,
} from '@platform/contracts/report-exports'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { api, requestFile } from '@/lib/api-client'
import { saveBlob } from '@/lib/download'

/** How often a job in progress is asked about: often enough to see it move, and to count as the person looking. */
export const JOB_POLL_MS = 1_000
const LIST_POLL_MS = 3_000

export const exportJobKeys = {
  all: ['reports', 'exports'] as const,
  list: ['reports', 'exports', 'list'] as const,
  job: (jobId: number) => ['reports', 'exports', 'job', jobId] as const,
}

/** GET /api/reportexports: the person's long exports, newest first; asked again while one is in progress. */
export const useExportJobs = () =>
  useQuery({
    queryKey: exportJobKeys.list,
    queryFn: async () => (await api.get('/api/reportexports', ReportExportJobListSchema)).jobs,
    refetchInterval: (query) => (query.state.data?.some((job) => isExportJobActive(job.state)) ? LIST_POLL_MS : false),
    retry: false,
  })

/** GET /api/reportexports/:id while it is written, starting from what the export answered. */
export const useExportJob = (initial: ReportExportJob) =>
  useQuery({
    queryKey: exportJobKeys.job(initial.id),
    queryFn: () => api.get(`/api/reportexports/${initial.id}`, ReportExportJobSchema),
    initialData: initial,
    refetchInterval: (query) => (query.state.data && isExportJobActive(query.state.data.state) ? JOB_POLL_MS : false),
  })

/** POST /api/reportexports/:id/cancel. */
export function useCancelExportJob() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (jobId: number) => api.post(`/api/reportexports/${jobId}/cancel`, ReportExportJobSchema),
    onSuccess: (job) => {
      queryClient.setQueryData(exportJobKeys.job(job.id), job)
      void queryClient.invalidateQueries({ queryKey: exportJobKeys.list })
    },
  })
}

/** GET /api/reportexports/:id/file, saved under the name the job gave it. */
export async function downloadExportJob(job: ReportExportJob): Promise<void> {
  const { blob, filename } = await requestFile(`/api/reportexports/${job.id}/file`)
  saveBlob(blob, filename ?? job.fileName ?? `export.${job.format}`)
}
