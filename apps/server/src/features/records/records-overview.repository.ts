import { sql } from 'kysely'
import type { Db } from '../../db/database.js'
import { CLOCK_STATES } from './records.repository.js'

/** Public Information's figures for the Dashboard Overview, in two aggregate queries. SQL only. */
export function createRecordsOverviewRepository(db: Db) {
  const k = db.kysely
  return {
    /** Requests waiting for their determination: all, overdue (before `today`), and due from today to `weekEnd`. */
    async dueCounts(today: string, weekEnd: string) {
      const row = await k
        .selectFrom('records_requests')
        .select([
          sql<number>`count(*)`.as('open'),
          sql<number>`coalesce(sum(case when due_on < ${today} then 1 else 0 end), 0)`.as('overdue'),
          sql<number>`coalesce(sum(case when due_on >= ${today} and due_on <= ${weekEnd} then 1 else 0 end), 0)`.as('due_this_week'),
        ])
        .where('state', 'in', [...CLOCK_STATES])
        .executeTakeFirstOrThrow()
      return { open: Number(row.open), overdue: Number(row.overdue), dueThisWeek: Number(row.due_this_week) }
    },

    /** Draft letters still to sign: a closed request's closure letter, or any letter of a request still open. */
    async draftLetters() {
      const row = await k
        .selectFrom('records_letters as l')
        .innerJoin('records_requests as r', 'r.request_id', 'l.request_id')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('l.state', '=', 'DRAFT')
        .where((eb) => eb.or([eb('l.kind', '=', 'CLOSURE'), eb('r.state', '!=', 'CLOSED')]))
        .executeTakeFirstOrThrow()
      return Number(row.n)
    },
  }
}
export type RecordsOverviewRepository = ReturnType<typeof createRecordsOverviewRepository>
