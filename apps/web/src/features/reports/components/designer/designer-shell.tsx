import { Group, Modal } from '@mantine/core'
import type { ReactNode } from 'react'

export interface DesignerShellProps {
  title: string
  onClose: () => void
  /** Buttons beside the title (Save, History). */
  actions?: ReactNode
  children: ReactNode
}

/** The designer's full-screen dialog: its title and actions stay at the top, the form and preview scroll below. */
export function DesignerShell({ title, onClose, actions, children }: DesignerShellProps) {
  return (
    <Modal.Root opened onClose={onClose} fullScreen>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header style={{ borderBottom: '1px solid var(--mantine-color-gray-3)' }}>
          <Modal.Title fw={700} fz="lg">
            {title}
          </Modal.Title>
          <Group gap="sm" ml="auto" wrap="nowrap">
            {actions}
            <Modal.CloseButton aria-label="Close the designer" ml={0} />
          </Group>
        </Modal.Header>
        <Modal.Body pt="md">{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  )
}
