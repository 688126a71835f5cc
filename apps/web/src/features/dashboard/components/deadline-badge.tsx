import { Badge } from '@mantine/core'
import { deadlineStatus, type DeadlineTone } from '@platform/contracts/deadline'
import { districtTimeZone } from '@/lib/district-time'

/** Red once overdue, orange when due within two days, grey otherwise: the platform's one deadline rule. */
export const TONE_COLORS: Record<DeadlineTone, { color: string; variant: 'filled' | 'light' }> = {
  overdue: { color: 'red.9', variant: 'filled' },
  soon: { color: 'orange.4', variant: 'filled' },
  later: { color: 'gray', variant: 'light' },
}

/** A deadline in words ("Overdue by 3 days (due Nov 24)", "Due today", "Due Dec 2 · 4 days left"), coloured by its tone. */
export function DeadlineBadge({ due, now = new Date() }: { due: string; now?: Date }) {
  const status = deadlineStatus(due, now, districtTimeZone())
  const { color, variant } = TONE_COLORS[status.tone]
  return (
    <Badge color={color} variant={variant} autoContrast tt="none" style={{ whiteSpace: 'normal', height: 'auto' }}>
      {status.words}
    </Badge>
  )
}
