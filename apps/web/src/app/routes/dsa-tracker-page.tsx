import { RequirePermission } from '@/components/guards/require-permission'
import { DsaTracker } from '@/features/dsa/components/dsa-tracker'
import { hasDsaTracker } from '@/lib/app-destinations'

/** /dsa-tracker: requires the DSA_TRACKER application. */
export function DsaTrackerPage() {
  return (
    <RequirePermission allow={hasDsaTracker}>
      <DsaTracker />
    </RequirePermission>
  )
}
