import { Alert, Badge, Button, Group, Modal, Paper, Stack, Table, Text, Textarea, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { schemaResolver, useForm } from '@mantine/form'
import { ExceptionInputSchema, type FiscalApp, type SeparationRefusal } from '@platform/contracts/finance'
import { labelOf } from '@platform/contracts/labels'
import { financeSetupLabels } from '@platform/contracts/labels/finance-setup'
import { useState } from 'react'
import { formMessage } from '@/lib/schema-errors'
import { EmptyRow } from '@/components/data/empty-row'
import { ScrollTable } from '@/components/data/scroll-table'
import { useAuth } from '@/lib/auth-context'
import { formatDateTime } from '@/lib/format'
import { useDocumentTitle } from '@/lib/use-document-title'
import { useRecordException, useSeparationExceptions, useSeparationRefusals } from '../api/finance'
import { TableHeader } from '@/components/data/table-header'
import { FailureAlert } from '@/components/failure-alert'

const APP_NAMES: Record<FiscalApp, string> = {
  PAYMENT_RECEIPTS: 'Payment Receipts',
  ACCRUALS: 'Accruals',
  PUBLIC_INFO: 'Public Information',
}
const appName = (code: string) => APP_NAMES[code as FiscalApp] ?? code
/** 'approve', 'sign the letter': a step inside a sentence. */
const stepWords = (step: string) => labelOf(financeSetupLabels.step, step).toLowerCase()
/** 'collector and counter': the parts a person played, in words. */
const partsWords = (parts: readonly string[], separator: string) =>
  parts.map((part) => labelOf(financeSetupLabels.part, part).toLowerCase()).join(separator)
/** The reason's minimum, as the contract checks it (ExceptionInputSchema). */

/**
 * Administration → Separation of duties: the steps the server refused because the person played a conflicting part in
 * the record, and the one-use exceptions super administrators recorded. An exception is recorded from a refusal, so it
 * names exactly the application, record, step and person the server will match.
 */
export function SeparationExceptions() {
  useDocumentTitle('Separation of duties')
  const { user } = useAuth()
  const refusals = useSeparationRefusals()
  const exceptions = useSeparationExceptions()
  const [chosen, setChosen] = useState<SeparationRefusal | null>(null)
  const isSuperAdmin = user?.roleCode === 'SUPER_ADMIN'

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={1}>Separation of duties</Title>
        <Text c="dimmed">
          Nobody approves what they requested, counts a deposit holding their own receipts, or signs a letter they drafted alone. When a
          district has no one else to take a step, a super administrator may record an exception: it lets that one person take that one step
          on that one record, once, and it is listed here and in the application's exceptions report for the auditors.
        </Text>
      </Stack>
      {isSuperAdmin ? null : (
        <Alert color="blue" variant="light" title="Read only">
          Only a super administrator records an exception, and never for themselves.
        </Alert>
      )}

      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Title order={2} size="h3">
            Refused steps
          </Title>
          {refusals.isError ? <LoadError what="refused steps" error={refusals.error} /> : null}
          <ScrollTable minWidth={760} label="Refused steps" cardsOnPhone>
            <Table striped>
              <Table.Caption>The latest steps refused for separation of duties, newest first</Table.Caption>
              <TableHeader columns={['When', 'Person', 'Application', 'Record', 'Step', 'Because they are the', 'Exception']} />
              <Table.Tbody>
                {(refusals.data?.data ?? []).map((refusal) => (
                  <Table.Tr key={refusal.auditId}>
                    <Table.Td>{formatDateTime(refusal.at)}</Table.Td>
                    <Table.Td>{refusal.userName}</Table.Td>
                    <Table.Td>{appName(refusal.appCode)}</Table.Td>
                    <Table.Td ff="monospace">{refusal.recordId}</Table.Td>
                    <Table.Td>{stepWords(refusal.step)}</Table.Td>
                    <Table.Td>{partsWords(refusal.conflicts, ', ')}</Table.Td>
                    <Table.Td>
                      {refusal.exceptionRecorded ? (
                        <Badge color="teal.9" variant="filled" tt="none">
                          Recorded
                        </Badge>
                      ) : isSuperAdmin && refusal.userId !== user?.id ? (
                        <Button
                          size="xs"
                          variant="default"
                          onClick={() => setChosen(refusal)}
                          aria-label={`Record an exception for ${refusal.userName}: ${stepWords(refusal.step)} ${refusal.recordId}`}
                        >
                          Record an exception
                        </Button>
                      ) : (
                        <Text size="sm" c="dimmed">
                          None
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
                {refusals.isSuccess && refusals.data.data.length === 0 ? (
                  <EmptyRow columns={7}>No step has been refused for separation of duties.</EmptyRow>
                ) : null}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p="md">
        <Stack gap="sm">
          <Title order={2} size="h3">
            Exceptions recorded
          </Title>
          {exceptions.isError ? <LoadError what="exceptions" error={exceptions.error} /> : null}
          <ScrollTable minWidth={860} label="Exceptions recorded" cardsOnPhone>
            <Table striped>
              <Table.Caption>Every exception recorded, newest first</Table.Caption>
              <TableHeader columns={['Recorded', 'For', 'Application', 'Record', 'Step', 'Reason', 'Recorded by', 'Status']} />
              <Table.Tbody>
                {(exceptions.data?.data ?? []).map((exception) => (
                  <Table.Tr key={exception.id}>
                    <Table.Td>{formatDateTime(exception.createdAt)}</Table.Td>
                    <Table.Td>{exception.userName}</Table.Td>
                    <Table.Td>{appName(exception.appCode)}</Table.Td>
                    <Table.Td ff="monospace">{exception.recordId}</Table.Td>
                    <Table.Td>{stepWords(exception.step)}</Table.Td>
                    <Table.Td>{exception.reason}</Table.Td>
                    <Table.Td>{exception.createdByName}</Table.Td>
                    <Table.Td>{exception.usedAt ? `Used ${formatDateTime(exception.usedAt)}` : 'Not used yet'}</Table.Td>
                  </Table.Tr>
                ))}
                {exceptions.isSuccess && exceptions.data.data.length === 0 ? (
                  <EmptyRow columns={8}>No exception has been recorded.</EmptyRow>
                ) : null}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        </Stack>
      </Paper>

      <Modal
        opened={chosen !== null}
        onClose={() => setChosen(null)}
        title="Record an exception"
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {chosen ? <ExceptionForm key={chosen.auditId} refusal={chosen} onDone={() => setChosen(null)} /> : null}
      </Modal>
    </Stack>
  )
}

const resolveException = schemaResolver(ExceptionInputSchema, { sync: true })

function ExceptionForm({ refusal, onDone }: { refusal: SeparationRefusal; onDone: () => void }) {
  const record = useRecordException()
  const exceptionOf = (reason: string) => ({
    appId: refusal.appId,
    recordId: refusal.recordId,
    step: refusal.step,
    userId: refusal.userId,
    reason,
  })
  const form = useForm({
    mode: 'controlled',
    initialValues: { reason: '' },
    // The reason is the only field typed here: the rest of the exception is the refusal's, checked as the server will.
    validate: (values) => {
      const found = resolveException(exceptionOf(values.reason))
      return typeof found.reason === 'string' ? { reason: formMessage(found.reason) } : {}
    },
  })

  const onSubmit = form.onSubmit((values) => {
    record
      .mutateAsync(ExceptionInputSchema.parse(exceptionOf(values.reason)))
      .then(() => {
        notifications.show({
          color: 'teal',
          message: `Exception recorded: ${refusal.userName} may ${stepWords(refusal.step)} ${refusal.recordId} once.`,
        })
        onDone()
      })
      .catch(() => undefined) // shown below from record.error
  })

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Text>
          {refusal.userName} may then <strong>{stepWords(refusal.step)}</strong> record <strong>{refusal.recordId}</strong> in{' '}
          {appName(refusal.appCode)} once, although they are its {partsWords(refusal.conflicts, ' and ')}. The exception is kept on the
          record for the auditors and cannot be withdrawn.
        </Text>
        <Textarea
          label="Reason"
          description="Why no one else can take this step."
          required
          autosize
          minRows={3}
          maxLength={1000}
          {...form.getInputProps('reason')}
        />
        {record.isError ? <FailureAlert title="Not recorded" error={record.error} /> : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" color="orange" loading={record.isPending}>
            Record exception
          </Button>
        </Group>
      </Stack>
    </form>
  )
}

function LoadError({ what, error }: { what: string; error: unknown }) {
  return <FailureAlert title={`The ${what} could not be loaded`} error={error} />
}
