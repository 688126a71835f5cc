import { RequireAdmin } from '@/components/guards/require-admin'
import { SeparationExceptions } from '@/features/finance/components/separation-exceptions'

/** /admin/finance/separation (administrators read it; super administrators record exceptions). */
export function AdminFinanceSeparationPage() {
  return (
    <RequireAdmin>
      <SeparationExceptions />
    </RequireAdmin>
  )
}
