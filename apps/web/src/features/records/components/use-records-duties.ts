import type { PublicInfoDuty } from '@platform/contracts/records'
import { useRecordsMe } from '../api/records'

/** The signed-in person's duties in Public Information (requests belong to the district: no sites). */
export function useRecordsDuties() {
  const me = useRecordsMe()
  const held = me.data?.duties ?? []
  const has = (duty: PublicInfoDuty) => held.includes(duty)
  return {
    has,
    isAdmin: me.data?.isAdmin ?? false,
    userId: me.data?.userId ?? null,
    loaded: me.isSuccess,
    /** May read requests: any duty, or an administrator. */
    mayView: held.length > 0 || (me.data?.isAdmin ?? false),
    none: me.isSuccess && held.length === 0 && !me.data.isAdmin,
  }
}
