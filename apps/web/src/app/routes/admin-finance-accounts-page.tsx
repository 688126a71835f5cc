import { RequireAdmin } from '@/components/guards/require-admin'
import { AccountsAdmin } from '@/features/finance/components/accounts-admin'

/** /admin/finance/accounts (administrators only): the chart of accounts. */
export function AdminFinanceAccountsPage() {
  return (
    <RequireAdmin>
      <AccountsAdmin />
    </RequireAdmin>
  )
}
