import { sql } from 'kysely'
import type { Db, Executor } from '../../../db/database.js'

export type ExportJobRow = Awaited<ReturnType<ReturnType<typeof createExportJobsRepository>['get']>> & {}

const LIST_LIMIT = 50

/** Export jobs and their files' pieces: SQL only, the rules are in export-jobs.service.ts. */
export function createExportJobsRepository(db: Db) {
  const k = db.kysely
  const jobs = (executor: Executor = k) => executor.selectFrom('report_export_jobs').selectAll()

  return {
    get: async (jobId: number, executor: Executor = k) => (await jobs(executor).where('job_id', '=', jobId).executeTakeFirst()) ?? null,

    /** A person's jobs, newest first (the ones whose rows were not yet removed). */
    listOf: (ownerId: number) => jobs().where('owner_id', '=', ownerId).orderBy('job_id', 'desc').limit(LIST_LIMIT).execute(),

    async insert(row: {
      owner_id: number
      report_name: string
      format: string
      request: string
      rows_total: number
      created_at: string
    }): Promise<number> {
      const inserted = await k
        .insertInto('report_export_jobs')
        .values({ ...row, state: 'queued', last_seen_at: row.created_at })
        .returning('job_id')
        .executeTakeFirstOrThrow()
      return inserted.job_id
    },

    /**
     * A file written elsewhere (a scheduled report too large to attach) kept as a ready job of its owner's, with its
     * pieces, in the caller's transaction; answers the job's id.
     */
    async insertReady(
      executor: Executor,
      row: {
        owner_id: number
        report_name: string
        format: string
        request: string
        rows_total: number
        created_at: string
        expires_at: string
        file_name: string
        content_type: string
      },
      content: Buffer,
      chunkBytes: number,
    ): Promise<number> {
      const { job_id: jobId } = await executor
        .insertInto('report_export_jobs')
        .values({
          ...row,
          state: 'ready',
          attempt: 1,
          rows_done: row.rows_total,
          started_at: row.created_at,
          finished_at: row.created_at,
          last_seen_at: row.created_at,
          size_bytes: content.byteLength,
          // Its e-mail is the subscription's own.
          notice_emailed: 1,
        })
        .returning('job_id')
        .executeTakeFirstOrThrow()
      for (let seq = 1, at = 0; at < content.byteLength; seq += 1, at += chunkBytes) {
        const piece = content.subarray(at, at + chunkBytes)
        const bytes = db.dialect === 'postgres' ? sql`cast(${piece} as bytea)` : sql`${piece}`
        await sql`insert into report_export_chunks (job_id, attempt, seq, content) values (${jobId}, 1, ${seq}, ${bytes})`.execute(executor)
      }
      return jobId
    },

    /** The owner's screen asked about these jobs now. */
    async seen(ownerId: number, jobIds: number[], now: string): Promise<void> {
      if (jobIds.length === 0) return
      await k
        .updateTable('report_export_jobs')
        .set({ last_seen_at: now })
        .where('owner_id', '=', ownerId)
        .where('job_id', 'in', jobIds)
        .where('state', 'in', ['queued', 'running'])
        .execute()
    },

    oldestQueued: (executor: Executor) =>
      executor
        .selectFrom('report_export_jobs')
        .select(['job_id', 'attempt'])
        .where('state', '=', 'queued')
        .orderBy('job_id')
        .limit(1)
        .executeTakeFirst(),

    hasQueued: async () =>
      (await k.selectFrom('report_export_jobs').select('job_id').where('state', '=', 'queued').limit(1).executeTakeFirst()) !== undefined,

    /** Starts a try of a queued job; false when another instance started it first. */
    async start(executor: Executor, jobId: number, attempt: number, now: string): Promise<boolean> {
      const result = await executor
        .updateTable('report_export_jobs')
        .set({ state: 'running', attempt, started_at: now, rows_done: 0 })
        .where('job_id', '=', jobId)
        .where('state', '=', 'queued')
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    /** Progress of a try; false when the try is no longer the job's (cancelled, or taken back by a sweep). */
    async progress(jobId: number, attempt: number, values: { rows_done?: number; rows_total?: number }): Promise<boolean> {
      const result = await k
        .updateTable('report_export_jobs')
        .set(values)
        .where('job_id', '=', jobId)
        .where('attempt', '=', attempt)
        .where('state', '=', 'running')
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    /** Stores a piece of the file, only while the try that writes it is still the job's. */
    async addChunk(jobId: number, attempt: number, seq: number, content: Buffer): Promise<boolean> {
      const bytes = db.dialect === 'postgres' ? sql`cast(${content} as bytea)` : sql`${content}`
      const result = await sql`insert into report_export_chunks (job_id, attempt, seq, content)
        select ${jobId}, ${attempt}, ${seq}, ${bytes}
        where exists (select 1 from report_export_jobs where job_id = ${jobId} and attempt = ${attempt} and state = 'running')`.execute(k)
      return Number(result.numAffectedRows ?? 0) === 1
    },

    /** The piece after `afterSeq` of a try's file. */
    nextChunk: async (jobId: number, attempt: number, afterSeq: number) =>
      (await k
        .selectFrom('report_export_chunks')
        .select(['seq', 'content'])
        .where('job_id', '=', jobId)
        .where('attempt', '=', attempt)
        .where('seq', '>', afterSeq)
        .orderBy('seq')
        .limit(1)
        .executeTakeFirst()) ?? null,

    deleteChunks: (jobId: number, executor: Executor = k) =>
      executor.deleteFrom('report_export_chunks').where('job_id', '=', jobId).execute(),

    /** Marks a try's file written; false when the try is no longer the job's. */
    async ready(
      executor: Executor,
      jobId: number,
      attempt: number,
      values: { finished_at: string; expires_at: string; rows_done: number; file_name: string; content_type: string; size_bytes: number },
    ): Promise<boolean> {
      const result = await executor
        .updateTable('report_export_jobs')
        .set({ ...values, state: 'ready' })
        .where('job_id', '=', jobId)
        .where('attempt', '=', attempt)
        .where('state', '=', 'running')
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    async noticeSent(executor: Executor, jobId: number): Promise<boolean> {
      const result = await executor
        .updateTable('report_export_jobs')
        .set({ notice_emailed: 1 })
        .where('job_id', '=', jobId)
        .where('notice_emailed', '=', 0)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    async fail(executor: Executor, jobId: number, attempt: number, failure: string, now: string): Promise<boolean> {
      const result = await executor
        .updateTable('report_export_jobs')
        .set({ state: 'failed', failure, finished_at: now })
        .where('job_id', '=', jobId)
        .where('attempt', '=', attempt)
        .where('state', '=', 'running')
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    async cancel(executor: Executor, jobId: number, now: string): Promise<boolean> {
      const result = await executor
        .updateTable('report_export_jobs')
        .set({ state: 'cancelled', finished_at: now })
        .where('job_id', '=', jobId)
        .where('state', 'in', ['queued', 'running'])
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    /** A running job whose instance stopped: back in the queue, to be written again from the start. */
    async requeue(executor: Executor, jobId: number): Promise<boolean> {
      const result = await executor
        .updateTable('report_export_jobs')
        .set({ state: 'queued', rows_done: 0, started_at: null })
        .where('job_id', '=', jobId)
        .where('state', '=', 'running')
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    /** Ready files whose day is over. */
    expiredIds: async (now: string, limit: number) =>
      (
        await k
          .selectFrom('report_export_jobs')
          .select('job_id')
          .where('state', '=', 'ready')
          .where('expires_at', '<=', now)
          .orderBy('expires_at')
          .limit(limit)
          .execute()
      ).map((row) => row.job_id),

    async expire(executor: Executor, jobId: number): Promise<void> {
      await executor
        .updateTable('report_export_jobs')
        .set({ state: 'expired' })
        .where('job_id', '=', jobId)
        .where('state', '=', 'ready')
        .execute()
    },

    /** Jobs that ended without a file to keep, with pieces left by a try that stopped as it ended. */
    endedWithPieces: async (limit: number) =>
      (
        await k
          .selectFrom('report_export_jobs')
          .select('job_id')
          .where('state', 'in', ['failed', 'cancelled', 'expired'])
          .where((eb) =>
            eb.exists(
              eb.selectFrom('report_export_chunks').select('seq').whereRef('report_export_chunks.job_id', '=', 'report_export_jobs.job_id'),
            ),
          )
          .limit(limit)
          .execute()
      ).map((row) => row.job_id),

    /** Rows of jobs that ended before `before` (their files are long gone). */
    deleteEndedBefore: (before: string) =>
      k
        .deleteFrom('report_export_jobs')
        .where('state', 'in', ['failed', 'cancelled', 'expired'])
        .where('finished_at', '<', before)
        .execute(),
  }
}
export type ExportJobsRepository = ReturnType<typeof createExportJobsRepository>
