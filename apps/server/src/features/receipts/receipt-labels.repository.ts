import { depositLabel } from '@platform/contracts/receipts'
import type { Db } from '../../db/database.js'

/** Whether a site's code was used in a number: the first receipt (or deposit) labelled with it. SQL only. */
export function createReceiptLabelsRepository(db: Db) {
  const k = db.kysely
  return {
    /** `receipt LHS-2025-26-000001`, or null when nothing was numbered at the site yet. */
    async firstIssuedAt(siteId: number): Promise<string | null> {
      const receipt = await k
        .selectFrom('receipts')
        .select('number')
        .where('site_id', '=', siteId)
        .orderBy('receipt_id')
        .limit(1)
        .executeTakeFirst()
      if (receipt) return `receipt ${receipt.number}`
      const deposit = await k
        .selectFrom('receipt_deposits')
        .select(['deposit_id', 'fiscal_year', 'site_code'])
        .where('site_id', '=', siteId)
        .orderBy('deposit_id')
        .limit(1)
        .executeTakeFirst()
      return deposit ? `deposit ${depositLabel(deposit.site_code ?? '', deposit.fiscal_year, deposit.deposit_id)}` : null
    },
  }
}
