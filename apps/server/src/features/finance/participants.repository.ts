import type { Db, Executor } from '../../db/database.js'

/** A record of a fiscal application, as the participants table names it. */
export interface RecordRef {
  appCode: string
  /** The kind of record within the application, e.g. `deposit`, `request`, `letter`. */
  recordType: string
  recordId: string | number
}

export interface Participant {
  userId: number
  part: string
}

/** Who took part in each fiscal record (migration 0032). SQL only. */
export function createParticipantsRepository(db: Db) {
  const k = db.kysely
  const about = (executor: Executor, record: RecordRef) =>
    executor
      .selectFrom('finance_participants')
      .where('app_code', '=', record.appCode)
      .where('record_type', '=', record.recordType)
      .where('record_id', '=', String(record.recordId))

  return {
    /** Adds parts people played; a part a person already played keeps its first time. Inside the step's transaction. */
    async add(executor: Executor, record: RecordRef, participants: Participant[], at: string): Promise<void> {
      if (participants.length === 0) return
      await executor
        .insertInto('finance_participants')
        .values(
          participants.map((participant) => ({
            app_code: record.appCode,
            record_type: record.recordType,
            record_id: String(record.recordId),
            user_id: participant.userId,
            part: participant.part,
            first_at: at,
          })),
        )
        .onConflict((conflict) => conflict.doNothing())
        .execute()
    },

    /** Everyone who took part in the record, oldest part first; given a step's transaction, as that transaction sees it. */
    of: async (record: RecordRef, executor: Executor = k): Promise<Participant[]> =>
      (await about(executor, record).select(['user_id', 'part']).orderBy('first_at').orderBy('part').execute()).map((row) => ({
        userId: row.user_id,
        part: row.part,
      })),
  }
}
export type ParticipantsRepository = ReturnType<typeof createParticipantsRepository>
