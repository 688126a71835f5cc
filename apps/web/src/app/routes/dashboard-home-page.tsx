import { DashboardWelcome } from '@/features/dashboard/components/dashboard-welcome'
import { useSignedInUser } from '@/lib/auth-context'

/** /dashboard */
export function DashboardHomePage() {
  return <DashboardWelcome user={useSignedInUser()} />
}
