import { AppShell, Box, Burger, Button, Group, Stack, Text, ThemeIcon } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { LogOut, MonitorSmartphone, School } from 'lucide-react'
import { useEffect, type ReactNode } from 'react'
import { Link, useLocation } from 'react-router'
import { PLATFORM_NAME } from '@/lib/use-document-title'
import classes from './dashboard-shell.module.css'

export interface DashboardShellProps {
  /** The person's first and last name. */
  name: string
  organization: string
  onLogout: () => void
  loggingOut?: boolean
  /** The menu to show in the left navbar. */
  navbar: ReactNode
  children: ReactNode
}

/** The signed-in frame: header (name, organisation, Devices and sessions, Logout), left menu and main area. */
export function DashboardShell({ name, organization, onLogout, loggingOut, navbar, children }: DashboardShellProps) {
  const [opened, { toggle, close }] = useDisclosure(false)
  const { pathname } = useLocation()

  // On small screens the menu is a drawer: close it once the person has picked something.
  useEffect(() => close(), [pathname, close])

  return (
    <AppShell
      className={classes.shell}
      header={{ height: 64 }}
      navbar={{ width: 280, breakpoint: 'sm', collapsed: { mobile: !opened } }}
      padding="lg"
    >
      <div className={classes.menuColumn} aria-hidden="true" />
      <a className="skip-link" href="#main-content">
        Skip to main content
      </a>
      <AppShell.Header>
        <Group h="100%" px={{ base: 'xs', xs: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="sm" wrap="nowrap">
            <Burger
              opened={opened}
              onClick={toggle}
              hiddenFrom="sm"
              size="sm"
              aria-label={opened ? 'Close menu' : 'Open menu'}
              aria-controls="app-navbar"
              aria-expanded={opened}
            />
            <ThemeIcon size="lg" radius="md" variant="filled" aria-hidden="true">
              <School size={20} />
            </ThemeIcon>
            <Text fw={700} size="lg" visibleFrom="xs">
              {PLATFORM_NAME}
            </Text>
          </Group>
          <Group gap="xs" wrap="nowrap" miw={0}>
            {/* On a phone the name stays, cut short with an ellipsis if it must be (the whole name is its title). */}
            <Stack gap={0} align="flex-end" miw={0} maw={{ base: 120, xs: 260 }}>
              <Text fw={600} size="sm" data-testid="header-user-name" truncate="end" maw="100%" title={name}>
                {name}
              </Text>
              <Text size="xs" c="dimmed" data-testid="header-organization" visibleFrom="xs" truncate="end" maw="100%" title={organization}>
                {organization}
              </Text>
            </Stack>
            {/* On small screens only the icon shows; the label keeps the link's name. */}
            <Button
              component={Link}
              to="/account/devices"
              variant="subtle"
              aria-label="Devices and sessions"
              leftSection={<MonitorSmartphone size={16} aria-hidden="true" />}
              aria-current={pathname === '/account/devices' ? 'page' : undefined}
            >
              <Box component="span" visibleFrom="md">
                Devices and sessions
              </Box>
            </Button>
            <Button variant="default" leftSection={<LogOut size={16} aria-hidden="true" />} onClick={onLogout} loading={loggingOut}>
              Logout
            </Button>
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar id="app-navbar" p="sm" aria-label="Main menu">
        {navbar}
      </AppShell.Navbar>
      <AppShell.Main id="main-content" tabIndex={-1} bg="gray.0">
        {children}
      </AppShell.Main>
    </AppShell>
  )
}
