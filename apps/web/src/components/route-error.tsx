import { Button, Stack, Text, Title } from '@mantine/core'
import { useRouteError } from 'react-router'
import { CenteredPage } from './layout/centered-page'

/** Shown when a page fails to render or its code cannot be loaded (for example after a deployment). */
export function RouteError() {
  const error = useRouteError()
  const chunkFailed =
    error instanceof Error && /dynamically imported module|Importing a module script failed|Failed to fetch/i.test(error.message)
  return (
    <CenteredPage>
      <Stack gap="md">
        <Title order={1} size="h2">
          Something went wrong
        </Title>
        <Text>
          {chunkFailed
            ? 'A newer version of the platform is available. Please reload the page.'
            : 'This page could not be displayed. Please reload the page or go back to the dashboard.'}
        </Text>
        <Stack gap="xs">
          <Button onClick={() => window.location.reload()}>Reload</Button>
          <Button component="a" href="/dashboard" variant="default">
            Go to dashboard
          </Button>
        </Stack>
      </Stack>
    </CenteredPage>
  )
}
