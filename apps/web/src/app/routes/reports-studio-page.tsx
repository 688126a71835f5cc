import { AppUnavailable } from '@/components/app-unavailable'
import { RequirePermission } from '@/components/guards/require-permission'
import { findApplicationByMenuId } from '@/lib/app-destinations'
import { useSignedInUser } from '@/lib/auth-context'

/** /reports-studio: requires the reports-studio permission. */
export function ReportsStudioPage() {
  const app = findApplicationByMenuId(useSignedInUser(), 'reports-studio')
  return (
    <RequirePermission permission="reports-studio">
      <AppUnavailable
        title={app?.app_name || 'Reports Studio'}
        description={app?.app_description || 'Report designer and viewer.'}
        iconName={app?.app_icon ?? 'BarChart'}
        color={app?.app_color}
        appUrl={app?.app_url}
      />
    </RequirePermission>
  )
}
