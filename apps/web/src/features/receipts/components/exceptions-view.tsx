import { Badge, Button, Group, Paper, Stack, Table, Text, TextInput, Title } from '@mantine/core'
import { receiptsLabels } from '@platform/contracts/labels/receipts'
import { JournalQuerySchema } from '@platform/contracts/receipts'
import { useState, type FormEvent } from 'react'
import { errorMessage } from '@/lib/api-client'
import { formatDateTime } from '@/lib/format'
import { schemaErrors } from '@/lib/schema-errors'
import { useDocumentTitle } from '@/lib/use-document-title'
import { downloadFile, useReceiptExceptions } from '../api/receipts'
import { Amount } from './receipt-parts'
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
  const [from, setFrom] = useState('')
  const [to, setTo] = useState('')
  const [exportError, setExportError] = useState<string | null>(null)
  const [errors, setErrors] = useState<Partial<Record<'from' | 'to', string>>>({})
  const onExport = (event: FormEvent) => {
    event.preventDefault()
    setExportError(null)
    const found = schemaErrors(JournalQuerySchema, { from, to }, ['from', 'to'] as const)
    setErrors(found)
    if (Object.keys(found).length > 0) return
    downloadFile('/api/receipts/journal.csv', `receipts-journal-${from}-to-${to}.csv`, { from, to }).catch((error: unknown) =>
      setExportError(errorMessage(error, 'The journal could not be exported.')),
    )
  }
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
                <TextInput
                  label="From"
                  type="date"
                  value={from}
                  onChange={(event) => setFrom(event.currentTarget.value)}
                  error={errors.from}
                  required
                />
                <TextInput
                  label="To"
                  type="date"
                  value={to}
                  onChange={(event) => setTo(event.currentTarget.value)}
                  error={errors.to}
                  required
                />
                <Button type="submit" variant="default">
                  Export CSV
                </Button>
              </Group>
            </form>
            {exportError ? <FailureAlert message={exportError} /> : null}
          </Stack>
        </Paper>
      ) : null}
    </Stack>
  )
}
