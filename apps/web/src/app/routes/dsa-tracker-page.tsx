import { AppUnavailable } from '@/components/app-unavailable'
import { RequirePermission } from '@/components/guards/require-permission'
import { hasDsaTracker } from '@/lib/app-destinations'
import { useSignedInUser } from '@/lib/auth-context'

/** /dsa-tracker: requires the DSA_TRACKER application. */
export function DsaTrackerPage() {
  const user = useSignedInUser()
  const app = user.applications.find((candidate) => candidate.app_code === 'DSA_TRACKER')
  return (
    <RequirePermission allow={hasDsaTracker}>
      <AppUnavailable
        title={app?.app_name || 'DSA Project Tracker'}
        description={app?.app_description || 'California DSA construction projects.'}
        iconName={app?.app_icon ?? 'Database'}
        color={app?.app_color}
        appUrl={app?.app_url}
      />
    </RequirePermission>
  )
}
