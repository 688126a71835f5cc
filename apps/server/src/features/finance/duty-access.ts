import { isAdminRole } from '@platform/contracts/auth'
import type { Duty } from '@platform/contracts/finance'
import { labelOf } from '@platform/contracts/labels'
import { financeLabels } from '@platform/contracts/labels/finance'
import { AppError } from '../../lib/errors.js'
import type { AuthUser } from '../../plugins/access.js'

/** Which sites a person may see in an application: every site, or these. */
export type VisibleSites = { all: true } | { all: false; siteIds: number[] }

/**
 * Duty checks the fiscal applications make on every step. Administrators see every site read-only;
 * they act only through duties granted to them like anyone else.
 */
export function createDutyAccess(deps: { dutiesOf: (userId: number) => Promise<Duty[]>; siteLabel: (siteId: number) => Promise<string> }) {
  // A step asks several times (may act? which sites? which buttons?); the person's duties are read once per call. The
  // signed-in person is a new object on every call, so nothing read here outlives the call that read it.
  const readDuties = new WeakMap<Pick<AuthUser, 'id'>, Promise<Duty[]>>()
  const dutiesOf = (user: Pick<AuthUser, 'id'>): Promise<Duty[]> => {
    let duties = readDuties.get(user)
    if (!duties) {
      duties = deps.dutiesOf(user.id)
      readDuties.set(user, duties)
      duties.catch(() => readDuties.delete(user))
    }
    return duties
  }
  const holds = (duties: Duty[], appCode: string, duty: string, siteId: number) =>
    duties.some(
      (candidate) =>
        candidate.appCode === appCode && candidate.duty === duty && (candidate.siteIds === null || candidate.siteIds.includes(siteId)),
    )

  return {
    /** True when the person holds the duty at the site. */
    async hasDuty(user: Pick<AuthUser, 'id'>, appCode: string, duty: string, siteId: number): Promise<boolean> {
      return holds(await dutiesOf(user), appCode, duty, siteId)
    },

    /** Refuses with 403 unless the person holds the duty at the site. */
    async requireDuty(user: Pick<AuthUser, 'id'>, appCode: string, duty: string, siteId: number): Promise<void> {
      if (holds(await dutiesOf(user), appCode, duty, siteId)) return
      const site = await deps.siteLabel(siteId)
      throw new AppError(
        'forbidden',
        `This needs the ${labelOf(financeLabels.duty, duty)} duty at ${site} in this application, which you do not hold. Ask your administrator.`,
        { code: 'duty_required' },
      )
    },

    /** The sites a person may see in an application: administrators all (read-only); others the union of their duties' sites. */
    async visibleSites(user: Pick<AuthUser, 'id' | 'roleCode'>, appCode: string): Promise<VisibleSites> {
      if (isAdminRole(user.roleCode)) return { all: true }
      const duties = (await dutiesOf(user)).filter((duty) => duty.appCode === appCode)
      if (duties.some((duty) => duty.siteIds === null)) return { all: true }
      return { all: false, siteIds: [...new Set(duties.flatMap((duty) => duty.siteIds ?? []))].sort((a, b) => a - b) }
    },

    /** The person's duties in one application (none: the screen asks them to see their administrator). */
    async dutiesIn(user: Pick<AuthUser, 'id'>, appCode: string): Promise<Duty[]> {
      return (await dutiesOf(user)).filter((duty) => duty.appCode === appCode)
    },
  }
}
export type DutyAccess = ReturnType<typeof createDutyAccess>
