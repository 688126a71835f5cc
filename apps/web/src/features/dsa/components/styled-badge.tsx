import { Badge } from '@mantine/core'
import type { BadgeStyle } from '../utils/status-styles'

/** A filled badge in a status colour with its icon; the text always names the status, so colour is never the only signal. */
export function StyledBadge({ style, label, variant = 'filled' }: { style: BadgeStyle; label: string; variant?: 'filled' | 'outline' }) {
  const Icon = style.icon
  return (
    <Badge
      color={style.color}
      autoContrast={style.autoContrast}
      variant={variant}
      tt="none"
      leftSection={<Icon size={12} aria-hidden="true" />}
      // The label clips what overflows, so a table column could squeeze the badge to '…': it keeps its full width.
      miw="max-content"
    >
      {label}
    </Badge>
  )
}
