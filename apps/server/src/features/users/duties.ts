import { DUTIES_BY_APP, INCOMPATIBLE_DUTIES, isFiscalApp } from '@platform/contracts/finance'
import { labelOf } from '@platform/contracts/labels'
import { financeLabels } from '@platform/contracts/labels/finance'
import { AppError } from '../../lib/errors.js'

const dutyWords = (duty: string) => labelOf(financeLabels.duty, duty)

export interface DutyRequest {
  appId: number
  duty: string
  siteIds: number[] | null
}

export interface DutyContext {
  /** The applications the person will hold once saved. */
  grantedAppIds: number[]
  catalogue: Array<{ app_id: number; app_code: string; app_name: string }>
  /** Every site's id (inactive ones included: a duty may outlive a site's closing). */
  siteIds: number[]
}

/** The reasons a set of duties cannot be saved (empty when it can). */
export function dutyProblems(duties: DutyRequest[], context: DutyContext): string[] {
  const problems: string[] = []
  for (const duty of duties) {
    const app = context.catalogue.find((candidate) => candidate.app_id === duty.appId)
    if (!app) {
      problems.push(`Unknown application (id ${duty.appId}) for the ${duty.duty} duty.`)
      continue
    }
    if (!isFiscalApp(app.app_code)) {
      problems.push(`${app.app_name} has no duties; duties belong to Payment Receipts, Accruals and Public Information.`)
      continue
    }
    const known: readonly string[] = DUTIES_BY_APP[app.app_code]
    if (!known.includes(duty.duty))
      problems.push(`${app.app_name} has no ${dutyWords(duty.duty)} duty (it has ${known.map(dutyWords).join(', ')}).`)
    if (!context.grantedAppIds.includes(duty.appId))
      problems.push(`The ${duty.duty} duty needs the ${app.app_name} application to be granted too.`)
    if (duty.siteIds !== null && duty.siteIds.length === 0)
      problems.push(`The ${duty.duty} duty in ${app.app_name} names no site: list its sites, or null for every site.`)
    for (const siteId of duty.siteIds ?? [])
      if (!context.siteIds.includes(siteId)) problems.push(`Unknown site (id ${siteId}) for the ${duty.duty} duty.`)
  }
  return problems
}

/** One entry per application and duty, their sites merged (every site wins). */
export function mergeDuties(duties: DutyRequest[]): DutyRequest[] {
  const merged: DutyRequest[] = []
  for (const duty of duties) {
    const same = merged.find((candidate) => candidate.appId === duty.appId && candidate.duty === duty.duty)
    if (!same) merged.push({ ...duty, siteIds: duty.siteIds === null ? null : [...new Set(duty.siteIds)].sort((a, b) => a - b) })
    else if (same.siteIds !== null)
      same.siteIds = duty.siteIds === null ? null : [...new Set([...same.siteIds, ...duty.siteIds])].sort((a, b) => a - b)
  }
  return merged
}

/** Refuses duties nobody may hold together at one site (a COUNTER who is also a COLLECTOR there). */
export function dutyConflicts(duties: DutyRequest[], catalogue: DutyContext['catalogue']): string[] {
  const problems: string[] = []
  for (const [appCode, first, second] of INCOMPATIBLE_DUTIES) {
    const app = catalogue.find((candidate) => candidate.app_code === appCode)
    if (!app) continue
    const a = duties.find((duty) => duty.appId === app.app_id && duty.duty === first)
    const b = duties.find((duty) => duty.appId === app.app_id && duty.duty === second)
    if (!a || !b) continue
    const overlap = a.siteIds === null || b.siteIds === null || a.siteIds.some((siteId) => b.siteIds!.includes(siteId))
    if (overlap) problems.push(`Nobody may hold both ${first} and ${second} at the same site in ${app.app_name}.`)
  }
  return problems
}

/** Checks and merges the duties of a user form; throws 400 (bad references) or 422 (a forbidden pair). */
export function resolveDuties(duties: DutyRequest[], context: DutyContext): DutyRequest[] {
  const problems = dutyProblems(duties, context)
  if (problems.length > 0) throw new AppError('bad_request', problems.join(' '), { code: 'invalid_duty' })
  const merged = mergeDuties(duties)
  const conflicts = dutyConflicts(merged, context.catalogue)
  if (conflicts.length > 0) throw new AppError('unprocessable', conflicts.join(' '), { code: 'duty_conflict' })
  return merged
}
