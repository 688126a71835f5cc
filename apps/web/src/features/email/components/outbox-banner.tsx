import { Alert, Text } from '@mantine/core'
import { TriangleAlert } from 'lucide-react'

export const OUTBOX_BANNER_TEXT =
  'No mail server is configured, so nothing is really sent. Messages are recorded here and printed on the server console.'

/** Shown on every tab while the platform runs without a mail server. */
export function OutboxBanner() {
  return (
    <Alert
      color="yellow.4"
      variant="filled"
      autoContrast
      icon={<TriangleAlert size={20} aria-hidden="true" />}
      role="status"
      data-testid="outbox-banner"
    >
      <Text size="sm" fw={600} c="dark.9">
        {OUTBOX_BANNER_TEXT}
      </Text>
    </Alert>
  )
}
