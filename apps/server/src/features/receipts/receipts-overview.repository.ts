import type { Db } from '../../db/database.js'
import { type SiteScope, withinSites } from '../../db/sql-fragments.js'

/** The states of a deposit still on its way (a reconciled one is done). */
const ON_ITS_WAY = ['OPEN', 'COUNTED', 'APPROVED', 'SUBMITTED', 'CONFIRMED']

/**
 * Payment Receipts' figures for the Dashboard Overview beside the undeposited cash (the receipts repository's): one
 * aggregate query each, over the sites in scope. SQL only.
 */
export function createReceiptsOverviewRepository(db: Db) {
  const k = db.kysely
  return {
    /** Deposits still on their way, counted by state. */
    depositsByState: (scope: SiteScope) =>
      withinSites(
        k
          .selectFrom('receipt_deposits as d')
          .select((eb) => ['d.state', eb.fn.countAll<number>().as('n')])
          .where('d.state', 'in', ON_ITS_WAY)
          .groupBy('d.state'),
        'd.site_id',
        scope,
      ).execute(),
  }
}
export type ReceiptsOverviewRepository = ReturnType<typeof createReceiptsOverviewRepository>
