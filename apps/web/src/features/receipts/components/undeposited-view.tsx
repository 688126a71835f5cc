import { Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core'
import { depositDueAt } from '@platform/contracts/receipts'
import { districtTimeZone } from '@/lib/district-time'
import { formatDateTime } from '@/lib/format'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useReturnedChecks, useUndeposited } from '../api/receipts'
import { Amount, DeadlineBadge } from './receipt-parts'
import { ONE_LINE } from '@/components/data/one-line'
import { ScrollTable } from '@/components/data/scroll-table'
import { TableHeader } from '@/components/data/table-header'
import { FailureAlert } from '@/components/failure-alert'

/** Undeposited cash by site and age: late past the site's frequency, overdue (red) past 30 days; and returned checks. */
export function UndepositedView() {
  useDocumentTitle('Undeposited cash')
  const sites = useUndeposited()
  const returned = useReturnedChecks()
  return (
    <Stack gap="md">
      <Title order={2}>Undeposited cash</Title>
      {sites.isError ? <FailureAlert title="Undeposited cash could not be loaded" error={sites.error} /> : null}
      <Paper withBorder radius="md">
        <ScrollTable minWidth={620} label="Cash waiting to be deposited" cardsOnPhone>
          <Table striped>
            <Table.Caption>Cash waiting to be deposited, by site</Table.Caption>
            <TableHeader columns={['Site', 'Receipts', 'Amount', 'Oldest', 'Deposit every', 'Status']} />
            <Table.Tbody>
              {(sites.data ?? []).map((site) => (
                <Table.Tr key={site.siteId}>
                  <Table.Td>{site.siteName}</Table.Td>
                  <Table.Td>{site.receiptCount}</Table.Td>
                  <Table.Td>
                    <Amount cents={site.amountCents} />
                  </Table.Td>
                  <Table.Td>
                    {site.ageDays === 1 ? '1 day' : `${site.ageDays} days`}
                    <Text size="xs" c="dimmed">
                      since {formatDateTime(site.oldestIssuedAt)}
                    </Text>
                  </Table.Td>
                  <Table.Td>{site.depositFrequencyDays} days</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="wrap">
                      <DeadlineBadge due={depositDueAt(site.oldestIssuedAt, site.depositFrequencyDays, districtTimeZone())} />
                      {site.overdue ? (
                        <Badge color="red.9" variant="filled" tt="none">
                          Held more than 30 days
                        </Badge>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
              {sites.isSuccess && sites.data.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={6}>
                    <Text c="dimmed">No cash is waiting to be deposited.</Text>
                  </Table.Td>
                </Table.Tr>
              ) : null}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </Paper>
      <Title order={2} size="h3">
        Returned checks
      </Title>
      <Paper withBorder radius="md">
        <ScrollTable minWidth={560} label="Checks the bank returned" cardsOnPhone>
          <Table striped>
            <Table.Caption>Checks the bank returned</Table.Caption>
            <TableHeader columns={['Receipt', 'Payer', 'Correction', 'Reason']} />
            <Table.Tbody>
              {(returned.data ?? []).map((check) => (
                <Table.Tr key={check.receiptId}>
                  <Table.Td ff="monospace" style={ONE_LINE}>
                    {check.number}
                  </Table.Td>
                  <Table.Td>{check.payer}</Table.Td>
                  <Table.Td>
                    <Amount cents={check.amountCents} />
                  </Table.Td>
                  <Table.Td>{check.reason}</Table.Td>
                </Table.Tr>
              ))}
              {returned.isSuccess && returned.data.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={4}>
                    <Text c="dimmed">No returned checks.</Text>
                  </Table.Td>
                </Table.Tr>
              ) : null}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </Paper>
    </Stack>
  )
}
