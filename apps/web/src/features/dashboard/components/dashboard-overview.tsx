import { Stack, Text, Title } from '@mantine/core'
import { menuIdForCode } from '@platform/contracts/applications'
import type { SessionUser } from '@platform/contracts/auth'
import { FailureAlert } from '@/components/failure-alert'
import { LoadingState } from '@/components/loading-state'
import { visibleApplications } from '@/lib/app-destinations'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useDashboardOverview } from '../api/dashboard-overview'
import { AdminStats } from './admin-stats'
import { AppTiles } from './app-tiles'
import { NO_APPLICATIONS_TEXT } from './dashboard-welcome'
import { AccrualsFigures, ReceiptsFigures, RecordsFigures } from './overview-sections'

/**
 * /apps/dashboard: the figures of the person's own sites and duties (each a link into the list it counts), the
 * platform's activity for administrators, and their applications as tiles.
 */
export function DashboardOverview({
  user,
  title = 'Dashboard Overview',
  description,
}: {
  user: SessionUser
  title?: string
  description?: string
}) {
  useDocumentTitle(title)
  const overview = useDashboardOverview()
  const apps = visibleApplications(user).filter((app) => menuIdForCode(app.app_code) !== 'dashboard')
  const data = overview.data

  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{description || `Welcome back, ${user.firstName}. Here is where your work stands.`}</Text>
      </Stack>
      {overview.isPending ? <LoadingState label="Loading your figures" /> : null}
      {overview.isError ? <FailureAlert title="Your figures could not be loaded" error={overview.error} /> : null}
      {data?.admin ? (
        <Stack gap="sm" component="section" aria-labelledby="overview-figures">
          <Title order={2} size="h3" id="overview-figures">
            Platform at a glance
          </Title>
          <AdminStats data={data.admin} loading={false} error={null} />
        </Stack>
      ) : null}
      {data?.receipts ? <ReceiptsFigures data={data.receipts} /> : null}
      {data?.accruals ? <AccrualsFigures data={data.accruals} /> : null}
      {data?.records ? <RecordsFigures data={data.records} /> : null}
      <Stack gap="sm" component="section" aria-labelledby="overview-apps">
        <Title order={2} size="h3" id="overview-apps">
          Your applications
        </Title>
        {apps.length > 0 ? <AppTiles apps={apps} /> : <Text>{NO_APPLICATIONS_TEXT}</Text>}
      </Stack>
    </Stack>
  )
}
