import { RequireAdmin } from '@/components/guards/require-admin'
import { ActivityLog } from '@/features/audit/components/activity-log'

/** /admin/activity (administrators only): the audit log. */
export function AdminActivityPage() {
  return (
    <RequireAdmin>
      <ActivityLog />
    </RequireAdmin>
  )
}
