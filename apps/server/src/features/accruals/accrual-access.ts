import { ACCRUALS_APP } from '@platform/contracts/accruals'
import { isAdminRole } from '@platform/contracts/auth'
import { AppError } from '../../lib/errors.js'
import type { AuthUser } from '../../plugins/access.js'
import type { FinanceService } from '../finance/finance.service.js'
import type { AccrualDuty, AccrualPart } from './accrual-steps.js'

/** Who may see and do what in Accruals, on top of the foundation's duty checks. */
export function createAccrualAccess(finance: FinanceService) {
  const has = (user: AuthUser, duty: AccrualDuty, siteId: number) => finance.hasDuty(user, ACCRUALS_APP, duty, siteId)

  /** Holds the duty for every site (a district-wide duty: cycles and the journal cover all sites). */
  async function hasEverywhere(user: AuthUser, duty: AccrualDuty) {
    return (await finance.dutiesIn(user, ACCRUALS_APP)).some((candidate) => candidate.duty === duty && candidate.siteIds === null)
  }

  return {
    has,
    hasEverywhere,
    require: (user: AuthUser, duty: AccrualDuty, siteId: number) => finance.requireDuty(user, ACCRUALS_APP, duty, siteId),
    async requireEverywhere(user: AuthUser, duty: AccrualDuty, what: string) {
      if (await hasEverywhere(user, duty)) return
      throw new AppError(
        'forbidden',
        `${what} covers every site: it needs the ${duty} duty for all sites in Accruals, which you do not hold. Ask your administrator.`,
        { code: 'duty_required' },
      )
    },
    scope: (user: AuthUser) => finance.visibleSites(user, ACCRUALS_APP),

    /** A request at a site the person may not see is "not found", never a hint that it exists. */
    async requireView(user: AuthUser, siteId: number, what: string): Promise<void> {
      const scope = await finance.visibleSites(user, ACCRUALS_APP)
      if (scope.all || scope.siteIds.includes(siteId)) return
      throw new AppError('not_found', `There is no ${what} you may see.`, { code: 'not_found' })
    },

    isAdmin: (user: AuthUser) => isAdminRole(user.roleCode),
    duties: (user: AuthUser) => finance.dutiesIn(user, ACCRUALS_APP),

    separation: (check: {
      recordId: string
      recordLabel: string
      step: string
      userId: number
      conflicts: Array<{ role: AccrualPart; userIds: number[] }>
    }) => finance.assertSeparation({ appCode: ACCRUALS_APP, ...check }),
  }
}
export type AccrualAccess = ReturnType<typeof createAccrualAccess>
