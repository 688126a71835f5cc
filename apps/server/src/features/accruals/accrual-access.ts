import { labelOf } from '@platform/contracts/labels'
import { accrualsLabels } from '@platform/contracts/labels/accruals'
import { ACCRUALS_APP } from '@platform/contracts/accruals'
import { isAdminRole } from '@platform/contracts/auth'
import { AppError } from '../../lib/errors.js'
import type { AuthUser } from '../../plugins/access.js'
import type { FinanceService } from '../finance/finance.service.js'
import type { DbTransaction } from '../../db/database.js'
import type { SeparationRule, StepCheck, StepClearance } from '../finance/separation.service.js'
import { type AccrualDuty, REQUEST_RECORD } from './accrual-steps.js'

/** How a request is named in messages. */
export const requestLabel = (accrualId: number) => `request #${accrualId}`

/** Who may see and do what in Accruals, on top of the foundation's duty checks. */
export function createAccrualAccess(finance: FinanceService) {
  const has = (user: Pick<AuthUser, 'id'>, duty: AccrualDuty, siteId: number) => finance.hasDuty(user, ACCRUALS_APP, duty, siteId)

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
        `${what} covers every site: it needs the ${labelOf(accrualsLabels.duty, duty)} duty for all sites in Accruals, which you do not hold. Ask your administrator.`,
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

    /** A step about to be taken on a request, as the foundation's separation checks it against every participant. */
    stepCheck: (accrualId: number, step: string, rule: SeparationRule, userId: number): StepCheck => ({
      appCode: ACCRUALS_APP,
      recordType: REQUEST_RECORD,
      recordId: String(accrualId),
      recordLabel: requestLabel(accrualId),
      step,
      rule,
      userId,
    }),
    /** Refuses (422, audited) a person barred from the step; nothing is spent until confirmIn, inside the step. */
    checkStep: (check: StepCheck) => finance.checkStep(check),
    /** Inside the step's transaction, after the request's row is locked: read again, and the exception spent. */
    confirmIn: (trx: DbTransaction, check: StepCheck, clearance: StepClearance) => finance.confirmStepIn(trx, check, clearance),
    /** Why the person may not take the step (null: nothing bars them), in their words. */
    reasonNotOffered: (check: StepCheck) => finance.reasonNotOffered(check),
    /** Writes the parts people played in the request, inside the step's transaction. */
    recordParts: (trx: DbTransaction, accrualId: number, parts: Array<{ userId: number; part: string }>) =>
      finance.recordParts(trx, { appCode: ACCRUALS_APP, recordType: REQUEST_RECORD, recordId: String(accrualId) }, parts),
    participants: (accrualId: number) =>
      finance.participantsOf({ appCode: ACCRUALS_APP, recordType: REQUEST_RECORD, recordId: String(accrualId) }),
  }
}
export type AccrualAccess = ReturnType<typeof createAccrualAccess>
