import { reportsLabels } from '@platform/contracts/labels/reports'
import type { ExportJobState, ReportExportJob } from '@platform/contracts/report-exports'
import { formatCount } from '@/lib/format'

export const FORMAT_LABELS: Record<ReportExportJob['format'], string> = reportsLabels.exportFormat

export const STATE_LABELS: Record<ExportJobState, string> = reportsLabels.exportJobState

export const STATE_COLORS: Record<ExportJobState, string> = {
  queued: 'gray',
  running: 'blue',
  ready: 'teal',
  failed: 'red',
  cancelled: 'gray',
  expired: 'gray',
}

/** '12,500 of 250,000 rows'. */
export const rowsText = (job: Pick<ReportExportJob, 'rowsDone' | 'rowsTotal'>) =>
  `${formatCount(job.rowsDone)} of ${formatCount(job.rowsTotal)} rows`

/** '1:05' or '1:02:05'. */
export function durationText(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000))
  const pad = (value: number) => String(value).padStart(2, '0')
  const hours = Math.floor(seconds / 3600)
  const minutes = Math.floor((seconds % 3600) / 60)
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds % 60)}` : `${minutes}:${pad(seconds % 60)}`
}
