import { AppShell, Button, Group, Stack, Text, ThemeIcon } from '@mantine/core'
import { ArrowLeft, LogOut, School } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { PLATFORM_NAME } from '@/lib/use-document-title'

export interface FocusedShellProps {
  /** The application the tab is given to ("Reports Studio"). */
  application: string
  name: string
  organization: string
  onLogout: () => void
  loggingOut?: boolean
  children: ReactNode
}

/**
 * The frame of an application opened in a tab of its own (Reports Studio opens in a new tab): no platform
 * menu, which the tab it was opened from still shows, only the application's name, who is signed in, a way back to
 * the dashboard and Logout, so the whole width goes to the work.
 */
export function FocusedShell({ application, name, organization, onLogout, loggingOut, children }: FocusedShellProps) {
  return (
    <AppShell header={{ height: 56 }} padding="lg">
      <a className="skip-link" href="#main-content">
        Skip to main content
      </a>
      <AppShell.Header>
        <Group h="100%" px={{ base: 'xs', xs: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
            {/* A phone's header gives the logo's room to the person's name. */}
            <ThemeIcon size="lg" radius="md" variant="filled" aria-hidden="true" visibleFrom="xs">
              <School size={20} />
            </ThemeIcon>
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text fw={700} size="md" data-testid="focused-application">
                {application}
              </Text>
              <Text size="xs" c="dimmed" visibleFrom="xs">
                {PLATFORM_NAME}
              </Text>
            </Stack>
          </Group>
          <Group gap="xs" wrap="nowrap" miw={0}>
            {/* The name shows at every width, cut short with an ellipsis on a phone (the whole name is its title). */}
            <Stack gap={0} align="flex-end" miw={0} maw={{ base: 96, sm: 200, md: 260 }}>
              <Text fw={600} size="sm" data-testid="header-user-name" truncate="end" maw="100%" title={name}>
                {name}
              </Text>
              <Text size="xs" c="dimmed" visibleFrom="md" truncate="end" maw="100%" title={organization}>
                {organization}
              </Text>
            </Stack>
            {/* On a phone only the arrow shows; the label keeps the link's name. */}
            <Button
              component={Link}
              to="/dashboard"
              variant="subtle"
              aria-label="Back to the dashboard"
              leftSection={<ArrowLeft size={16} aria-hidden="true" />}
            >
              <Text component="span" inherit visibleFrom="sm">
                Back to the dashboard
              </Text>
            </Button>
            <Button variant="default" leftSection={<LogOut size={16} aria-hidden="true" />} onClick={onLogout} loading={loggingOut}>
              Logout
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Main id="main-content" tabIndex={-1} bg="gray.0">
        {children}
      </AppShell.Main>
    </AppShell>
  )
}
