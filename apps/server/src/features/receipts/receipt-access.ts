import { isAdminRole } from '@platform/contracts/auth'
import { RECEIPTS_APP } from '@platform/contracts/receipts'
import type { DbTransaction } from '../../db/database.js'
import { AppError } from '../../lib/errors.js'
import type { AuthUser } from '../../plugins/access.js'
import type { FinanceService } from '../finance/finance.service.js'
import type { SeparationRule, StepClearance } from '../finance/separation.service.js'
import { createAmountVisibility } from './amount-visibility.js'

export type ReceiptDuty = 'COLLECTOR' | 'COUNTER' | 'APPROVER' | 'RECONCILER' | 'VIEWER'

/** A part a person played in a record, as the participants table names it (`collected`, `counted`…). */
export type Participant = { userId: number; part: string }

/** A step on a receipt or a deposit, as separation of duties checks it against everyone who took part. */
export interface ReceiptStepCheck {
  recordType: 'receipt' | 'deposit'
  recordId: number
  /** The label exceptions are recorded under (the receipt's number, the deposit's label). */
  label: string
  step: string
  rule: SeparationRule
  userId: number
  /** The collectors of a deposit's receipts (a deposit's part played in its receipts). */
  derived?: Participant[]
}

/** Who may see and do what in Payment Receipts, on top of the foundation's duty checks. */
export function createReceiptAccess(finance: FinanceService) {
  const has = (user: AuthUser, duty: ReceiptDuty, siteId: number) => finance.hasDuty(user, RECEIPTS_APP, duty, siteId)
  const visibility = createAmountVisibility(finance)
  const stepCheck = (check: ReceiptStepCheck) => ({
    appCode: RECEIPTS_APP,
    recordType: check.recordType,
    recordId: check.recordId,
    recordLabel: `${check.recordType} ${check.label}`,
    step: check.step,
    rule: check.rule,
    userId: check.userId,
    exceptionRecordId: check.label,
    ...(check.derived ? { derived: check.derived } : {}),
  })

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

    /** The blind count's one policy (amount-visibility.ts): what amounts this person may see. */
    viewer: (user: AuthUser) => visibility.viewer(user),
    countingSites: (user: AuthUser) => visibility.countingSites(user),

    isAdmin: (user: AuthUser) => isAdminRole(user.roleCode),

    /** Before a step's transaction: refuses (422) a person who played a barred part, unless an exception lets them. */
    checkStep: (check: ReceiptStepCheck) => finance.checkStep(stepCheck(check)),
    /** Inside the step's transaction, once the record's row is locked: checks again and spends the exception. */
    confirmStepIn: (trx: DbTransaction, check: ReceiptStepCheck, clearance: StepClearance) =>
      finance.confirmStepIn(trx, stepCheck(check), clearance),
    /** The words the screen shows beside a step it does not offer (null: nothing bars the person). */
    reasonNotOffered: (check: ReceiptStepCheck) => finance.reasonNotOffered(stepCheck(check)),
    /** Records the parts people played, inside the step's transaction. */
    recordParts: (trx: DbTransaction, record: { recordType: 'receipt' | 'deposit'; recordId: number }, parts: Participant[]) =>
      finance.recordParts(trx, { appCode: RECEIPTS_APP, ...record }, parts),
  }
}
export type ReceiptAccess = ReturnType<typeof createReceiptAccess>
