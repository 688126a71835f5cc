import { RequirePermission } from '@/components/guards/require-permission'
import { ReportsStudio } from '@/features/reports/components/reports-studio'

/** /reports-studio: requires the reports-studio permission. */
export function ReportsStudioPage() {
  return (
    <RequirePermission permission="reports-studio">
      <ReportsStudio />
    </RequirePermission>
  )
}
