import { Button, Group, Modal, Stack, Text } from '@mantine/core'
import type { ReactNode } from 'react'

export interface ConfirmDialogProps {
  opened: boolean
  title: string
  /** The question, in full (the exact confirmation text). */
  message: ReactNode
  confirmLabel: string
  /** The label of the button that dismisses the dialog (Cancel unless said otherwise). */
  cancelLabel?: string
  /** Red confirm button for destructive actions. */
  danger?: boolean
  loading?: boolean
  onConfirm: () => void
  onCancel: () => void
}

/** A titled confirmation modal; Cancel has the focus first, so Enter never confirms by accident. */
export function ConfirmDialog({
  opened,
  title,
  message,
  confirmLabel,
  cancelLabel = 'Cancel',
  danger,
  loading,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal opened={opened} onClose={onCancel} title={title} centered closeButtonProps={{ 'aria-label': 'Close' }}>
      <Stack gap="lg">
        {typeof message === 'string' ? <Text>{message}</Text> : message}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} data-autofocus disabled={loading}>
            {cancelLabel}
          </Button>
          <Button color={danger ? 'red.8' : undefined} onClick={onConfirm} loading={loading}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}
