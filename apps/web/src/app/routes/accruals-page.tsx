import { RequirePermission } from '@/components/guards/require-permission'
import { Accruals } from '@/features/accruals/components/accruals'

/** /apps/accruals/*: requires the ACCRUALS application; the server checks each duty on the record. */
export function AccrualsPage() {
  return (
    <RequirePermission permission="accruals">
      <Accruals />
    </RequirePermission>
  )
}
