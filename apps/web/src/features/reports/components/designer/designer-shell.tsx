import { Group, Modal } from '@mantine/core'
import type { ReactNode } from 'react'
import { usePhone } from '@/components/data/use-phone'

export interface DesignerShellProps {
  title: string
  onClose: () => void
  /** Buttons beside the title (Save, History). */
  actions?: ReactNode
  children: ReactNode
}

/**
 * The designer's full-screen dialog: its title and actions stay at the top, the form and preview scroll below.
 * On a phone the actions take a row of their own under the title, which would otherwise be squeezed into a narrow
 * column beside them; the close button stays at the top right.
 */
export function DesignerShell({ title, onClose, actions, children }: DesignerShellProps) {
  const phone = usePhone()
  const close = <Modal.CloseButton aria-label="Close the designer" ml={0} />
  return (
    <Modal.Root opened onClose={onClose} fullScreen>
      <Modal.Overlay />
      <Modal.Content>
        <Modal.Header
          style={{
            borderBottom: '1px solid var(--mantine-color-gray-3)',
            flexWrap: 'wrap',
            rowGap: 'var(--mantine-spacing-xs)',
            columnGap: 'var(--mantine-spacing-sm)',
          }}
        >
          <Modal.Title fw={700} fz="lg" style={{ flex: '1 1 0', minWidth: 0, overflowWrap: 'anywhere' }} data-testid="designer-title">
            {title}
          </Modal.Title>
          {phone ? close : null}
          <Group
            gap="sm"
            wrap={phone ? 'wrap' : 'nowrap'}
            style={phone ? { flexBasis: '100%' } : { marginLeft: 'auto' }}
            data-testid="designer-actions"
          >
            {actions}
            {phone ? null : close}
          </Group>
        </Modal.Header>
        <Modal.Body pt="md">{children}</Modal.Body>
      </Modal.Content>
    </Modal.Root>
  )
}
