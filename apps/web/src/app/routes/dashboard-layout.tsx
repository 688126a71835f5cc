import { Container } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { Suspense, useState } from 'react'
import { Outlet, useNavigate } from 'react-router'
import { DashboardShell } from '@/components/layout/dashboard-shell'
import { FullPageLoader } from '@/components/layout/full-page-loader'
import { AppMenu } from '@/features/applications/components/app-menu'
import { useAuth, useSignedInUser } from '@/lib/auth-context'
import { fullName } from '@/lib/format'

/** The signed-in layout: header, menu and the current page in the main area. */
export function DashboardLayout() {
  const user = useSignedInUser()
  const { logout } = useAuth()
  const navigate = useNavigate()
  const [loggingOut, setLoggingOut] = useState(false)

  const onLogout = async () => {
    setLoggingOut(true)
    await logout()
    notifications.show({ message: 'You have been signed out.', color: 'blue' })
    navigate('/login', { replace: true })
  }

  return (
    <DashboardShell
      name={fullName(user)}
      organization={user.organization}
      onLogout={() => void onLogout()}
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
