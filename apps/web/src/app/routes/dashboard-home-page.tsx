import { Stack } from '@mantine/core'
import { NotFoundNotice } from '@/components/not-found-notice'
import { DashboardWelcome } from '@/features/dashboard/components/dashboard-welcome'
import { HomeShortcuts } from '@/features/dashboard/components/home-shortcuts'
import { MyQueue } from '@/features/finance/components/my-queue'
import { useSignedInUser } from '@/lib/auth-context'

/** /dashboard: the welcome, then the person's work (My queue), then their shortcuts. */
export function DashboardHomePage() {
  const user = useSignedInUser()
  return (
    <Stack gap="xl" maw={1100}>
      <NotFoundNotice />
      <DashboardWelcome user={user} />
      <MyQueue />
      <HomeShortcuts user={user} />
    </Stack>
  )
}
