import { Badge, List, Table, Text } from '@mantine/core'
import { labelOf } from '@platform/contracts/labels'
import { adminLabels } from '@platform/contracts/labels/admin'
import type { ImportRow } from '@platform/contracts/users'
import { ScrollTable } from '@/components/data/scroll-table'
import { TableHeader } from '@/components/data/table-header'
import { BreakableText } from '@/components/data/breakable-text'

/** The names of the codes a file may use, to show a row in words (a code the platform does not know stays as written). */
export interface ImportNames {
  organizations: ReadonlyMap<string, string>
  roles: ReadonlyMap<string, string>
  applications: ReadonlyMap<string, string>
}

const OUTCOME_COLORS: Record<ImportRow['action'], string> = { create: 'teal.9', update: 'blue.9', unchanged: 'gray.7', reject: 'red.9' }

/** What happens to a line of the file, in words and in the colour every import uses. */
export function ImportOutcomeBadge({ action }: { action: ImportRow['action'] }) {
  return (
    <Badge color={OUTCOME_COLORS[action]} variant="filled" tt="none">
      {labelOf(adminLabels.importAction, action)}
    </Badge>
  )
}

const named = (names: ReadonlyMap<string, string>, code: string) => names.get(code.trim().toUpperCase()) ?? code

/** The rows of an import preview or result: what happens to each line of the file, and why. */
export function ImportRowsTable({ rows, caption, names }: { rows: readonly ImportRow[]; caption: string; names: ImportNames }) {
  return (
    <ScrollTable minWidth={820} label={caption} cardsOnPhone>
      <Table striped verticalSpacing="xs" aria-label={caption}>
        <TableHeader
          columns={[
            'Line',
            { label: 'Person', miw: 180 },
            'Organization',
            'Role',
            { label: 'Applications', miw: 130 },
            'Outcome',
            { label: 'Reasons', miw: 220 },
          ]}
        />
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={`${row.line}-${row.email}`}>
              <Table.Td>{row.line}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }}>
                <Text size="sm" fw={600}>
                  {row.full_name}
                </Text>
                <Text size="sm" c="dimmed">
                  <BreakableText>{row.email}</BreakableText>
                </Text>
              </Table.Td>
              {/* A code the platform does not know is shown as the file wrote it. */}
              <Table.Td data-verbatim={names.organizations.has(row.organization_code.trim().toUpperCase()) ? undefined : true}>
                {named(names.organizations, row.organization_code)}
              </Table.Td>
              <Table.Td data-verbatim={names.roles.has(row.role_code.trim().toUpperCase()) ? undefined : true}>
                {named(names.roles, row.role_code)}
              </Table.Td>
              <Table.Td
                data-verbatim={row.applications.every((code) => names.applications.has(code.trim().toUpperCase())) ? undefined : true}
              >
                {row.applications.map((code) => named(names.applications, code)).join(', ')}
              </Table.Td>
              <Table.Td>
                <ImportOutcomeBadge action={row.action} />
              </Table.Td>
              {/* Reasons quote the file's own values ('Unknown role code JANITOR'). */}
              <Table.Td data-verbatim>
                {row.reasons.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    —
                  </Text>
                ) : row.reasons.length === 1 ? (
                  <Text size="sm">{row.reasons[0]}</Text>
                ) : (
                  <List size="sm" spacing={2}>
                    {row.reasons.map((reason) => (
                      <List.Item key={reason}>{reason}</List.Item>
                    ))}
                  </List>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  )
}
