import { Alert, Stack, Tabs, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { useLocation, useNavigate, useRoutes, type RouteObject } from 'react-router'

/** One screen of an application: its route under the application's base, and a tab when it is a section's own. */
export interface AppScreen {
  /** The route, relative to the base; a section's path is its first part, its value (`deposits`, not `deposits/:id`). */
  path: string
  element: ReactNode
  /** The label of the section's tab, which leads here; the first section's screen is also the base's own. */
  tab?: string
}

export interface AppSectionsProps {
  title: string
  /** One sentence on what the application is for, under its title. */
  purpose: string
  /** Shown when the person holds no duty in the application: who to ask and for what. */
  noDuties: string
  /** Whether the person holds no duty there (the notice is shown). */
  holdsNoDuty: boolean
  /** Where the application lives (/apps/…). */
  base: string
  /** The application's screens, its sections' tabs in their order. */
  screens: readonly AppScreen[]
  /**
   * The section an address belongs to, from the first part of its path under the base (the first section's at the
   * base itself) and the whole path. Without it, that first part is the section.
   */
  sectionOf?: (first: string, pathname: string) => string
  /** The section shown selected when the address names none of them; null (the default) selects no tab. */
  otherwise?: string | null
}

/**
 * The frame of an application with sections (the fiscal ones): its title and purpose, a notice when the person holds
 * no duty there, its sections as tabs that change the address, so every screen has a link of its own, and the screen
 * the address names.
 */
export function AppSections({ title, purpose, noDuties, holdsNoDuty, base, screens, sectionOf, otherwise = null }: AppSectionsProps) {
  const navigate = useNavigate()
  const { pathname } = useLocation()
  const tabbed = screens.filter((screen): screen is AppScreen & { tab: string } => screen.tab !== undefined)
  const sections = tabbed.map((screen, index) => ({
    value: screen.path,
    label: screen.tab,
    path: index === 0 ? base : `${base}/${screen.path}`,
  }))
  const routes: RouteObject[] = screens.map(({ path, element }) => ({ path, element }))
  if (tabbed[0]) routes.unshift({ index: true, element: tabbed[0].element })
  const shown = useRoutes(routes)
  const first = pathname.slice(base.length).split('/').filter(Boolean)[0] ?? sections[0]?.value ?? ''
  const named = sectionOf ? sectionOf(first, pathname) : first
  const active = sections.some((section) => section.value === named) ? named : otherwise
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{purpose}</Text>
      </Stack>
      {holdsNoDuty ? (
        <Alert color="blue" title="No duties yet">
          {noDuties}
        </Alert>
      ) : null}
      <Tabs
        value={active}
        onChange={(value) => {
          const section = sections.find((entry) => entry.value === value)
          if (section) void navigate(section.path)
        }}
        keepMounted={false}
      >
        {/* On a phone the tabs wrap onto a second line: every label whole, none hidden past the edge. */}
        <Tabs.List style={{ flexWrap: 'wrap' }}>
          {sections.map((section) => (
            <Tabs.Tab key={section.value} value={section.value}>
              {section.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {shown}
    </Stack>
  )
}
