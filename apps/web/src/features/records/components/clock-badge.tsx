import { Badge } from '@mantine/core'
import type { ClockStatus } from '@platform/contracts/records-clock'
import { AlarmClock, CircleAlert, CircleCheck, Clock, Hourglass } from 'lucide-react'

// Dark fills so white text keeps at least 4.5:1; the words say the same as the colour (never colour alone).
const LOOKS: Record<ClockStatus, { color: string; Icon: typeof Clock }> = {
  OVERDUE: { color: '#b3261e', Icon: CircleAlert },
  DUE_TODAY: { color: '#a84300', Icon: AlarmClock },
  DUE_SOON: { color: '#6b4e00', Icon: Hourglass },
  ON_TRACK: { color: 'teal.9', Icon: Clock },
  STOPPED: { color: 'gray.8', Icon: CircleCheck },
}

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`

/** What the clock says in words: "Overdue by 3 days", "Due today", "2 days left", or why it stopped. */
export function clockWords(status: ClockStatus, daysLeft: number, stoppedLabel = 'Clock stopped'): string {
  switch (status) {
    case 'OVERDUE':
      return `Overdue by ${plural(-daysLeft, 'day')}`
    case 'DUE_TODAY':
      return 'Due today'
    case 'DUE_SOON':
    case 'ON_TRACK':
      return `${plural(daysLeft, 'day')} left`
    case 'STOPPED':
      return stoppedLabel
  }
}

export interface ClockBadgeProps {
  /** The clock's status and days left, as the server reckons them on the district's calendar. */
  status: ClockStatus
  daysLeft: number
  /** What a stopped clock says (the determination is made): "Determined", "Closed". */
  stoppedLabel?: string
}

/** A request's clock: days left, coloured as it nears, with an icon and the words for those who cannot see colour. */
export function ClockBadge({ status, daysLeft, stoppedLabel }: ClockBadgeProps) {
  const { color, Icon } = LOOKS[status]
  return (
    <Badge
      color={color}
      variant="filled"
      tt="none"
      leftSection={<Icon size={12} aria-hidden="true" />}
      data-clock={status}
      style={{ flexShrink: 0 }}
    >
      {clockWords(status, daysLeft, stoppedLabel)}
    </Badge>
  )
}
