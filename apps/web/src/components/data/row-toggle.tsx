import { ActionIcon } from '@mantine/core'
import { ChevronDown, ChevronRight } from 'lucide-react'

/** The button that opens a table row onto more under it: `panelId` names the row shown while it is open. */
export function RowToggle({ label, open, panelId, onToggle }: { label: string; open: boolean; panelId: string; onToggle: () => void }) {
  return (
    <ActionIcon
      variant="subtle"
      color="gray.8"
      aria-label={label}
      aria-expanded={open}
      aria-controls={open ? panelId : undefined}
      onClick={onToggle}
    >
      {open ? <ChevronDown size={16} aria-hidden="true" /> : <ChevronRight size={16} aria-hidden="true" />}
    </ActionIcon>
  )
}
