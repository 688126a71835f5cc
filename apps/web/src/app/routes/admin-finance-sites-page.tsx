import { RequireAdmin } from '@/components/guards/require-admin'
import { SitesAdmin } from '@/features/finance/components/sites-admin'

/** /admin/finance/sites (administrators only). */
export function AdminFinanceSitesPage() {
  return (
    <RequireAdmin>
      <SitesAdmin />
    </RequireAdmin>
  )
}
