import { Stack, Text, Title } from '@mantine/core'
import { menuIdForCode } from '@platform/contracts/applications'
import { isAdminRole, type SessionUser } from '@platform/contracts/auth'
import { visibleApplications } from '@/lib/app-destinations'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useDashboardOverview } from '../api/dashboard-overview'
import { AdminStats } from './admin-stats'
import { AppTiles } from './app-tiles'
import { NO_APPLICATIONS_TEXT } from './dashboard-welcome'

/** /apps/dashboard: the person's applications as tiles and, for administrators, the platform's figures. */
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
  const admin = isAdminRole(user.roleCode)
  const overview = useDashboardOverview(admin)
  const apps = visibleApplications(user).filter((app) => menuIdForCode(app.app_code) !== 'dashboard')

  return (
    <Stack gap="xl">
      <Stack gap={4}>
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{description || `Welcome back, ${user.firstName}. Here are the applications you can use.`}</Text>
      </Stack>
      {admin && overview.data?.admin !== null ? (
        <Stack gap="sm" component="section" aria-labelledby="overview-figures">
          <Title order={2} size="h3" id="overview-figures">
            Platform at a glance
          </Title>
          <AdminStats data={overview.data?.admin} loading={overview.isPending} error={overview.error} />
        </Stack>
      ) : null}
      <Stack gap="sm" component="section" aria-labelledby="overview-apps">
        <Title order={2} size="h3" id="overview-apps">
          Your applications
        </Title>
        {apps.length > 0 ? <AppTiles apps={apps} /> : <Text>{NO_APPLICATIONS_TEXT}</Text>}
      </Stack>
    </Stack>
  )
}
