import { labelOf } from '@platform/contracts/labels'
import { recordsLabels } from '@platform/contracts/labels/records'
import { isAdminRole } from '@platform/contracts/auth'
import { PUBLIC_INFO_DUTIES, type PublicInfoDuty, RECORDS_APP } from '@platform/contracts/records'
import { AppError } from '../../lib/errors.js'
import type { AuthUser } from '../../plugins/access.js'
import type { FinanceService } from '../finance/finance.service.js'
import { STEP_DUTIES, type Step } from './records-rules.js'

const STEP_WORDS: Record<Step, string> = {
  record: 'record a request',
  assign: 'assign people',
  clarify: 'clarify a request',
  addTask: 'add a search task',
  finishTask: 'finish a search task',
  upload: 'upload records',
  markExemption: 'mark exemptions',
  keepLibrary: 'keep the exemption library',
  draftLetter: 'draft a letter',
  issueLetter: 'sign and issue a letter',
  extend: 'extend the time to determine',
  determine: 'determine a request',
  produce: 'produce records',
  close: 'close a request',
  reopen: 'reopen a request',
  recordFee: 'record a fee',
  logTime: 'log time',
  note: 'add a note',
  link: 'link fiscal records',
  view: 'see requests',
  message: 'write to the requester',
  release: 'release documents to the requester',
  publicSummary: 'write the public summary',
  dismissDuplicate: 'clear a possible duplicate',
  mail: 'mail letters',
}

/**
 * Who may take which step in Public Information: the duty table of records-rules.ts, read from the person's duties.
 * Requests belong to the district, so a duty counts whatever sites it was granted for.
 */
export function createRecordsAccess(deps: {
  finance: FinanceService
  isAssigned: (requestId: number, userId: number) => Promise<boolean>
}) {
  async function dutiesOf(user: AuthUser): Promise<Set<PublicInfoDuty>> {
    const held = await deps.finance.dutiesIn(user, RECORDS_APP)
    return new Set(
      held.map((duty) => duty.duty).filter((duty): duty is PublicInfoDuty => (PUBLIC_INFO_DUTIES as readonly string[]).includes(duty)),
    )
  }

  /** Whether the person may take the step (on this request, when a custodian must be assigned to it). */
  async function may(user: AuthUser, step: Step, requestId?: number, held?: Set<PublicInfoDuty>): Promise<boolean> {
    const duties = held ?? (await dutiesOf(user))
    if (step === 'view' && isAdminRole(user.roleCode)) return true
    const rule = STEP_DUTIES[step]
    for (const duty of rule.duties) {
      if (!duties.has(duty)) continue
      if (duty === 'CUSTODIAN' && rule.custodianMustBeAssigned) {
        if (requestId !== undefined && (await deps.isAssigned(requestId, user.id))) return true
        continue
      }
      return true
    }
    return false
  }

  return {
    dutiesOf,
    may,
    isAdmin: (user: AuthUser) => isAdminRole(user.roleCode),

    /** Refuses with 403 naming the duty the step needs. */
    async require(user: AuthUser, step: Step, requestId?: number): Promise<void> {
      if (await may(user, step, requestId)) return
      const rule = STEP_DUTIES[step]
      const needed = rule.duties
        .map((duty) => {
          const words = labelOf(recordsLabels.duty, duty).toLowerCase()
          return duty === 'CUSTODIAN' && rule.custodianMustBeAssigned ? `${words} (assigned to the request)` : words
        })
        .join(' or ')
      throw new AppError(
        'forbidden',
        `To ${STEP_WORDS[step]} you need the ${needed} duty in Public Information, which you do not hold. Ask your administrator.`,
        { code: 'duty_required' },
      )
    },
  }
}
export type RecordsAccess = ReturnType<typeof createRecordsAccess>
