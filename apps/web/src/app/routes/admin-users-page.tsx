import { RequireAdmin } from '@/components/guards/require-admin'
import { UserManagement } from '@/features/users/components/user-management'

/** /admin/users (administrators only). */
export function AdminUsersPage() {
  return (
    <RequireAdmin>
      <UserManagement />
    </RequireAdmin>
  )
}
