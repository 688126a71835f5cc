import { RECEIPTS_APP } from '@platform/contracts/receipts'
import type { SiteScope } from '../../db/sql-fragments.js'
import type { AuthUser } from '../../plugins/access.js'
import type { ReadPolicy } from '../audit/audit.service.js'
import type { FinanceService } from '../finance/finance.service.js'

/**
 * The blind count, as one policy every answer goes through (visibility by policy, not by screen): a COUNTER at a site
 * sees no amount of that site's cash not yet counted, whatever else they hold and wherever the amount would appear
 * (lists, pages, the register, histories, notices, exports, PDFs, Reports Studio), so the expected total can never
 * steer a count. Cash is uncounted while its receipt waits for a deposit or sits in an open one.
 */

/** Cash of a receipt not yet counted: issued and waiting, or in a deposit still open. */
export const uncountedReceipt = (state: string, depositState: string | null) =>
  state === 'ISSUED' || (state === 'DEPOSITED' && (depositState === null || depositState === 'OPEN'))

/** A deposit's expected total is uncounted cash until its count is saved. */
export const uncountedDeposit = (state: string) => state === 'OPEN'

/** What one person may see, read once per call: ask it for each row. */
export interface AmountViewer {
  /** A COUNTER at the site: blind to its uncounted cash. */
  blindAt(siteId: number): boolean
  /** The receipt's amount (and its lines, its history's amounts) is hidden from this person. */
  hidesReceipt(row: { siteId: number; state: string; depositState: string | null }): boolean
  /** The deposit's expected total, over/short and receipts' amounts are hidden from this person. */
  hidesDeposit(row: { siteId: number; state: string }): boolean
}

/** The sites where the person counts (none, some, or every site): where uncounted cash is hidden from them. */
export async function countingSites(finance: FinanceService, user: AuthUser): Promise<SiteScope> {
  const counting = (await finance.dutiesIn(user, RECEIPTS_APP)).filter((duty) => duty.duty === 'COUNTER')
  if (counting.some((duty) => duty.siteIds === null)) return { all: true }
  return { all: false, siteIds: [...new Set(counting.flatMap((duty) => duty.siteIds ?? []))] }
}

export function createAmountVisibility(finance: FinanceService) {
  return {
    countingSites: (user: AuthUser) => countingSites(finance, user),

    async viewer(user: AuthUser): Promise<AmountViewer> {
      const sites = await countingSites(finance, user)
      const blindAt = (siteId: number) => sites.all || sites.siteIds.includes(siteId)
      return {
        blindAt,
        hidesReceipt: (row) => blindAt(row.siteId) && uncountedReceipt(row.state, row.depositState),
        hidesDeposit: (row) => blindAt(row.siteId) && uncountedDeposit(row.state),
      }
    },
  }
}
export type AmountVisibility = ReturnType<typeof createAmountVisibility>

/**
 * A history row's details as a person blind to the record's amounts reads them: every amount left out (`amountCents`,
 * `expectedCents`…). The audit row itself stays as written; only the answer is redacted.
 */
export function blindDetails(details: Record<string, unknown> | null): Record<string, unknown> | null {
  if (details === null) return null
  return Object.fromEntries(Object.entries(details).filter(([key]) => !/cents$/i.test(key)))
}

/**
 * The Activity view (the audit log, for administrators) as a person who counts anywhere reads it: no amount in the
 * details of Payment Receipts' rows. The log's rows do not say whether their cash has been counted since, so every
 * amount of those rows is left out for such a person; the record's own page shows what they may see.
 */
export function auditReadPolicy(finance: FinanceService): ReadPolicy {
  return async (viewer) => {
    const sites = await countingSites(finance, viewer)
    if (!sites.all && sites.siteIds.length === 0) return null
    return (row) => {
      if (!row.action.startsWith('receipts.') || row.details === null) return row.details
      try {
        return JSON.stringify(blindDetails(JSON.parse(row.details) as Record<string, unknown>))
      } catch {
        // Details that are not an object of facts cannot be told apart: none of them is answered.
        return null
      }
    }
  }
}
