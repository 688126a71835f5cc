import { useAccrualDutiesQuery } from '../api/accruals'

export type AccrualDuty = 'REQUESTER' | 'SITE_APPROVER' | 'FISCAL_REVIEWER' | 'CONTROLLER' | 'VIEWER'

/** The signed-in person's duties in Accruals: does the person hold this duty at this site (or anywhere)? */
export function useAccrualDuties() {
  const duties = useAccrualDutiesQuery()
  const held = duties.data?.duties ?? []
  const has = (duty: AccrualDuty, siteId?: number) =>
    held.some((entry) => entry.duty === duty && (siteId === undefined || entry.siteIds === null || entry.siteIds.includes(siteId)))
  return {
    has,
    isAdmin: duties.data?.isAdmin ?? false,
    loaded: duties.isSuccess,
    none: duties.isSuccess && held.length === 0 && !duties.data.isAdmin,
  }
}
