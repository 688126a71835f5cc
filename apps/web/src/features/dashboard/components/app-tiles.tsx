import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core'
import { menuIdForCode, type MenuApplication } from '@platform/contracts/applications'
import { ExternalLink } from 'lucide-react'
import { Link } from 'react-router'
import { AppIcon } from '@/components/app-icon'
import { destinationForMenuId } from '@/lib/app-destinations'
import classes from './app-tiles.module.css'

function Tile({ app }: { app: MenuApplication }) {
  const destination = destinationForMenuId(menuIdForCode(app.app_code))
  const newTab = destination.kind === 'new-tab'
  const body = (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <ThemeIcon size={44} radius="md" color={app.app_color || undefined} aria-hidden="true">
          <AppIcon name={app.app_icon} size={24} />
        </ThemeIcon>
        {newTab ? <ExternalLink size={16} aria-hidden="true" /> : null}
      </Group>
      <Text fw={600} size="lg">
        {app.app_name}
        {newTab ? <span className="visually-hidden"> (opens in a new tab)</span> : null}
      </Text>
      {app.app_description ? (
        <Text size="sm" c="dimmed" lineClamp={3}>
          {app.app_description}
        </Text>
      ) : null}
    </Stack>
  )
  if (newTab) {
    return (
      <Card
        component="a"
        href={destination.to}
        target="_blank"
        rel="noopener noreferrer"
        withBorder
        radius="md"
        padding="lg"
        className={classes.tile}
      >
        {body}
      </Card>
    )
  }
  return (
    <Card component={Link} to={destination.to} withBorder radius="md" padding="lg" className={classes.tile}>
      {body}
    </Card>
  )
}

/** The person's applications as tiles; each goes where its menu item goes. */
export function AppTiles({ apps }: { apps: MenuApplication[] }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      {apps.map((app) => (
        <Tile key={app.app_id} app={app} />
      ))}
    </SimpleGrid>
  )
}
