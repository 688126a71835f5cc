import { RequireAdmin } from '@/components/guards/require-admin'
import { ImportUsers } from '@/features/users/components/import-users'

/** /admin/users/import (administrators only): CSV preview, apply and result. */
export function AdminUsersImportPage() {
  return (
    <RequireAdmin>
      <ImportUsers />
    </RequireAdmin>
  )
}
