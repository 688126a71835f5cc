import { AppUnavailable } from '@/components/app-unavailable'
import { RequireAdmin } from '@/components/guards/require-admin'

/** /admin/applications (administrators only). */
export function AdminApplicationsPage() {
  return (
    <RequireAdmin>
      <AppUnavailable
        title="Application Management"
        description="Add, edit and remove the applications in the menu, and set their order, icon and colour."
        iconName="Settings"
      />
    </RequireAdmin>
  )
}
