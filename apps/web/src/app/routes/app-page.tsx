import { lazy } from 'react'
import { Navigate, useParams } from 'react-router'
import { AppUnavailable } from '@/components/app-unavailable'
import { RequireAdmin } from '@/components/guards/require-admin'
import { RequirePermission } from '@/components/guards/require-permission'
import { DashboardOverview } from '@/features/dashboard/components/dashboard-overview'
import { ADMIN_ONLY_MENU_IDS, findApplicationByMenuId } from '@/lib/app-destinations'
import { useSignedInUser } from '@/lib/auth-context'

// Loaded only when someone opens it: most people never see User Management.
const UserManagement = lazy(async () => ({ default: (await import('@/features/users/components/user-management')).UserManagement }))
const EmailAdministration = lazy(async () => ({
  default: (await import('@/features/email/components/email-administration')).EmailAdministration,
}))
const ServerMonitoring = lazy(async () => ({
  default: (await import('@/features/monitoring/components/server-monitoring')).ServerMonitoring,
}))

/**
 * The platform's own applications' menu ids. An id that is neither one of these nor one of the person's applications
 * names nothing the person could open (a mistyped or stale link), so it leads home rather than to "Access denied".
 */
const BUILT_IN_MENU_IDS: ReadonlySet<string> = new Set([
  'dashboard',
  'payment-receipts',
  'accruals',
  'public-info',
  'reports-studio',
  'dsa-tracker',
  'email-admin',
  'weblogic-monitoring',
  'user-management',
])

/** "payment-receipts" → "Payment Receipts", for an id the person's applications do not name. */
function titleFromId(id: string): string {
  return id
    .split('-')
    .filter(Boolean)
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join(' ')
}

/** /apps/:appId: guarded by the application's menu id (and the admin role for admin-only applications). */
export function AppPage() {
  const { appId = '' } = useParams()
  const user = useSignedInUser()
  const app = findApplicationByMenuId(user, appId)
  const adminOnly = ADMIN_ONLY_MENU_IDS.includes(appId) || app?.admin_only === 1
  if (!app && !BUILT_IN_MENU_IDS.has(appId)) return <Navigate to="/dashboard" replace />

  const content =
    appId === 'dashboard' ? (
      <DashboardOverview user={user} title={app?.app_name || 'Dashboard Overview'} description={app?.app_description} />
    ) : appId === 'user-management' ? (
      <UserManagement />
    ) : appId === 'email-admin' ? (
      <EmailAdministration />
    ) : appId === 'weblogic-monitoring' ? (
      <ServerMonitoring />
    ) : (
      <AppUnavailable
        key={appId}
        title={app?.app_name || titleFromId(appId)}
        description={app?.app_description}
        iconName={app?.app_icon}
        color={app?.app_color}
        appUrl={app?.app_url}
      />
    )

  const guarded = <RequirePermission permission={appId}>{content}</RequirePermission>
  return adminOnly ? <RequireAdmin>{guarded}</RequireAdmin> : guarded
}
