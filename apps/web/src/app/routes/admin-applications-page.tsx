import { RequireAdmin } from '@/components/guards/require-admin'
import { ApplicationManagement } from '@/features/applications/components/application-management'

/** /admin/applications (administrators only). */
export function AdminApplicationsPage() {
  return (
    <RequireAdmin>
      <ApplicationManagement />
    </RequireAdmin>
  )
}
