import { Anchor, Table } from '@mantine/core'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { ONE_LINE } from './one-line'

/** A cell naming a record by its number (one token in figures, never wrapped) that links to the record's own page. */
export function RecordLinkCell({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Table.Td ff="monospace" style={ONE_LINE}>
      <Anchor component={Link} to={to}>
        {children}
      </Anchor>
    </Table.Td>
  )
}
