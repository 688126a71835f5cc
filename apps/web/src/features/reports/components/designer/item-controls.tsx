import { ActionIcon, Button, Group, Tooltip } from '@mantine/core'
import { ArrowDown, ArrowUp, Plus, Trash2 } from 'lucide-react'
import type { ReactNode } from 'react'
import { flushSync } from 'react-dom'

export interface ItemControlsProps {
  /** A prefix unique to the list, for the buttons' ids. */
  listId: string
  index: number
  count: number
  /** 'column 2': the buttons read 'Move column 2 up', 'Remove column 2'. */
  name: string
  onMove?: (index: number, delta: -1 | 1) => void
  onRemove: (index: number) => void
  /** Where the focus goes after a removal (the list's Add button). */
  focusAfterRemove: string
}

const buttonId = (listId: string, index: number, direction: 'up' | 'down') => `${listId}-${index}-${direction}`

function focusFirst(ids: string[]) {
  for (const id of ids) {
    const element = document.getElementById(id)
    if (element && !element.hasAttribute('disabled')) {
      element.focus()
      return
    }
  }
}

/**
 * Move up, Move down and Remove for one item of a list: buttons, so reordering works from the keyboard. The focus
 * follows the moved item, and goes to the Add button after a removal, instead of falling back to the page.
 */
export function ItemControls({ listId, index, count, name, onMove, onRemove, focusAfterRemove }: ItemControlsProps) {
  const move = (delta: -1 | 1) => {
    // Render the new order now, so the moved item's buttons exist to take the focus.
    flushSync(() => onMove?.(index, delta))
    const target = index + delta
    focusFirst(
      delta < 0
        ? [buttonId(listId, target, 'up'), buttonId(listId, target, 'down')]
        : [buttonId(listId, target, 'down'), buttonId(listId, target, 'up')],
    )
  }
  const remove = () => {
    flushSync(() => onRemove(index))
    focusFirst([focusAfterRemove])
  }
  return (
    <Group gap={2} wrap="nowrap">
      {onMove ? (
        <>
          <Tooltip label="Move up" withArrow>
            <ActionIcon
              id={buttonId(listId, index, 'up')}
              variant="subtle"
              color="gray.8"
              aria-label={`Move ${name} up`}
              disabled={index === 0}
              onClick={() => move(-1)}
            >
              <ArrowUp size={16} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
          <Tooltip label="Move down" withArrow>
            <ActionIcon
              id={buttonId(listId, index, 'down')}
              variant="subtle"
              color="gray.8"
              aria-label={`Move ${name} down`}
              disabled={index === count - 1}
              onClick={() => move(1)}
            >
              <ArrowDown size={16} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
        </>
      ) : null}
      <Tooltip label="Remove" withArrow>
        <ActionIcon variant="subtle" color="red.8" aria-label={`Remove ${name}`} onClick={remove}>
          <Trash2 size={16} aria-hidden="true" />
        </ActionIcon>
      </Tooltip>
    </Group>
  )
}

/** The Add button under a list of items; its `id` is where the focus goes after a removal (`focusAfterRemove`). */
export function AddItemButton({
  id,
  disabled,
  onClick,
  children,
}: {
  id: string
  disabled: boolean
  onClick: () => void
  children: ReactNode
}) {
  return (
    <Group>
      <Button id={id} variant="default" leftSection={<Plus size={16} aria-hidden="true" />} onClick={onClick} disabled={disabled}>
        {children}
      </Button>
    </Group>
  )
}
