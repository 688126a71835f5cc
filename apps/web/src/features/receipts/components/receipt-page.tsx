import { Anchor, Button, Group, Modal, Paper, SimpleGrid, Stack, Table, Text, Textarea, Title } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { receiptsLabels } from '@platform/contracts/labels/receipts'
import { formatCents } from '@platform/contracts/finance-money'
import { ReasonInputSchema } from '@platform/contracts/receipts'
import { FileDown } from 'lucide-react'
import { useState } from 'react'
import { Link, useParams } from 'react-router'
import { StepNotOffered } from '@/components/step-not-offered'
import { useDocumentTitle } from '@/lib/use-document-title'
import { downloadFile, useReceipt, useReturnCheck, useVoidReceipt } from '../api/receipts'
import { AttachmentsPanel, attachmentsUrl } from '@/components/attachments-panel'
import { Amount, HistoryList, ReceiptStateBadge, withoutFieldNames } from './receipt-parts'
import { ScrollTable } from '@/components/data/scroll-table'
import { TableHeader } from '@/components/data/table-header'
import { FailureAlert } from '@/components/failure-alert'
import { LoadingState } from '@/components/loading-state'

/** One receipt: its facts and lines, its history and files, and the actions the person may take. */
export function ReceiptPage() {
  const id = Number(useParams().id)
  const receipt = useReceipt(id)
  useDocumentTitle(receipt.data ? `Receipt ${receipt.data.number}` : 'Receipt')
  const [asking, setAsking] = useState<'void' | 'return' | null>(null)
  if (receipt.isError) return <FailureAlert title="The receipt could not be loaded" error={receipt.error} />
  if (!receipt.data) return <LoadingState label="Loading the receipt" query={receipt} />
  const data = receipt.data
  const fact = (label: string, value: React.ReactNode) => (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text>{value}</Text>
    </div>
  )

  return (
    <Stack gap="md">
      <Group justify="space-between" align="center" wrap="wrap">
        <Group gap="sm">
          <Title order={2} ff="monospace">
            {data.number}
          </Title>
          <ReceiptStateBadge state={data.state} />
        </Group>
        <Group gap="xs">
          {data.amountCents !== null ? (
            <Button
              variant="default"
              leftSection={<FileDown size={16} aria-hidden="true" />}
              onClick={() => void downloadFile(`/api/receipts/${id}/pdf`, `receipt-${data.number}.pdf`)}
            >
              Print receipt
            </Button>
          ) : null}
          {data.actions.void ? (
            <Button color="red" variant="outline" onClick={() => setAsking('void')}>
              Void
            </Button>
          ) : null}
          {data.actions.returnCheck ? (
            <Button color="orange" variant="outline" onClick={() => setAsking('return')}>
              Record returned check
            </Button>
          ) : null}
          {data.stepReasons.void ? <StepNotOffered label="Void" reason={data.stepReasons.void} /> : null}
          {data.stepReasons.returnCheck ? <StepNotOffered label="Record returned check" reason={data.stepReasons.returnCheck} /> : null}
        </Group>
      </Group>
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {fact('Received from', data.payer)}
          {fact('For', data.purpose)}
          {fact('Amount', <Amount cents={data.amountCents} />)}
          {fact(
            'Paid by',
            `${receiptsLabels.tender[data.tender]}${data.tender !== 'CASH' && data.checkNumber ? ` no. ${data.checkNumber}` : ''}`,
          )}
          {fact('Date', data.issuedOn)}
          {fact('Received by', data.collectorName)}
          {fact(
            'Deposit',
            data.depositId === null ? (
              'Not yet deposited'
            ) : (
              <Anchor component={Link} to={`/apps/payment-receipts/deposits/${data.depositId}`}>
                Deposit {data.depositId}
              </Anchor>
            ),
          )}
          {data.voidReason ? fact('Void reason', data.voidReason) : null}
          {data.correction ? fact('Returned check', `${data.correction.reason} (${formatCents(data.correction.amountCents)})`) : null}
        </SimpleGrid>
      </Paper>
      {data.lines ? (
        <Paper withBorder radius="md">
          <ScrollTable minWidth={420} label="Lines">
            <Table>
              <Table.Caption>Lines</Table.Caption>
              <TableHeader columns={['Account', 'Amount']} />
              <Table.Tbody>
                {data.lines.map((line, index) => (
                  <Table.Tr key={index}>
                    <Table.Td ff="monospace">{line.account}</Table.Td>
                    <Table.Td>{formatCents(line.amountCents)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        </Paper>
      ) : null}
      <AttachmentsPanel
        recordUrl={attachmentsUrl('PAYMENT_RECEIPTS', 'receipt', id)}
        canAdd={data.actions.attach}
        description="Check images and anything else that shows what was received."
      />
      <HistoryList entries={data.history} />
      <Modal
        opened={asking !== null}
        onClose={() => setAsking(null)}
        title={asking === 'void' ? `Void ${data.number}` : `Returned check on ${data.number}`}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {asking ? <ReasonForm id={id} kind={asking} onDone={() => setAsking(null)} /> : null}
      </Modal>
    </Stack>
  )
}

function ReasonForm({ id, kind, onDone }: { id: number; kind: 'void' | 'return'; onDone: () => void }) {
  const voidReceipt = useVoidReceipt()
  const returnCheck = useReturnCheck()
  const mutation = kind === 'void' ? voidReceipt : returnCheck
  const form = useForm({
    mode: 'controlled',
    initialValues: { reason: '' },
    validate: withoutFieldNames(schemaResolver(ReasonInputSchema, { sync: true })),
  })
  const onSubmit = form.onSubmit((values) =>
    mutation.mutate(
      { id, ...ReasonInputSchema.parse(values) },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: kind === 'void' ? 'The receipt was voided.' : 'The returned check was recorded.' })
          onDone()
        },
      },
    ),
  )
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack>
        <Textarea label="Reason" {...form.getInputProps('reason')} required data-autofocus minRows={2} />
        {mutation.isError ? <FailureAlert error={mutation.error} /> : null}
        <Button type="submit" color={kind === 'void' ? 'red' : 'orange'} loading={mutation.isPending}>
          {kind === 'void' ? 'Void receipt' : 'Record returned check'}
        </Button>
      </Stack>
    </form>
  )
}
