import { AppUnavailable } from '@/components/app-unavailable'
import { RequireAdmin } from '@/components/guards/require-admin'

/** /admin/users (administrators only). */
export function AdminUsersPage() {
  return (
    <RequireAdmin>
      <AppUnavailable
        title="User Management"
        description="Add, edit and deactivate staff accounts and choose which applications each person can use."
        iconName="Users"
      />
    </RequireAdmin>
  )
}
