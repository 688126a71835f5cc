import { depositLabel } from '@platform/contracts/receipts'
import type { Db, Executor } from '../../db/database.js'

/** Whether a site's code was used in a number: the first receipt (or deposit) labelled with it. SQL only. */
export function createReceiptLabelsRepository(db: Db) {
  const k = db.kysely
  return {
    /**
     * `receipt LHS-2025-26-000001`, or null when nothing was numbered at the site yet; read on `executor` (a site edit's
     * transaction, holding the site's lock, which every issuer of a number takes before reading the code).
     */
    async firstIssuedAt(siteId: number, executor: Executor = k): Promise<string | null> {
      const receipt = await executor
        .selectFrom('receipts')
        .select('number')
        .where('site_id', '=', siteId)
        .orderBy('receipt_id')
        .limit(1)
        .executeTakeFirst()
      if (receipt) return `receipt ${receipt.number}`
      const deposit = await executor
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
