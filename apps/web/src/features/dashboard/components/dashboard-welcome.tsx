import { Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core'
import type { SessionUser } from '@platform/contracts/auth'
import { LayoutGrid } from 'lucide-react'
import { visibleApplications } from '@/lib/app-destinations'
import { fullName } from '@/lib/format'
import { useDocumentTitle } from '@/lib/use-document-title'

export const WELCOME_TEXT = 'Select an application from the menu on the left to get started.'
export const NO_APPLICATIONS_TEXT = "You don't have access to any applications yet. Please contact your administrator."

/** /dashboard: the welcome, greeting the person by their whole name. */
export function DashboardWelcome({ user }: { user: SessionUser }) {
  useDocumentTitle('Dashboard')
  const hasApps = visibleApplications(user).length > 0
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack gap="md">
        <ThemeIcon size={48} radius="md" variant="light" aria-hidden="true">
          <LayoutGrid size={26} />
        </ThemeIcon>
        <Title order={1}>Welcome, {fullName(user) || user.email}</Title>
        <Text size="lg">{hasApps ? WELCOME_TEXT : NO_APPLICATIONS_TEXT}</Text>
      </Stack>
    </Paper>
  )
}
