import type { Insertable } from 'kysely'
import type { Db, Executor } from '../../db/database.js'
import type { FinanceExceptionsTable } from '../../db/schema.js'

/** One-use separation-of-duties exceptions. SQL only. */
export function createExceptionsRepository(db: Db) {
  const k = db.kysely
  const listed = () =>
    k
      .selectFrom('finance_exceptions as e')
      .innerJoin('applications as a', 'a.app_id', 'e.app_id')
      .innerJoin('users as u', 'u.user_id', 'e.user_id')
      .innerJoin('users as c', 'c.user_id', 'e.created_by')
      .select([
        'e.exception_id',
        'e.app_id',
        'a.app_code',
        'e.record_id',
        'e.step',
        'e.user_id',
        'u.full_name as user_name',
        'e.reason',
        'e.created_by',
        'c.full_name as created_by_name',
        'e.created_at',
        'e.used_at',
      ])

  return {
    insert: async (row: Insertable<FinanceExceptionsTable>) =>
      (await k.insertInto('finance_exceptions').values(row).returning('exception_id').executeTakeFirstOrThrow()).exception_id,

    list: (appId: number | undefined) => {
      let query = listed()
      if (appId !== undefined) query = query.where('e.app_id', '=', appId)
      return query.orderBy('e.created_at', 'desc').orderBy('e.exception_id', 'desc').execute()
    },

    findById: (exceptionId: number) => listed().where('e.exception_id', '=', exceptionId).executeTakeFirst(),

    /** The first unused exception for this person, step and record, never one the person recorded themselves; null if none. */
    async findUsable(appId: number, recordId: string, step: string, userId: number): Promise<number | null> {
      const candidate = await k
        .selectFrom('finance_exceptions')
        .select('exception_id')
        .where('app_id', '=', appId)
        .where('record_id', '=', recordId)
        .where('step', '=', step)
        .where('user_id', '=', userId)
        .where('created_by', '<>', userId)
        .where('used_at', 'is', null)
        .orderBy('exception_id')
        .executeTakeFirst()
      return candidate?.exception_id ?? null
    },

    /** Spends the exception inside the step's transaction; false when another step spent it first. */
    async spend(executor: Executor, exceptionId: number, at: string): Promise<boolean> {
      const result = await executor
        .updateTable('finance_exceptions')
        .set({ used_at: at })
        .where('exception_id', '=', exceptionId)
        .where('used_at', 'is', null)
        .executeTakeFirst()
      return Number(result.numUpdatedRows) === 1
    },

    activeUser: (userId: number) =>
      k.selectFrom('users').select(['user_id', 'full_name', 'is_active']).where('user_id', '=', userId).executeTakeFirst(),
  }
}
export type ExceptionsRepository = ReturnType<typeof createExceptionsRepository>
export type ExceptionRow = NonNullable<Awaited<ReturnType<ExceptionsRepository['findById']>>>
