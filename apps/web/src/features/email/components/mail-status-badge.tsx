import { Badge } from '@mantine/core'
import type { MailStatus } from '@platform/contracts/email'
import { statusBadgeStyle, statusLabel } from '../utils/mail-status'

/** A message's status as a filled badge (dark shades, or light yellow with dark text, for contrast). */
export function MailStatusBadge({ status }: { status: MailStatus }) {
  const { color } = statusBadgeStyle(status)
  return (
    <Badge color={color} variant="filled" autoContrast tt="none" data-status={status} style={{ minWidth: 'max-content' }}>
      {statusLabel(status)}
    </Badge>
  )
}
