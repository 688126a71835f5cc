import { useMyDuties } from '../api/receipts'

/** The signed-in person's duties in Payment Receipts: does the person hold this duty at this site (or anywhere)? */
export function useDuties() {
  const duties = useMyDuties()
  const held = duties.data?.duties ?? []
  const has = (duty: string, siteId?: number) =>
    held.some((entry) => entry.duty === duty && (siteId === undefined || entry.siteIds === null || entry.siteIds.includes(siteId)))
  return {
    has,
    isAdmin: duties.data?.isAdmin ?? false,
    loaded: duties.isSuccess,
    none: duties.isSuccess && held.length === 0 && !duties.data.isAdmin,
  }
}
