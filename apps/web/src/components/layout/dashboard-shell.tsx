import { AppShell, Box, Burger, Button, Group, Stack, Text, ThemeIcon } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { LogOut, MonitorSmartphone, School } from 'lucide-react'
import { useEffect, type ReactNode } from 'react'
import { Link, useLocation } from 'react-router'
import { PLATFORM_NAME } from '@/lib/use-document-title'

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

/*
 * The menu is fixed to the window, so on a page longer than the window (and in a full-page capture) nothing stood
 * behind it further down: the main area paints the menu's column itself, white with the menu's border, beneath it.
 * On phones the menu is a drawer and its column is 0 wide.
 */
const MENU_COLUMN = 'var(--app-shell-navbar-offset, 0rem)'
const MAIN_BACKGROUND = {
  // Not the bg prop: its `background` shorthand would reset this image.
  backgroundColor: 'var(--mantine-color-gray-0)',
  backgroundImage: `linear-gradient(to right, var(--mantine-color-body) calc(${MENU_COLUMN} - 1px), var(--app-shell-border-color) calc(${MENU_COLUMN} - 1px), var(--app-shell-border-color) ${MENU_COLUMN}, transparent ${MENU_COLUMN})`,
}

/** The signed-in frame: header (name, organisation, Devices and sessions, Logout), left menu and main area. */
export function DashboardShell({ name, organization, onLogout, loggingOut, navbar, children }: DashboardShellProps) {
  const [opened, { toggle, close }] = useDisclosure(false)
  const { pathname } = useLocation()

  // On small screens the menu is a drawer: close it once the person has picked something.
  useEffect(() => close(), [pathname, close])

  return (
    <AppShell header={{ height: 64 }} navbar={{ width: 280, breakpoint: 'sm', collapsed: { mobile: !opened } }} padding="lg">
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
      <AppShell.Main id="main-content" tabIndex={-1} style={MAIN_BACKGROUND}>
        {children}
      </AppShell.Main>
    </AppShell>
  )
}
