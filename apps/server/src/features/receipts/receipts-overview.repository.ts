import type { Db } from '../../db/database.js'
import { type SiteScope, withinSites } from '../../db/sql-fragments.js'

/** The states of a deposit still on its way (a reconciled one is done). */
const ON_ITS_WAY = ['OPEN', 'COUNTED', 'APPROVED', 'SUBMITTED', 'CONFIRMED']

/** Payment Receipts' figures for the Dashboard Overview: one aggregate query each, over the sites in scope. SQL only. */
export function createReceiptsOverviewRepository(db: Db) {
  const k = db.kysely
  return {
    /** Cash waiting for a deposit, by site: how many receipts, their sum, the oldest one's issue time. */
    undepositedBySite: (scope: SiteScope) =>
      withinSites(
        k
          .selectFrom('receipts as r')
          .innerJoin('finance_sites as s', 's.site_id', 'r.site_id')
          .select((eb) => [
            'r.site_id',
            's.name',
            's.deposit_frequency_days',
            eb.fn.countAll<number>().as('receipt_count'),
            eb.fn.sum<number>('r.amount_cents').as('amount_cents'),
            eb.fn.min<string>('r.issued_at').as('oldest_issued_at'),
          ])
          .where('r.state', '=', 'ISSUED')
          .groupBy(['r.site_id', 's.name', 's.deposit_frequency_days']),
        'r.site_id',
        scope,
      )
        .orderBy('oldest_issued_at')
        .execute(),

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
