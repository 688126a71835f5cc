import { RequireAdmin } from '@/components/guards/require-admin'
import { ServerMonitoring } from '@/features/monitoring/components/server-monitoring'

/** /admin/monitoring (administrators only): Server Monitoring. */
export function AdminMonitoringPage() {
  return (
    <RequireAdmin>
      <ServerMonitoring />
    </RequireAdmin>
  )
}
