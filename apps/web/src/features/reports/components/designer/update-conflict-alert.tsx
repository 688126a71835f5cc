import { Box, Button, Group } from '@mantine/core'
import { RefreshCw } from 'lucide-react'
import { FailureAlert } from '@/components/failure-alert'

export interface UpdateConflictAlertProps {
  /** 'Failed to update report: ' and the server's account of the newer version. */
  message: string
  reloading: boolean
  onReload: () => void
  onDismiss: () => void
}

/**
 * Someone saved the report after this designer opened it. Saving again would be refused the same way, so the way on is
 * to reload the newer version; the draft stays on screen until the person chooses that.
 */
export function UpdateConflictAlert({ message, reloading, onReload, onDismiss }: UpdateConflictAlertProps) {
  return (
    <Box mb="md">
      <FailureAlert message={message}>
        <Group mt="sm">
          <Button
            size="xs"
            variant="default"
            leftSection={<RefreshCw size={14} aria-hidden="true" />}
            loading={reloading}
            onClick={onReload}
          >
            Reload
          </Button>
          <Button size="xs" variant="subtle" onClick={onDismiss}>
            Dismiss
          </Button>
        </Group>
      </FailureAlert>
    </Box>
  )
}
