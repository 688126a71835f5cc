import { Table } from '@mantine/core'
import { useEffect, useRef, type ReactNode } from 'react'
import classes from './scroll-table.module.css'

export interface ScrollTableProps {
  /** Below this width the table scrolls sideways inside its box, with the scroll bar always drawn. */
  minWidth: number
  /** What the table holds ("Users"): names the scroll box for keyboard and screen-reader users. */
  label: string
  /**
   * On a phone (below Mantine's `sm`, 48em) each row becomes a card whose cells stack, each under its column's
   * heading. Leave it off for tables whose columns read only side by side (a report's result).
   */
  cardsOnPhone?: boolean
  children: ReactNode
}

/**
 * The platform's table box: a table that does not fit scrolls visibly (the scroll bar is drawn, not only on hover,
 * and the box takes keyboard focus), and on a phone its rows can become cards. Wrap a Mantine `<Table>` in it.
 */
export function ScrollTable({ minWidth, label, cardsOnPhone = false, children }: ScrollTableProps) {
  const box = useRef<HTMLDivElement>(null)
  useCellLabels(box, cardsOnPhone)
  return (
    <div ref={box} className={cardsOnPhone ? classes.cardsOnPhone : undefined}>
      <Table.ScrollContainer
        minWidth={minWidth}
        classNames={{ scrollContainerInner: classes.inner }}
        scrollAreaProps={{
          type: 'always',
          offsetScrollbars: 'x',
          classNames: { content: classes.content },
          viewportProps: { tabIndex: 0, role: 'region', 'aria-label': `${label} (scrollable)` },
        }}
      >
        {children}
      </Table.ScrollContainer>
    </div>
  )
}

/**
 * Gives every body cell a `data-label` with its column's heading, which the phone cards show above the cell's
 * content. Runs after every render and on every change inside the table (rows arrive, pages turn).
 */
function useCellLabels(box: React.RefObject<HTMLDivElement | null>, enabled: boolean) {
  useEffect(() => {
    const root = box.current
    if (!enabled || !root) return
    const label = () => {
      for (const table of root.querySelectorAll('table')) {
        const headings = [...table.querySelectorAll(':scope > thead > tr:last-child > th')].map((th) => (th.textContent ?? '').trim())
        for (const row of table.querySelectorAll(':scope > tbody > tr')) {
          const cells = [...row.children]
          if (cells.length < 2) continue // a detail row spanning the whole table
          cells.forEach((cell, index) => {
            const heading = headings[index] ?? ''
            if (cell.getAttribute('data-label') !== heading) cell.setAttribute('data-label', heading)
          })
        }
      }
    }
    label()
    const observer = new MutationObserver(label)
    observer.observe(root, { childList: true, subtree: true })
    return () => observer.disconnect()
  }, [box, enabled])
}
