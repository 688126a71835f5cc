import { NavLink, ScrollArea, Stack, Text } from '@mantine/core'
import { menuIdForCode, type MenuApplication } from '@platform/contracts/applications'
import { isAdminRole, type SessionUser } from '@platform/contracts/auth'
import { Archive, BookOpen, ExternalLink, History, LayoutDashboard, School, Settings, ShieldAlert, UserCog } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link, useLocation } from 'react-router'
import { AppIcon } from '@/components/app-icon'
import { destinationForMenuId, isDestinationActive, visibleApplications } from '@/lib/app-destinations'

interface MenuLinkProps {
  label: string
  to: string
  icon: ReactNode
  active: boolean
  newTab?: boolean
}

function MenuLink({ label, to, icon, active, newTab }: MenuLinkProps) {
  const common = {
    label,
    leftSection: icon,
    active,
    'aria-current': active ? ('page' as const) : undefined,
  }
  if (newTab) {
    return (
      <NavLink
        {...common}
        component="a"
        href={to}
        target="_blank"
        rel="noopener noreferrer"
        rightSection={<ExternalLink size={14} aria-hidden="true" />}
        aria-label={`${label} (opens in a new tab)`}
      />
    )
  }
  return <NavLink {...common} component={Link} to={to} />
}

/** Screens an application's item also stands for: User Management is at /admin/users too. */
const ALSO_AT: Readonly<Record<string, string>> = { 'user-management': '/admin/users' }

function ApplicationLink({ app, pathname }: { app: MenuApplication; pathname: string }) {
  const menuId = menuIdForCode(app.app_code)
  const destination = destinationForMenuId(menuId)
  const alsoAt = ALSO_AT[menuId]
  const icon = <AppIcon name={app.app_icon} size={18} color={app.app_color || undefined} />
  return (
    <MenuLink
      label={app.app_name}
      to={destination.to}
      icon={icon}
      newTab={destination.kind === 'new-tab'}
      active={
        destination.kind === 'route' &&
        (isDestinationActive(destination, pathname) ||
          (alsoAt !== undefined && isDestinationActive({ kind: 'route', to: alsoAt }, pathname)))
      }
    />
  )
}

function SectionLabel({ id, children }: { id: string; children: ReactNode }) {
  return (
    <Text id={id} size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" pt="sm" pb={4}>
      {children}
    </Text>
  )
}

/** The left menu: the person's applications and, for administrators, the Administration section. */
export function AppMenu({ user }: { user: SessionUser }) {
  const { pathname } = useLocation()
  const apps = visibleApplications(user)
  const admin = isAdminRole(user.roleCode)
  // The User Management application item leads to the same screen: the Administration section does not repeat it.
  const userManagementInMenu = apps.some((app) => menuIdForCode(app.app_code) === 'user-management')

  return (
    <ScrollArea type="auto" h="100%">
      <Stack gap={2}>
        <MenuLink label="Home" to="/dashboard" icon={<LayoutDashboard size={18} aria-hidden="true" />} active={pathname === '/dashboard'} />
        <div role="group" aria-labelledby="menu-applications">
          <SectionLabel id="menu-applications">Applications</SectionLabel>
          {apps.length === 0 ? (
            <Text size="sm" c="dimmed" px="sm">
              No applications
            </Text>
          ) : (
            apps.map((app) => <ApplicationLink key={app.app_id} app={app} pathname={pathname} />)
          )}
        </div>
        {admin ? (
          <div role="group" aria-labelledby="menu-administration">
            <SectionLabel id="menu-administration">Administration</SectionLabel>
            <MenuLink
              label="Application Management"
              to="/admin/applications"
              icon={<Settings size={18} aria-hidden="true" />}
              active={isDestinationActive({ kind: 'route', to: '/admin/applications' }, pathname)}
            />
            {userManagementInMenu ? null : (
              <MenuLink
                label="User Management"
                to="/admin/users"
                icon={<UserCog size={18} aria-hidden="true" />}
                active={isDestinationActive({ kind: 'route', to: '/admin/users' }, pathname)}
              />
            )}
            <MenuLink
              label="Sites"
              to="/admin/finance/sites"
              icon={<School size={18} aria-hidden="true" />}
              active={isDestinationActive({ kind: 'route', to: '/admin/finance/sites' }, pathname)}
            />
            <MenuLink
              label="Accounts"
              to="/admin/finance/accounts"
              icon={<BookOpen size={18} aria-hidden="true" />}
              active={isDestinationActive({ kind: 'route', to: '/admin/finance/accounts' }, pathname)}
            />
            <MenuLink
              label="Separation of duties"
              to="/admin/finance/separation"
              icon={<ShieldAlert size={18} aria-hidden="true" />}
              active={isDestinationActive({ kind: 'route', to: '/admin/finance/separation' }, pathname)}
            />
            <MenuLink
              label="Activity"
              to="/admin/activity"
              icon={<History size={18} aria-hidden="true" />}
              active={isDestinationActive({ kind: 'route', to: '/admin/activity' }, pathname)}
            />
            <MenuLink
              label="Data retention"
              to="/admin/retention"
              icon={<Archive size={18} aria-hidden="true" />}
              active={isDestinationActive({ kind: 'route', to: '/admin/retention' }, pathname)}
            />
          </div>
        ) : null}
      </Stack>
    </ScrollArea>
  )
}
