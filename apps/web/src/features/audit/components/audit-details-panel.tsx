import { Code, Stack, Table, Text } from '@mantine/core'
import type { AuditEntry } from '@platform/contracts/audit'
import { type AuditDetails, fieldLabel } from '../utils/audit-details'
import { TableHeader } from '@/components/data/table-header'

/**
 * The expanded part of an audit row: before/after values and other facts (named in words, their values as recorded:
 * this is evidence), the action's recorded name (what the CSV export and the filters carry), and the browser.
 */
export function AuditDetailsPanel({ entry, details }: { entry: AuditEntry; details: AuditDetails }) {
  return (
    <Stack gap="sm" py="xs">
      {details.changes.length > 0 ? (
        <Table withTableBorder withColumnBorders verticalSpacing={4} aria-label={`Changes recorded in entry ${entry.audit_id}`} maw={900}>
          <TableHeader columns={['Field', 'Before', 'After']} />
          <Table.Tbody>
            {details.changes.map((change) => (
              <Table.Tr key={change.field}>
                <Table.Th scope="row" fw={600}>
                  {fieldLabel(change.field)}
                </Table.Th>
                <Table.Td data-verbatim>{change.before}</Table.Td>
                <Table.Td data-verbatim fw={change.changed ? 600 : undefined}>
                  {change.after}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : null}
      {details.facts.length > 0 ? (
        <Stack gap={2} component="dl" m={0}>
          {details.facts.map((fact) => (
            <Text key={fact.key} size="sm" component="div">
              <Text component="dt" span fw={600}>
                {fieldLabel(fact.key)}:
              </Text>{' '}
              <Text component="dd" span m={0} style={{ wordBreak: 'break-word' }} data-verbatim>
                {fact.value}
              </Text>
            </Text>
          ))}
        </Stack>
      ) : null}
      {details.raw ? <Code block>{details.raw}</Code> : null}
      {details.changes.length === 0 && details.facts.length === 0 && !details.raw ? (
        <Text size="sm" c="dimmed">
          No details were recorded.
        </Text>
      ) : null}
      <Text size="xs" c="dimmed">
        Recorded as <Code>{entry.action}</Code>
      </Text>
      {entry.user_agent ? (
        <Text size="xs" c="dimmed">
          Browser: {entry.user_agent}
        </Text>
      ) : null}
    </Stack>
  )
}
