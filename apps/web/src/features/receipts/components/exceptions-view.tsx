import { schemaResolver, useForm } from '@mantine/form'
import { Badge, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core'
import { receiptsLabels } from '@platform/contracts/labels/receipts'
import { JournalQuerySchema } from '@platform/contracts/receipts'
import { useState } from 'react'
import { formatDateTime } from '@/lib/format'
import { useDocumentTitle } from '@/lib/use-document-title'
import { downloadFile, useReceiptExceptions } from '../api/receipts'
import { Amount, withoutFieldNames } from './receipt-parts'
import { useDuties } from './use-duties'
import { ScrollTable } from '@/components/data/scroll-table'
import { TableHeader } from '@/components/data/table-header'
import { RecordLinkCell } from '@/components/data/record-link-cell'
import { FailureAlert } from '@/components/failure-alert'

const KIND_LABELS = receiptsLabels.exceptionKind

/** Exceptions: voids, over/short counts, returned checks and separation-of-duties exceptions; and the ERP journal export. */
export function ExceptionsView() {
  useDocumentTitle('Exceptions')
  const exceptions = useReceiptExceptions()
  const duties = useDuties()
  const [exportError, setExportError] = useState<unknown>(null)
  const form = useForm({
    mode: 'controlled',
    initialValues: { from: '', to: '' },
    validate: withoutFieldNames(schemaResolver(JournalQuerySchema, { sync: true })),
  })
  const onExport = form.onSubmit(({ from, to }) => {
    setExportError(null)
    downloadFile('/api/receipts/journal.csv', `receipts-journal-${from}-to-${to}.csv`, { from, to }).catch((error: unknown) =>
      setExportError(error ?? new Error('not exported')),
    )
  })
  return (
    <Stack gap="md">
      <Title order={2}>Exceptions</Title>
      {exceptions.isError ? <FailureAlert title="The exceptions could not be loaded" error={exceptions.error} /> : null}
      <Paper withBorder radius="md">
        <ScrollTable minWidth={680} label="Exceptions" cardsOnPhone>
          <Table striped>
            <Table.Caption>Exceptions, newest first</Table.Caption>
            <TableHeader columns={['When', 'Kind', 'Record', 'Amount', 'Detail', 'Person']} />
            <Table.Tbody>
              {(exceptions.data ?? []).map((row, index) => (
                <Table.Tr key={`${row.kind}-${row.recordLabel}-${index}`}>
                  <Table.Td>{formatDateTime(row.at)}</Table.Td>
                  <Table.Td>
                    <Badge
                      color={
                        row.kind === 'VOID'
                          ? 'red.9'
                          : row.kind === 'OVER_SHORT'
                            ? 'pink.9'
                            : row.kind === 'RETURNED_CHECK'
                              ? 'grape.9'
                              : 'indigo.9'
                      }
                      variant="filled"
                      tt="none"
                    >
                      {KIND_LABELS[row.kind]}
                    </Badge>
                  </Table.Td>
                  <RecordLinkCell to={row.href}>{row.recordLabel}</RecordLinkCell>
                  <Table.Td>{row.amountCents === null ? '—' : <Amount cents={row.amountCents} />}</Table.Td>
                  <Table.Td>{row.detail}</Table.Td>
                  <Table.Td>{row.personName ?? ''}</Table.Td>
                </Table.Tr>
              ))}
              {exceptions.isSuccess && exceptions.data.length === 0 ? (
                <Table.Tr>
                  <Table.Td colSpan={6}>
                    <Text c="dimmed">No exceptions.</Text>
                  </Table.Td>
                </Table.Tr>
              ) : null}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </Paper>
      {duties.isAdmin || duties.has('RECONCILER') || duties.has('APPROVER') ? (
        <Paper withBorder radius="md" p="md">
          <Stack gap="xs">
            <Title order={3}>ERP journal</Title>
            <Text size="sm" c="dimmed">
              Confirmed deposits in a date range as a journal: a debit to each fund's cash account, a credit to each receipt line's account.
            </Text>
            <form onSubmit={onExport} noValidate>
              <Group align="flex-end">
                <TextInput label="From" type="date" {...form.getInputProps('from')} required />
                <TextInput label="To" type="date" {...form.getInputProps('to')} required />
                <Button type="submit" variant="default">
                  Export CSV
                </Button>
              </Group>
            </form>
            {exportError ? <FailureAlert title="The journal could not be exported" error={exportError} /> : null}
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  )
}
