import { lazy, Suspense, type ComponentType, type ReactNode } from 'react'
import { Navigate, useLocation, useRoutes, type RouteObject } from 'react-router'
import { RequireAuth } from '@/components/guards/require-auth'
import { FullPageLoader } from '@/components/layout/full-page-loader'
import { RouteErrorBoundary } from '@/components/route-error'
import { UnknownRoute } from '@/components/unknown-route'
import { LoginPage } from './routes/login-page'

/** Every page but /login is split into its own chunk, so the sign-in page stays small. */
function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazy(async () => ({ default: (await load())[name] }))
}

const VerifyPage = lazyPage(() => import('./routes/verify-page'), 'VerifyPage')
const LoginClerkPage = lazyPage(() => import('./routes/login-clerk-page'), 'LoginClerkPage')
const VerifyClerkPage = lazyPage(() => import('./routes/verify-clerk-page'), 'VerifyClerkPage')
const SsoCallbackPage = lazyPage(() => import('./routes/sso-callback-page'), 'SsoCallbackPage')
const DebugAuthPage = lazyPage(() => import('./routes/debug-auth-page'), 'DebugAuthPage')
const DashboardLayout = lazyPage(() => import('./routes/dashboard-layout'), 'DashboardLayout')
const ReportsStudioLayout = lazyPage(() => import('./routes/focused-layout'), 'ReportsStudioLayout')
const DashboardHomePage = lazyPage(() => import('./routes/dashboard-home-page'), 'DashboardHomePage')
const AppPage = lazyPage(() => import('./routes/app-page'), 'AppPage')
const PaymentReceiptsPage = lazyPage(() => import('./routes/payment-receipts-page'), 'PaymentReceiptsPage')
const PublicInfoPage = lazyPage(() => import('./routes/public-info-page'), 'PublicInfoPage')
const AccrualsPage = lazyPage(() => import('./routes/accruals-page'), 'AccrualsPage')
const DsaTrackerPage = lazyPage(() => import('./routes/dsa-tracker-page'), 'DsaTrackerPage')
const ReportsStudioPage = lazyPage(() => import('./routes/reports-studio-page'), 'ReportsStudioPage')
const AdminUsersPage = lazyPage(() => import('./routes/admin-users-page'), 'AdminUsersPage')
const AdminUsersImportPage = lazyPage(() => import('./routes/admin-users-import-page'), 'AdminUsersImportPage')
const AdminApplicationsPage = lazyPage(() => import('./routes/admin-applications-page'), 'AdminApplicationsPage')
const AdminActivityPage = lazyPage(() => import('./routes/admin-activity-page'), 'AdminActivityPage')
const AdminEmailPage = lazyPage(() => import('./routes/admin-email-page'), 'AdminEmailPage')
const AdminFinanceSitesPage = lazyPage(() => import('./routes/admin-finance-sites-page'), 'AdminFinanceSitesPage')
const AdminFinanceAccountsPage = lazyPage(() => import('./routes/admin-finance-accounts-page'), 'AdminFinanceAccountsPage')
const AdminFinanceSeparationPage = lazyPage(() => import('./routes/admin-finance-separation-page'), 'AdminFinanceSeparationPage')
const AdminMonitoringPage = lazyPage(() => import('./routes/admin-monitoring-page'), 'AdminMonitoringPage')
const AdminRetentionPage = lazyPage(() => import('@/features/retention/components/retention-settings'), 'AdminRetentionPage')
const AccountDevicesPage = lazyPage(() => import('./routes/account-devices-page'), 'AccountDevicesPage')
const PublicRecordsLayout = lazyPage(() => import('./routes/public-records-layout'), 'PublicRecordsLayout')
const PublicRecordsPage = lazyPage(() => import('./routes/public-records-page'), 'PublicRecordsPage')
const PublicRecordsTrackPage = lazyPage(() => import('./routes/public-records-track-page'), 'PublicRecordsTrackPage')
const PublicRecordsNewLinkPage = lazyPage(() => import('./routes/public-records-new-link-page'), 'PublicRecordsNewLinkPage')
const PublicRecordsArchivePage = lazyPage(() => import('./routes/public-records-archive-page'), 'PublicRecordsArchivePage')
const PublicRecordsArchiveEntryPage = lazyPage(() => import('./routes/public-records-archive-entry-page'), 'PublicRecordsArchiveEntryPage')
const PublicRecordsNotFoundPage = lazyPage(() => import('./routes/public-records-not-found-page'), 'PublicRecordsNotFoundPage')
const UnsubscribePage = lazyPage(() => import('./routes/unsubscribe-page'), 'UnsubscribePage')

function Page({ children }: { children: ReactNode }) {
  return <Suspense fallback={<FullPageLoader />}>{children}</Suspense>
}

/** The web app's routes. The admin routes do not depend on which sign-in methods are configured. */
const routes: RouteObject[] = [
  { path: '/', element: <Navigate to="/dashboard" replace /> },
  { path: '/login', element: <LoginPage /> },
  {
    path: '/auth/verify',
    element: (
      <Page>
        <VerifyPage />
      </Page>
    ),
  },
  // The district sign-in: each page answers as an unknown path does while it is not configured.
  {
    path: '/login-clerk',
    element: (
      <Page>
        <LoginClerkPage />
      </Page>
    ),
  },
  {
    path: '/auth/verify-clerk',
    element: (
      <Page>
        <VerifyClerkPage />
      </Page>
    ),
  },
  {
    path: '/auth/sso',
    element: (
      <Page>
        <SsoCallbackPage />
      </Page>
    ),
  },
  // A report e-mail's unsubscribe link: no sign-in, the link's secret names the person.
  {
    path: '/unsubscribe',
    element: (
      <Page>
        <UnsubscribePage />
      </Page>
    ),
  },
  {
    path: '/debug-auth',
    element: (
      <Page>
        <DebugAuthPage />
      </Page>
    ),
  },
  {
    element: (
      <RequireAuth>
        <Page>
          <DashboardLayout />
        </Page>
      </RequireAuth>
    ),
    children: [
      { path: '/dashboard', element: <DashboardHomePage /> },
      { path: '/apps/payment-receipts/*', element: <PaymentReceiptsPage /> },
      { path: '/apps/public-info/*', element: <PublicInfoPage /> },
      { path: '/apps/accruals/*', element: <AccrualsPage /> },
      { path: '/apps/:appId', element: <AppPage /> },
      { path: '/dsa-tracker', element: <DsaTrackerPage /> },
      { path: '/admin/users', element: <AdminUsersPage /> },
      { path: '/admin/users/import', element: <AdminUsersImportPage /> },
      { path: '/admin/applications', element: <AdminApplicationsPage /> },
      { path: '/admin/activity', element: <AdminActivityPage /> },
      { path: '/admin/email', element: <AdminEmailPage /> },
      { path: '/admin/monitoring', element: <AdminMonitoringPage /> },
      { path: '/admin/retention', element: <AdminRetentionPage /> },
      { path: '/admin/finance/sites', element: <AdminFinanceSitesPage /> },
      { path: '/admin/finance/accounts', element: <AdminFinanceAccountsPage /> },
      { path: '/admin/finance/separation', element: <AdminFinanceSeparationPage /> },
      { path: '/account/devices', element: <AccountDevicesPage /> },
    ],
  },
  {
    // Public Information's portal: the public's pages, without an account or the platform's menu.
    element: (
      <Page>
        <PublicRecordsLayout />
      </Page>
    ),
    children: [
      { path: '/public-records', element: <PublicRecordsPage /> },
      { path: '/public-records/track/:number', element: <PublicRecordsTrackPage /> },
      { path: '/public-records/new-link', element: <PublicRecordsNewLinkPage /> },
      { path: '/public-records/archive', element: <PublicRecordsArchivePage /> },
      { path: '/public-records/archive/:number', element: <PublicRecordsArchiveEntryPage /> },
      { path: '/public-records/*', element: <PublicRecordsNotFoundPage /> },
    ],
  },
  {
    // Opened from the menu in a tab of its own: a focused frame without the platform menu (FocusedShell).
    element: (
      <RequireAuth>
        <Page>
          <ReportsStudioLayout />
        </Page>
      </RequireAuth>
    ),
    children: [{ path: '/reports-studio', element: <ReportsStudioPage /> }],
  },
  { path: '*', element: <UnknownRoute /> },
]

/**
 * The platform's pages, matched as they render (a declarative router inside BrowserRouter). The platform loads no data
 * through its router, and the data router's own code (loaders, actions, fetchers) would be a large part of the sign-in
 * page's JavaScript for nothing. A page that fails to render or to load shows RouteError until the next navigation.
 */
export function AppRoutes() {
  const { pathname } = useLocation()
  return <RouteErrorBoundary resetKey={pathname}>{useRoutes(routes)}</RouteErrorBoundary>
}
