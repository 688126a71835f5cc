import { Container } from '@mantine/core'
import { Suspense } from 'react'
import { Outlet } from 'react-router'
import { FocusedShell } from '@/components/layout/focused-shell'
import { FullPageLoader } from '@/components/layout/full-page-loader'
import { useSignedInUser } from '@/lib/auth-context'
import { fullName } from '@/lib/format'
import { useLogout } from './use-logout'

/** The signed-in layout of an application in its own tab (Reports Studio): its name, a way back, and the page. */
export function FocusedLayout({ application }: { application: string }) {
  const user = useSignedInUser()
  const { logout, loggingOut } = useLogout()
  return (
    <FocusedShell
      application={application}
      name={fullName(user)}
      organization={user.organization}
      onLogout={logout}
      loggingOut={loggingOut}
    >
      <Container size="xl" px={0}>
        <Suspense fallback={<FullPageLoader />}>
          <Outlet />
        </Suspense>
      </Container>
    </FocusedShell>
  )
}

/** /reports-studio's frame: Reports Studio opens in a tab of its own, so the platform's menu stays in the first. */
export function ReportsStudioLayout() {
  return <FocusedLayout application="Reports Studio" />
}
