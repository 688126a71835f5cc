import { isAdminRole } from '@platform/contracts/auth'
import { RECEIPTS_APP } from '@platform/contracts/receipts'
import { AppError } from '../../lib/errors.js'
import type { AuthUser } from '../../plugins/access.js'
import type { FinanceService } from '../finance/finance.service.js'

export type ReceiptDuty = 'COLLECTOR' | 'COUNTER' | 'APPROVER' | 'RECONCILER' | 'VIEWER'

/** Who may see and do what in Payment Receipts, on top of the foundation's duty checks. */
export function createReceiptAccess(finance: FinanceService) {
  const has = (user: AuthUser, duty: ReceiptDuty, siteId: number) => finance.hasDuty(user, RECEIPTS_APP, duty, siteId)

  return {
    has,
    require: (user: AuthUser, duty: ReceiptDuty, siteId: number) => finance.requireDuty(user, RECEIPTS_APP, duty, siteId),
    scope: (user: AuthUser) => finance.visibleSites(user, RECEIPTS_APP),

    /** A record at a site the person may not see is "not found", never a hint that it exists. */
    async requireView(user: AuthUser, siteId: number, what: string): Promise<void> {
      const scope = await finance.visibleSites(user, RECEIPTS_APP)
      if (scope.all || scope.siteIds.includes(siteId)) return
      throw new AppError('not_found', `There is no ${what} you may see.`, { code: 'not_found' })
    },

    /**
     * The blind count: a COUNTER at the site sees no amount of cash not yet counted (undeposited receipts and open
     * deposits), whatever else they hold, so the expected total can never steer the count.
     */
    async amountsHidden(user: AuthUser, siteId: number, depositState: string | null): Promise<boolean> {
      if (depositState !== null && depositState !== 'OPEN') return false
      return has(user, 'COUNTER', siteId)
    },

    isAdmin: (user: AuthUser) => isAdminRole(user.roleCode),

    separation: (check: {
      recordId: string
      recordLabel: string
      step: string
      userId: number
      conflicts: Array<{ role: string; userIds: number[] }>
    }) => finance.assertSeparation({ appCode: RECEIPTS_APP, ...check }),
  }
}
export type ReceiptAccess = ReturnType<typeof createReceiptAccess>
