import type { Duty } from '@platform/contracts/finance'
import type { Db, Executor } from '../../db/database.js'

/** People's duties in the fiscal applications (one row per site, or one with no site for every site). SQL only. */
export function createDutiesRepository(db: Db) {
  const k = db.kysely
  return {
    /** Each person's duties, a duty's sites gathered (null: every site). */
    async dutiesOf(userIds: number[], executor: Executor = k): Promise<Map<number, Duty[]>> {
      const result = new Map<number, Duty[]>(userIds.map((id) => [id, []]))
      if (userIds.length === 0) return result
      const rows = await executor
        .selectFrom('finance_duties as d')
        .innerJoin('applications as a', 'a.app_id', 'd.app_id')
        .select(['d.user_id', 'd.app_id', 'a.app_code', 'd.duty', 'd.site_id'])
        .where('d.user_id', 'in', userIds)
        .orderBy('d.app_id')
        .orderBy('d.duty')
        .orderBy('d.site_id')
        .execute()
      for (const row of rows) {
        const duties = result.get(row.user_id)!
        let duty = duties.find((candidate) => candidate.appId === row.app_id && candidate.duty === row.duty)
        if (!duty) {
          duty = { appId: row.app_id, appCode: row.app_code, duty: row.duty, siteIds: [] }
          duties.push(duty)
        }
        if (row.site_id === null) duty.siteIds = null
        else if (duty.siteIds !== null) duty.siteIds.push(row.site_id)
      }
      return result
    },

    /** Makes a person's duties exactly these. */
    async replaceDuties(
      userId: number,
      duties: Array<{ appId: number; duty: string; siteIds: number[] | null }>,
      grantedBy: number | null,
      at: string,
      executor: Executor = k,
    ) {
      await executor.deleteFrom('finance_duties').where('user_id', '=', userId).execute()
      const rows = duties.flatMap((duty) =>
        (duty.siteIds ?? [null]).map((siteId) => ({
          user_id: userId,
          app_id: duty.appId,
          duty: duty.duty,
          site_id: siteId,
          granted_at: at,
          granted_by: grantedBy,
        })),
      )
      for (let i = 0; i < rows.length; i += 200)
        await executor
          .insertInto('finance_duties')
          .values(rows.slice(i, i + 200))
          .execute()
    },
  }
}
export type DutiesRepository = ReturnType<typeof createDutiesRepository>
