import { Container } from '@mantine/core'
import { Suspense } from 'react'
import { Outlet } from 'react-router'
import { DashboardShell } from '@/components/layout/dashboard-shell'
import { FullPageLoader } from '@/components/layout/full-page-loader'
import { AppMenu } from '@/features/applications/components/app-menu'
import { useSignedInUser } from '@/lib/auth-context'
import { fullName } from '@/lib/format'
import { useLogout } from './use-logout'

/** The signed-in layout: header, menu and the current page in the main area. */
export function DashboardLayout() {
  const user = useSignedInUser()
  const { logout, loggingOut } = useLogout()

  return (
    <DashboardShell
      name={fullName(user)}
      organization={user.organization}
      onLogout={logout}
      loggingOut={loggingOut}
      navbar={<AppMenu user={user} />}
    >
      <Container size="xl" px={0}>
        <Suspense fallback={<FullPageLoader />}>
          <Outlet />
        </Suspense>
      </Container>
    </DashboardShell>
  )
}
