import { Alert, Button, Group, Text } from '@mantine/core'
import { AlertCircle, RefreshCw } from 'lucide-react'

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
    <Alert
      color="red"
      variant="light"
      icon={<AlertCircle size={18} aria-hidden="true" />}
      role="alert"
      withCloseButton
      closeButtonLabel="Dismiss"
      onClose={onDismiss}
      mb="md"
    >
      <Text size="sm">{message}</Text>
      <Group mt="sm">
        <Button size="xs" variant="default" leftSection={<RefreshCw size={14} aria-hidden="true" />} loading={reloading} onClick={onReload}>
          Reload
        </Button>
      </Group>
    </Alert>
  )
}
