import type { Db } from '../../db/database.js'
import { type SiteScope, withinSites } from '../../db/sql-fragments.js'

/** Requests that no longer count toward a cycle's totals. */
const DROPPED = ['REJECTED', 'WITHDRAWN']

/** Accruals' figures for the Dashboard Overview: one aggregate query each, over the sites in scope. SQL only. */
export function createAccrualsOverviewRepository(db: Db) {
  const k = db.kysely
  const ofCycle = (cycleId: number, scope: SiteScope) =>
    withinSites(k.selectFrom('accruals as a').where('a.cycle_id', '=', cycleId), 'a.site_id', scope)
  return {
    /** The newest cycle (the one the sites are working on), or none. */
    currentCycle: () =>
      k
        .selectFrom('accrual_cycles')
        .select(['cycle_id', 'fiscal_year', 'submit_by', 'lock_on'])
        .orderBy('fiscal_year', 'desc')
        .limit(1)
        .executeTakeFirst(),

    byState: (cycleId: number, scope: SiteScope) =>
      ofCycle(cycleId, scope)
        .select((eb) => ['a.state as code', eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('a.amount_cents').as('cents')])
        .groupBy('a.state')
        .execute(),

    byType: (cycleId: number, scope: SiteScope) =>
      ofCycle(cycleId, scope)
        .where('a.state', 'not in', DROPPED)
        .select((eb) => ['a.type as code', eb.fn.countAll<number>().as('n'), eb.fn.sum<number>('a.amount_cents').as('cents')])
        .groupBy('a.type')
        .execute(),

    /** Requests in a state at these sites (every site: null). */
    countWaiting: async (state: string, siteIds: number[] | null) => {
      const scope: SiteScope = siteIds === null ? { all: true } : { all: false, siteIds }
      const row = await withinSites(k.selectFrom('accruals as a').where('a.state', '=', state), 'a.site_id', scope)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
      return Number(row.n)
    },
  }
}
export type AccrualsOverviewRepository = ReturnType<typeof createAccrualsOverviewRepository>
