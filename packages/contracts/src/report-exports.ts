import { z } from 'zod'
import { idParam } from './input.js'

/*
 * Long report exports as background jobs: an XLSX or PDF export of more than BACKGROUND_EXPORT_ROWS rows is answered
 * 202 with a job, which one of the server's instances writes; the file is kept in the database for a day.
 */

/** Above this many result rows, an XLSX or PDF export runs as a job instead of inside the request. CSV always streams. */
export const BACKGROUND_EXPORT_ROWS = 10_000
/** How long a finished file is kept. */
export const EXPORT_FILE_HOURS = 24

/**
 * queued: waiting for an instance to write it; running: being written; ready: the file can be downloaded until
 * expiresAt; failed: it could not be written (failure says why); cancelled: stopped by its owner; expired: the file
 * was removed after its day.
 */
export const EXPORT_JOB_STATES = ['queued', 'running', 'ready', 'failed', 'cancelled', 'expired'] as const
export const ExportJobStateSchema = z.enum(EXPORT_JOB_STATES)
export type ExportJobState = z.infer<typeof ExportJobStateSchema>

export const ReportExportJobSchema = z.object({
  id: z.number().int(),
  reportName: z.string(),
  // CSV: a scheduled report's file too large to attach, kept for its recipient.
  format: z.enum(['xlsx', 'pdf', 'csv']),
  state: ExportJobStateSchema,
  rowsTotal: z.number().int(),
  rowsDone: z.number().int(),
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  finishedAt: z.string().nullable(),
  /** Until when a ready file can be downloaded. */
  expiresAt: z.string().nullable(),
  fileName: z.string().nullable(),
  sizeBytes: z.number().int().nullable(),
  /** Why a failed job failed, in words a person can act on. */
  failure: z.string().nullable(),
})
export type ReportExportJob = z.infer<typeof ReportExportJobSchema>

export const ReportExportJobListSchema = z.object({ jobs: z.array(ReportExportJobSchema) })
export type ReportExportJobList = z.infer<typeof ReportExportJobListSchema>

export const ReportExportJobParamsSchema = z.object({ id: idParam('id') })

/** States in which a job can still be cancelled. */
export const isExportJobActive = (state: ExportJobState) => state === 'queued' || state === 'running'
