import type { Insertable, Selectable } from 'kysely'
import type { Db, Executor } from '../../db/database.js'
import type { AuditCheckpointsTable } from '../../db/schema.js'

export type CheckpointRow = Selectable<AuditCheckpointsTable> & { made_by_name: string | null }

/** The checkpoint log and what a checkpoint reads of the chain. SQL only. */
export function createAuditCheckpointsRepository(db: Db) {
  const k = db.kysely

  const withMaker = (executor: Executor) =>
    executor
      .selectFrom('audit_checkpoints as c')
      .leftJoin('users as u', 'u.user_id', 'c.made_by')
      .selectAll('c')
      .select('u.full_name as made_by_name')

  return {
    /**
     * The chain's head as committed now, and how many rows the chain holds from its start row through it. A writer
     * holding the head has not committed its rows, so every row through the head read here is committed.
     */
    async chainHead(executor: Executor) {
      const head = await executor
        .selectFrom('audit_chain_head')
        .select(['last_audit_id', 'last_hash'])
        .where('chain_id', '=', 1)
        .executeTakeFirstOrThrow()
      const start = await executor
        .selectFrom('audit_log')
        .select('audit_id')
        .where('action', '=', 'audit.chain_started')
        .orderBy('audit_id')
        .executeTakeFirstOrThrow()
      const count = await executor
        .selectFrom('audit_log')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('audit_id', '>=', start.audit_id)
        .where('audit_id', '<=', head.last_audit_id)
        .executeTakeFirstOrThrow()
      return { ...head, row_count: Number(count.n) }
    },

    dailyExists: async (day: string, executor: Executor = k) =>
      (await executor.selectFrom('audit_checkpoints').select('checkpoint_id').where('daily_of', '=', day).executeTakeFirst()) !== undefined,

    /** Adds a checkpoint; a daily one whose day already has one adds nothing and answers null. */
    async insert(row: Insertable<AuditCheckpointsTable>, executor: Executor): Promise<number | null> {
      const inserted = await executor
        .insertInto('audit_checkpoints')
        .values(row)
        .onConflict((conflict) => conflict.column('daily_of').doNothing())
        .returning('checkpoint_id')
        .executeTakeFirst()
      return inserted?.checkpoint_id ?? null
    },

    /** Marks a checkpoint's e-mails queued, once: the row when this call is the one that did, else undefined. */
    async claimMailing(checkpointId: number, at: string, to: string[], executor: Executor) {
      const claimed = await executor
        .updateTable('audit_checkpoints')
        .set({ mailed_at: at, mailed_to: JSON.stringify(to) })
        .where('checkpoint_id', '=', checkpointId)
        .where('mailed_at', 'is', null)
        .returning('checkpoint_id')
        .executeTakeFirst()
      return claimed !== undefined
    },

    find: (checkpointId: number, executor: Executor = k) =>
      withMaker(executor).where('c.checkpoint_id', '=', checkpointId).executeTakeFirst(),

    /** Newest first, one page, with the total. */
    async list(limit: number, offset: number) {
      const [rows, count] = await Promise.all([
        withMaker(k).orderBy('c.checkpoint_id', 'desc').limit(limit).offset(offset).execute(),
        k
          .selectFrom('audit_checkpoints')
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow(),
      ])
      return { rows, total: Number(count.n) }
    },

    /** Every checkpoint in the log, oldest first: what the verifier holds the chain against. */
    all: () => withMaker(k).orderBy('c.checkpoint_id').execute(),
  }
}
export type AuditCheckpointsRepository = ReturnType<typeof createAuditCheckpointsRepository>
