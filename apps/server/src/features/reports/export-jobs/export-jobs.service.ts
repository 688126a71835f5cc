import { finished } from 'node:stream/promises'
import { formatInstant } from '@platform/contracts/district-time'
import { localDate } from '@platform/contracts/finance-fiscal-year'
import { EXPORT_FILE_HOURS, type ReportExportJob } from '@platform/contracts/report-exports'
import type { Transaction } from 'kysely'
import type { JobLeases, Lease } from '../../../db/job-leases.js'
import type { Database } from '../../../db/schema.js'
import { DAY_MS, MINUTE_MS, type Clock } from '../../../lib/clock.js'
import { AppError } from '../../../lib/errors.js'
import { type AuthUser, authUserOf } from '../../../plugins/access.js'
import { tooManyRowsFor } from '../exports/export-limits.js'
import type { ExportFormat, ExportThreads } from '../exports/export-thread.js'
import type { ExportRequest, ReportsService } from '../reports.service.js'
import { TryStopped, chunkReader, chunkWriter } from './export-file-store.js'
import { EXPORT_CONTENT_TYPES, exportFileName } from './export-file-name.js'
import type { ExportJobRow, ExportJobsRepository } from './export-jobs.repository.js'

/** The kind of lease an instance holds while it writes a job's file. */
export const EXPORT_JOB_LEASE = 'report_export'
/** A person whose screen has not asked about a job for this long when it is ready is told by e-mail. */
export const NOTICE_AFTER_MS = 2 * MINUTE_MS
/** How often an instance looks for jobs in the queue (a new one is started at once by the instance that took it). */
const QUEUE_POLL_MS = 2000
/** One job at a time per instance: the export threads are shared with the exports written in requests. */
const JOBS_PER_INSTANCE = 1
/** Rows of jobs that ended are kept this long for the person's list, then removed. */
const ENDED_KEPT_MS = 7 * DAY_MS
const SWEEP_BATCH = 100
const FAILED_UNEXPECTEDLY = 'The export could not be written. Try again; if it fails again, ask an administrator to look at the server log.'

/** The person who asked for an export, as the platform knows them now. */
export interface ExportOwner {
  user_id: number
  email: string
  full_name: string
  is_active: number
  role_code: string
  role_name: string
  role_level: number
  org_name: string
  org_code: string
}

export interface ReadyNotice {
  to: string
  values: Record<string, string>
}

/** Why a try ended without its file. */
type Stop = 'cancelled' | 'lost' | 'shutdown'

/**
 * Long report exports. A job is queued by the request, claimed by one instance under a job lease (its
 * state moves to running in the lease's transaction), written by re-running the report as its owner with their
 * rights at that time, and its file stored in pieces in the database. A try whose instance stops is taken back by a
 * sweep (any instance) and written again from the start; each try carries its number, so pieces of an earlier try
 * are never read, and only the try that marks the job ready queues the e-mail, in that same transaction.
 */
export function createExportJobsService(deps: {
  jobs: ExportJobsRepository
  leases: JobLeases
  reports: Pick<ReportsService, 'rerunExport'>
  exportThreads: ExportThreads
  clock: Clock
  inTransaction: <T>(work: (trx: Transaction<Database>) => Promise<T>) => Promise<T>
  findOwner: (userId: number) => Promise<ExportOwner | undefined>
  holdsReportsStudio: (user: AuthUser) => Promise<boolean>
  /** Queues the "your export is ready" e-mail inside the transaction that marks the job ready. */
  enqueueNotice: (notice: ReadyNotice, trx: Transaction<Database>) => Promise<unknown>
  appUrl: string
  timeZone: string
  onError: (error: unknown, what: string) => void
}) {
  const { jobs, leases, clock } = deps
  const live = new Map<number, { stop: AbortController; done: Promise<void> }>()
  let running = 0
  let closed = false
  let pollTimer: NodeJS.Timeout | null = null

  leases.onExpired(EXPORT_JOB_LEASE, async (trx, key) => {
    const jobId = Number(key)
    if (await jobs.requeue(trx, jobId)) {
      await jobs.deleteChunks(jobId, trx)
      // Looked for once the sweep's transaction has committed; the queue's poll finds it otherwise.
      setTimeout(kick, 100).unref()
    }
  })

  const now = () => clock.now().toISOString()
  const readyUntil = (iso: string) => formatInstant(iso, deps.timeZone)

  function view(row: ExportJobRow): ReportExportJob {
    return {
      id: row.job_id,
      reportName: row.report_name,
      format: row.format as ReportExportJob['format'],
      state: row.state as ReportExportJob['state'],
      rowsTotal: row.rows_total,
      rowsDone: row.rows_done,
      createdAt: row.created_at,
      startedAt: row.started_at,
      finishedAt: row.finished_at,
      expiresAt: row.expires_at,
      fileName: row.file_name,
      sizeBytes: row.size_bytes,
      failure: row.failure,
    }
  }

  /** The job, if it is the person's: anyone else is told there is none, as if it did not exist. */
  async function owned(user: AuthUser, jobId: number): Promise<ExportJobRow> {
    const row = await jobs.get(jobId)
    if (!row || row.owner_id !== user.id)
      throw new AppError('not_found', `There is no export with id ${jobId}.`, { code: 'export_not_found' })
    return row
  }

  /** The owner as a signed-in person with the rights they hold now; a job of someone who lost them fails in words. */
  async function ownerAsUser(ownerId: number): Promise<AuthUser> {
    const row = await deps.findOwner(ownerId)
    if (!row || !row.is_active)
      throw new AppError('forbidden', 'The account that asked for this export is no longer active, so it was not written.')
    const user = authUserOf(row, 'export-job', null)
    if (!(await deps.holdsReportsStudio(user)))
      throw new AppError('forbidden', 'You no longer have access to Reports Studio, so the export was not written.')
    return user
  }

  /** Writes the try's file into its pieces; answers what the ready job records. */
  async function writeFile(jobId: number, attempt: number, signal: AbortSignal) {
    const row = await jobs.get(jobId)
    if (!row) throw new TryStopped('The export is gone.')
    const format = row.format as ExportFormat
    const owner = await ownerAsUser(row.owner_id)
    const { header, rowSource, name } = await deps.reports.rerunExport(owner, JSON.parse(row.request) as ExportRequest)
    const total = header.page.total
    const refusal = tooManyRowsFor(format, total)
    if (refusal) throw refusal
    if (!(await jobs.progress(jobId, attempt, { rows_total: total }))) throw new TryStopped('The export was stopped.')
    const file = chunkWriter(jobs, jobId, attempt)
    const stopWriting = () => file.writable.destroy(new TryStopped('The export was stopped.'))
    signal.addEventListener('abort', stopWriting)
    // Progress is written as the thread tells it, one write at a time; a try that is no longer the job's stops.
    let writing: Promise<unknown> = Promise.resolve()
    const onProgress = (done: number) => {
      writing = writing
        .then(async () => {
          if (!(await jobs.progress(jobId, attempt, { rows_done: Math.min(done, total) }))) stopWriting()
        })
        .catch((error: unknown) => file.writable.destroy(error instanceof Error ? error : new Error(String(error))))
    }
    try {
      await deps.exportThreads.write({ format, header }, await rowSource(), file.writable, onProgress)
      await writing
      await finished(file.writable)
    } catch (error) {
      file.writable.destroy()
      throw error
    } finally {
      signal.removeEventListener('abort', stopWriting)
    }
    return {
      rows_done: total,
      file_name: exportFileName(name, format, localDate(new Date(header.generatedAt), header.timeZone)),
      content_type: EXPORT_CONTENT_TYPES[format],
      size_bytes: file.size(),
      reportName: name,
      ownerEmail: owner.email,
    }
  }

  /** Marks the file ready and, when its owner has stopped looking, queues their e-mail in the same transaction. */
  async function markReady(jobId: number, attempt: number, written: Awaited<ReturnType<typeof writeFile>>) {
    const { reportName, ownerEmail, ...values } = written
    await deps.inTransaction(async (trx) => {
      const at = clock.now()
      const expiresAt = new Date(at.getTime() + EXPORT_FILE_HOURS * 60 * MINUTE_MS).toISOString()
      if (!(await jobs.ready(trx, jobId, attempt, { ...values, finished_at: at.toISOString(), expires_at: expiresAt }))) return
      const row = (await jobs.get(jobId, trx))!
      const looking = at.getTime() - new Date(row.last_seen_at).getTime() < NOTICE_AFTER_MS
      if (looking || !(await jobs.noticeSent(trx, jobId))) return
      await deps.enqueueNotice(
        {
          to: ownerEmail,
          values: {
            report: reportName,
            format: row.format === 'pdf' ? 'PDF' : 'Excel',
            rows: row.rows_total.toLocaleString('en-US'),
            ready_until: readyUntil(expiresAt),
            reports_url: `${deps.appUrl}/reports-studio#exports`,
          },
        },
        trx,
      )
    })
  }

  async function whyStopped(jobId: number, attempt: number): Promise<Stop> {
    const row = await jobs.get(jobId)
    return row?.state === 'cancelled' && row.attempt === attempt ? 'cancelled' : 'lost'
  }

  async function run(jobId: number, attempt: number, lease: Lease): Promise<void> {
    const stop = new AbortController()
    const onLost = () => stop.abort('lost' satisfies Stop)
    lease.lost.addEventListener('abort', onLost)
    const entry = { stop, done: Promise.resolve() }
    live.set(jobId, entry)
    try {
      const written = await writeFile(jobId, attempt, stop.signal)
      await lease.finish(() => markReady(jobId, attempt, written))
    } catch (error) {
      const stopped: Stop | null = stop.signal.aborted
        ? (stop.signal.reason as Stop)
        : error instanceof TryStopped
          ? await whyStopped(jobId, attempt).catch(() => 'lost' as const)
          : null
      if (stopped === 'lost' || stopped === 'shutdown') {
        // Nothing is written: the job is another instance's now, or the sweep gives it back to the queue.
        lease.abandon()
      } else if (stopped === 'cancelled') {
        await lease.finish(() => jobs.deleteChunks(jobId)).catch((cause: unknown) => deps.onError(cause, `cleaning up export ${jobId}`))
      } else {
        if (!(error instanceof AppError)) deps.onError(error, `writing export ${jobId}`)
        const failure = error instanceof AppError ? error.message : FAILED_UNEXPECTEDLY
        await lease
          .finish(() =>
            deps.inTransaction(async (trx) => {
              if (await jobs.fail(trx, jobId, attempt, failure, now())) await jobs.deleteChunks(jobId, trx)
            }),
          )
          .catch((cause: unknown) => deps.onError(cause, `recording the failure of export ${jobId}`))
      }
    } finally {
      lease.lost.removeEventListener('abort', onLost)
      live.delete(jobId)
    }
  }

  /** Takes the oldest queued job, if any, in the transaction that writes its lease. */
  function claim() {
    return leases.start(EXPORT_JOB_LEASE, async (trx) => {
      const next = await jobs.oldestQueued(trx)
      if (!next) return null
      const attempt = next.attempt + 1
      if (!(await jobs.start(trx, next.job_id, attempt, now()))) return null
      return { key: next.job_id, value: { jobId: next.job_id, attempt } }
    })
  }

  /** Starts the next queued job when this instance has room for it, then the one after. */
  function kick(): void {
    if (closed || running >= JOBS_PER_INSTANCE) return
    running += 1
    let claimedOne = false
    void claim()
      .then(async (claimed) => {
        if (!claimed) return
        claimedOne = true
        const { jobId, attempt } = claimed.value
        const done = run(jobId, attempt, claimed.lease)
        const entry = live.get(jobId)
        if (entry) entry.done = done
        await done
      })
      .catch((error: unknown) => deps.onError(error, 'starting a queued export'))
      .finally(() => {
        running -= 1
        if (claimedOne) kick()
      })
  }

  return {
    /** Queues a long export asked for by `user` (already checked and recorded by the export route). */
    async start(
      user: AuthUser,
      request: ExportRequest,
      format: ExportFormat,
      reportName: string,
      rowsTotal: number,
    ): Promise<ReportExportJob> {
      const jobId = await jobs.insert({
        owner_id: user.id,
        report_name: reportName,
        format,
        // A drill's group values go with it, so the job writes the rows behind that group, not the whole report.
        request: JSON.stringify({
          reportId: request.reportId,
          definition: request.definition,
          parameters: request.parameters,
          drill: request.drill,
        }),
        rows_total: rowsTotal,
        created_at: now(),
      })
      kick()
      return view((await jobs.get(jobId))!)
    },

    /** The person's jobs, newest first; asking counts as looking at the ones still in progress. */
    async list(user: AuthUser): Promise<ReportExportJob[]> {
      const rows = await jobs.listOf(user.id)
      await jobs.seen(
        user.id,
        rows.filter((row) => row.state === 'queued' || row.state === 'running').map((row) => row.job_id),
        now(),
      )
      return rows.map(view)
    },

    async get(user: AuthUser, jobId: number): Promise<ReportExportJob> {
      const row = await owned(user, jobId)
      await jobs.seen(user.id, [jobId], now())
      return view(row)
    },

    /** Stops a queued or running job; its pieces are removed, and no e-mail is sent. */
    async cancel(user: AuthUser, jobId: number): Promise<ReportExportJob> {
      const row = await owned(user, jobId)
      const cancelled = await deps.inTransaction(async (trx) => {
        if (!(await jobs.cancel(trx, jobId, now()))) return false
        await jobs.deleteChunks(jobId, trx)
        return true
      })
      if (!cancelled)
        throw new AppError('conflict', `This export is ${row.state} and can no longer be cancelled.`, { code: 'export_not_cancellable' })
      // Written here: stopped at once; written elsewhere: that instance stops at its next progress write.
      live.get(jobId)?.stop.abort('cancelled' satisfies Stop)
      return view((await jobs.get(jobId))!)
    },

    /** The ready file, read from its pieces as it is sent. */
    async file(user: AuthUser, jobId: number) {
      const row = await owned(user, jobId)
      const expired = row.state === 'expired' || (row.state === 'ready' && row.expires_at !== null && row.expires_at <= now())
      if (expired) {
        // A long export is kept for a day, a scheduled report's file for a week: the row says until when.
        const until = row.expires_at ? ` on ${readyUntil(row.expires_at)}` : ''
        throw new AppError('not_found', `This export's file was removed${until}, when its time was up. Export the report again.`, {
          code: 'export_expired',
        })
      }
      if (row.state !== 'ready')
        throw new AppError('not_found', `This export has no file: it is ${row.state}.`, { code: 'export_not_ready' })
      return {
        fileName: row.file_name!,
        contentType: row.content_type!,
        size: row.size_bytes!,
        content: chunkReader(jobs, jobId, row.attempt),
      }
    },

    /** Removes the files whose day is over, pieces left by tries that stopped, and rows of long-ended jobs. */
    async sweepExpired(): Promise<number> {
      const at = now()
      const expired = await jobs.expiredIds(at, SWEEP_BATCH)
      for (const jobId of expired) {
        await deps.inTransaction(async (trx) => {
          await jobs.expire(trx, jobId)
          await jobs.deleteChunks(jobId, trx)
        })
      }
      for (const jobId of await jobs.endedWithPieces(SWEEP_BATCH)) await jobs.deleteChunks(jobId)
      await jobs.deleteEndedBefore(new Date(clock.now().getTime() - ENDED_KEPT_MS).toISOString())
      return expired.length
    },

    /** Looks for queued jobs now and then (those given back by a sweep, or queued while no instance had room). */
    startPolling(): void {
      if (pollTimer || closed) return
      pollTimer = setInterval(() => {
        if (closed || running >= JOBS_PER_INSTANCE) return
        jobs.hasQueued().then(
          (queued) => queued && kick(),
          (error: unknown) => deps.onError(error, 'looking for queued exports'),
        )
      }, QUEUE_POLL_MS)
      pollTimer.unref()
    },

    /** Stops taking jobs and stops those being written; their leases run out and a sweep queues them again. */
    async close(): Promise<void> {
      closed = true
      if (pollTimer) clearInterval(pollTimer)
      pollTimer = null
      const stopping = [...live.values()]
      for (const entry of stopping) entry.stop.abort('shutdown' satisfies Stop)
      await Promise.all(stopping.map((entry) => entry.done.catch(() => undefined)))
    },
  }
}
export type ExportJobsService = ReturnType<typeof createExportJobsService>
