import { Stack, Title } from '@mantine/core'
import { menuIdForCode } from '@platform/contracts/applications'
import type { SessionUser } from '@platform/contracts/auth'
import { visibleApplications } from '@/lib/app-destinations'
import { AppTiles } from './app-tiles'

/** The home page's shortcuts: the person's applications as tiles (none when they have none: the welcome says so). */
export function HomeShortcuts({ user }: { user: SessionUser }) {
  const apps = visibleApplications(user).filter((app) => menuIdForCode(app.app_code) !== 'dashboard')
  if (apps.length === 0) return null
  return (
    <Stack gap="sm" component="section" aria-labelledby="home-shortcuts">
      <Title order={2} size="h3" id="home-shortcuts">
        Shortcuts
      </Title>
      <AppTiles apps={apps} />
    </Stack>
  )
}
