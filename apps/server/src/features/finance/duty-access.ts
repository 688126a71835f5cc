import { isAdminRole } from '@platform/contracts/auth'
import type { Duty } from '@platform/contracts/finance'
import { AppError } from '../../lib/errors.js'
import type { AuthUser } from '../../plugins/access.js'

/** Which sites a person may see in an application: every site, or these. */
export type VisibleSites = { all: true } | { all: false; siteIds: number[] }

/**
 * Duty checks the fiscal applications make on every step (DESIGN.md §8.1). Administrators see every site read-only;
 * they act only through duties granted to them like anyone else.
 */
export function createDutyAccess(deps: { dutiesOf: (userId: number) => Promise<Duty[]>; siteLabel: (siteId: number) => Promise<string> }) {
  const holds = (duties: Duty[], appCode: string, duty: string, siteId: number) =>
    duties.some(
      (candidate) =>
        candidate.appCode === appCode && candidate.duty === duty && (candidate.siteIds === null || candidate.siteIds.includes(siteId)),
    )

  return {
    /** True when the person holds the duty at the site. */
    async hasDuty(user: Pick<AuthUser, 'id'>, appCode: string, duty: string, siteId: number): Promise<boolean> {
      return holds(await deps.dutiesOf(user.id), appCode, duty, siteId)
    },

    /** Refuses with 403 unless the person holds the duty at the site. */
    async requireDuty(user: Pick<AuthUser, 'id'>, appCode: string, duty: string, siteId: number): Promise<void> {
      if (holds(await deps.dutiesOf(user.id), appCode, duty, siteId)) return
      const site = await deps.siteLabel(siteId)
      throw new AppError(
        'forbidden',
        `This needs the ${duty} duty at ${site} in this application, which you do not hold. Ask your administrator.`,
        { code: 'duty_required' },
      )
    },

    /** The sites a person may see in an application: administrators all (read-only); others the union of their duties' sites. */
    async visibleSites(user: Pick<AuthUser, 'id' | 'roleCode'>, appCode: string): Promise<VisibleSites> {
      if (isAdminRole(user.roleCode)) return { all: true }
      const duties = (await deps.dutiesOf(user.id)).filter((duty) => duty.appCode === appCode)
      if (duties.some((duty) => duty.siteIds === null)) return { all: true }
      return { all: false, siteIds: [...new Set(duties.flatMap((duty) => duty.siteIds ?? []))].sort((a, b) => a - b) }
    },

    /** The person's duties in one application (none: the screen asks them to see their administrator). */
    async dutiesIn(user: Pick<AuthUser, 'id'>, appCode: string): Promise<Duty[]> {
      return (await deps.dutiesOf(user.id)).filter((duty) => duty.appCode === appCode)
    },
  }
}
export type DutyAccess = ReturnType<typeof createDutyAccess>
