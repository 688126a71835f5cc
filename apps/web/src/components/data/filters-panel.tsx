import { Box, Button, Collapse, Group, type GroupProps } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { SlidersHorizontal } from 'lucide-react'
import { useId, type ReactNode } from 'react'
import { usePhone } from './use-phone'

export interface FiltersPanelProps extends Omit<GroupProps, 'children'> {
  /** Names the filters for screen readers ("Filter projects"); the box is a search landmark. */
  label: string
  /** How many filters are set now, shown on the phone's button ("Filters · 2"). */
  activeCount?: number
  children: ReactNode
}

/**
 * A row of list filters. On a phone they hide behind one 'Filters' button (with how many are set), so the list
 * is what a person sees first; wider, they show as a wrapping row.
 */
export function FiltersPanel({ label, activeCount = 0, children, ...groupProps }: FiltersPanelProps) {
  const phone = usePhone()
  const [opened, { toggle }] = useDisclosure(false)
  const id = useId()
  const filters = (
    <Group gap="sm" align="flex-start" wrap="wrap" role="search" aria-label={label} id={id} {...groupProps}>
      {children}
    </Group>
  )
  if (!phone) return filters
  return (
    <div>
      <Button
        variant="default"
        leftSection={<SlidersHorizontal size={16} aria-hidden="true" />}
        onClick={toggle}
        aria-expanded={opened}
        aria-controls={id}
      >
        {activeCount > 0 ? `Filters · ${activeCount}` : 'Filters'}
      </Button>
      <Collapse expanded={opened}>
        <Box pt="sm">{filters}</Box>
      </Collapse>
    </div>
  )
}
