import { Alert, Stack, Tabs, Text, Title } from '@mantine/core'
import type { ReactNode } from 'react'
import { useNavigate } from 'react-router'

export interface AppSection {
  value: string
  label: string
  path: string
}

export interface AppSectionsProps {
  title: string
  /** One sentence on what the application is for, under its title. */
  purpose: string
  /** Shown when the person holds no duty in the application: who to ask and for what. */
  noDuties: string | null
  sections: readonly AppSection[]
  /** The section shown now; null when the address names none of them (no tab is selected). */
  active: string | null
  /** The application's routes. */
  children: ReactNode
}

/**
 * The frame of an application with sections (the fiscal ones): its title and purpose, a notice when the person holds
 * no duty there, and its sections as tabs that change the address, so every screen has a link of its own.
 */
export function AppSections({ title, purpose, noDuties, sections, active, children }: AppSectionsProps) {
  const navigate = useNavigate()
  return (
    <Stack gap="md">
      <Stack gap={4}>
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{purpose}</Text>
      </Stack>
      {noDuties ? (
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
        <Tabs.List style={{ overflowX: 'auto', flexWrap: 'nowrap' }}>
          {sections.map((section) => (
            <Tabs.Tab key={section.value} value={section.value}>
              {section.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      {children}
    </Stack>
  )
}
