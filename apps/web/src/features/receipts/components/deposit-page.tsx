import { Button, Group, NumberInput, Paper, SimpleGrid, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core'
import { schemaResolver, useForm, type FormErrors } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { labelOf } from '@platform/contracts/labels'
import { receiptsLabels } from '@platform/contracts/labels/receipts'
import { formatCents, parseDollars } from '@platform/contracts/finance-money'
import {
  CashCountInputSchema,
  CheckCountInputSchema,
  ConfirmInputSchema,
  CountInputSchema,
  DENOMINATIONS_CENTS,
  ReconcileInputSchema,
  type DepositDetail,
} from '@platform/contracts/receipts'
import { FileDown } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { useParams } from 'react-router'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { FormAlerts } from '@/components/form-alerts'
import { StepNotOffered } from '@/components/step-not-offered'
import { schemaErrors } from '@/lib/schema-errors'
import { ApiError } from '@/lib/api-client'
import { useDocumentTitle } from '@/lib/use-document-title'
import { downloadFile, useCountDeposit, useDeposit, useDepositStep } from '../api/receipts'
import { AttachmentsPanel, attachmentsUrl } from '@/components/attachments-panel'
import { Amount, DepositStateBadge, HistoryList, overShortWords, withoutFieldNames } from './receipt-parts'
import { ScrollTable } from '@/components/data/scroll-table'
import { TableHeader } from '@/components/data/table-header'
import { RecordLinkCell } from '@/components/data/record-link-cell'
import { FailureAlert } from '@/components/failure-alert'
import { LoadingState } from '@/components/loading-state'

/** One deposit: the blind count, approval with the count and over/short, the slip, confirmation and reconciliation. */
export function DepositPage() {
  const id = Number(useParams().id)
  const deposit = useDeposit(id)
  useDocumentTitle(deposit.data ? `Deposit ${deposit.data.label}` : 'Deposit')
  if (deposit.isError) return <FailureAlert title="The deposit could not be loaded" error={deposit.error} />
  if (!deposit.data) return <LoadingState label="Loading the deposit" query={deposit} />
  const data = deposit.data
  const fact = (label: string, value: ReactNode) => (
    <div>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text>{value}</Text>
    </div>
  )
  const slipReady = !['OPEN', 'COUNTED'].includes(data.state)

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap">
        <Group gap="sm">
          <Title order={2} ff="monospace">
            {data.label}
          </Title>
          <DepositStateBadge state={data.state} />
        </Group>
        {slipReady ? (
          <Button
            variant="default"
            leftSection={<FileDown size={16} aria-hidden="true" />}
            onClick={() => void downloadFile(`/api/deposits/${id}/slip`, `deposit-${data.label}.pdf`)}
          >
            Deposit slip
          </Button>
        ) : null}
      </Group>
      <Paper withBorder radius="md" p="md">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          {fact('Receipts', data.receiptCount)}
          {fact('Expected total', <Amount cents={data.amountCents} />)}
          {fact('Counted', data.countedCents === null ? 'Not yet counted' : formatCents(data.countedCents))}
          {fact(
            'Over/short',
            data.overShortCents === null ? (
              '—'
            ) : (
              <Text span c={data.overShortCents === 0 ? undefined : 'red.8'} fw={data.overShortCents === 0 ? undefined : 700}>
                {formatCents(data.overShortCents)}
              </Text>
            ),
          )}
          {data.countNote ? fact("Counter's note", data.countNote) : null}
          {data.bagNumber ? fact('Bag number', data.bagNumber) : null}
          {data.countedByName ? fact('Counted by', data.countedByName) : null}
          {data.approvedByName ? fact('Approved by', data.approvedByName) : null}
          {data.treasuryReference ? fact('Treasury reference', `${data.treasuryReference} (${data.confirmedOn ?? ''})`) : null}
          {data.statementReference
            ? fact('Reconciled against', `${data.statementReference}${data.reconciledByName ? `, by ${data.reconciledByName}` : ''}`)
            : null}
        </SimpleGrid>
      </Paper>
      {data.actions.count ? <BlindCount deposit={data} /> : null}
      {data.stepReasons.count ? <StepNotOffered label="Count deposit" reason={data.stepReasons.count} /> : null}
      <StepButtons deposit={data} />
      <Paper withBorder radius="md">
        <ScrollTable minWidth={520} label="Receipts in this deposit" cardsOnPhone>
          <Table striped>
            <Table.Caption>Receipts in this deposit</Table.Caption>
            <TableHeader columns={['Number', 'Payer', 'Tender', 'Amount']} />
            <Table.Tbody>
              {data.receipts.map((receipt) => (
                <Table.Tr key={receipt.id}>
                  <RecordLinkCell to={`/apps/payment-receipts/receipts/${receipt.id}`}>{receipt.number}</RecordLinkCell>
                  <Table.Td>{receipt.payer}</Table.Td>
                  <Table.Td>{receiptsLabels.tender[receipt.tender]}</Table.Td>
                  <Table.Td>
                    <Amount cents={receipt.amountCents} />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      </Paper>
      <AttachmentsPanel
        recordUrl={attachmentsUrl('PAYMENT_RECEIPTS', 'deposit', id)}
        canAdd={data.actions.approve || data.actions.submit}
        description="The bank or treasury slip, and anything else that shows the deposit."
      />
      <HistoryList entries={data.history} />
    </Stack>
  )
}

/** The blind count: bills and coins by denomination, each check, the bag; the expected total is never on this screen. */
interface CountValues {
  /** Pieces counted by denomination (in cents), as typed. */
  pieces: Record<string, number | string>
  /** Each check's amount in dollars, by its receipt. */
  checks: Record<string, string>
  bagNumber: string
  note: string
}

/** The count as the API takes it; a check's dollars that do not read as an amount go as 0 (the form says so on its field). */
function countInput(values: CountValues, deposit: DepositDetail) {
  return {
    cash: DENOMINATIONS_CENTS.map((denomination) => ({
      denominationCents: denomination,
      count: Number(values.pieces[denomination]) || 0,
    })).filter((line) => line.count > 0),
    checks: deposit.checksToCount.map((check) => ({
      receiptId: check.receiptId,
      amountCents: parseDollars(values.checks[check.receiptId] ?? '') ?? 0,
    })),
    bagNumber: values.bagNumber,
    note: values.note.trim() || null,
    // What this screen was built from: if a receipt is taken out meanwhile, the server asks for the count again.
    version: deposit.version,
  }
}

/** The count's errors by field: the contract's messages for the bag and the note, each denomination and each check. */
function countErrors(values: CountValues, deposit: DepositDetail): FormErrors {
  const input = countInput(values, deposit)
  const errors: FormErrors = { ...schemaErrors(CountInputSchema, input, ['bagNumber', 'note'] as const) }
  for (const line of input.cash) {
    const message = schemaErrors(CashCountInputSchema, line, ['count'] as const).count
    if (message) errors[`pieces.${line.denominationCents}`] = message
  }
  input.checks.forEach((check) => {
    const message =
      parseDollars(values.checks[check.receiptId] ?? '') === null
        ? 'Enter the amount written on the check, such as 25.00.'
        : schemaErrors(CheckCountInputSchema, check, ['amountCents'] as const).amountCents
    if (message) errors[`checks.${check.receiptId}`] = message
  })
  return errors
}

function BlindCount({ deposit }: { deposit: DepositDetail }) {
  const count = useCountDeposit()
  const form = useForm<CountValues>({
    mode: 'controlled',
    initialValues: { pieces: {}, checks: {}, bagNumber: '', note: '' },
    validate: (values) => countErrors(values, deposit),
  })
  const { pieces } = form.getValues()
  const cashCents = DENOMINATIONS_CENTS.reduce((sum, denomination) => sum + denomination * (Number(pieces[denomination]) || 0), 0)

  const onSubmit = form.onSubmit((values) =>
    count.mutate(
      { id: deposit.id, input: CountInputSchema.parse(countInput(values, deposit)) },
      {
        onSuccess: () => notifications.show({ color: 'teal', message: 'The count was saved.' }),
        // A count that differs is saved only with a note: the refusal belongs under the note.
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'note_required') form.setFieldError('note', error.message)
        },
      },
    ),
  )
  const refusedNote = count.error instanceof ApiError && count.error.code === 'note_required'

  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={onSubmit} noValidate aria-labelledby="blind-count-title">
      <Stack gap="sm">
        <Title order={3} id="blind-count-title">
          Count this deposit
        </Title>
        <Text size="sm" c="dimmed">
          Count what is in the bag. The expected total is shown only after the count is saved.
        </Text>
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          {DENOMINATIONS_CENTS.map((denomination) => (
            <NumberInput
              key={denomination}
              label={`${formatCents(denomination)} pieces`}
              min={0}
              allowDecimal={false}
              {...form.getInputProps(`pieces.${denomination}`)}
              value={pieces[denomination] ?? ''}
            />
          ))}
        </SimpleGrid>
        <Text>Cash counted: {formatCents(cashCents)}</Text>
        {deposit.checksToCount.map((check) => (
          <TextInput
            key={check.receiptId}
            label={`Check ${check.checkNumber ?? ''} on ${check.number} ($)`}
            inputMode="decimal"
            {...form.getInputProps(`checks.${check.receiptId}`)}
            value={form.getValues().checks[check.receiptId] ?? ''}
          />
        ))}
        <TextInput label="Bag number" {...form.getInputProps('bagNumber')} required w={220} />
        <Textarea label="Note (required when the count differs)" {...form.getInputProps('note')} autosize minRows={1} />
        {refusedNote ? null : <FormAlerts mutation={count} failedTitle="The count was not saved" />}
        <Group>
          <Button type="submit" loading={count.isPending}>
            Save count
          </Button>
        </Group>
      </Stack>
    </Paper>
  )
}

/** The buttons' words, also on a step shown disabled with the server's reason. */
const STEP_LABELS = {
  approve: 'Approve deposit',
  submit: 'Submit to the treasury',
  confirm: 'Confirm deposit',
  reconcile: 'Reconcile deposit',
} as const

function StepButtons({ deposit }: { deposit: DepositDetail }) {
  const step = useDepositStep()
  const [approving, setApproving] = useState(false)
  const confirmForm = useForm({
    mode: 'controlled',
    initialValues: { treasuryReference: '', confirmedOn: '' },
    validate: withoutFieldNames(schemaResolver(ConfirmInputSchema, { sync: true })),
  })
  const reconcileForm = useForm({
    mode: 'controlled',
    initialValues: { statementReference: '', note: '' },
    validate: withoutFieldNames(schemaResolver(ReconcileInputSchema, { sync: true })),
  })
  const { actions, stepReasons } = deposit
  const withheld = (['approve', 'submit', 'confirm', 'reconcile'] as const).filter((name) => stepReasons[name])
  if (!actions.approve && !actions.submit && !actions.confirm && !actions.reconcile && withheld.length === 0) return null
  const run = (name: 'approve' | 'submit' | 'confirm' | 'reconcile', body?: Record<string, unknown>) =>
    step.mutate(
      { id: deposit.id, step: name, ...(body ? { body } : {}) },
      {
        onSuccess: (result) => {
          setApproving(false)
          notifications.show({
            color: 'teal',
            message: `Deposit ${result.data.label} is now ${labelOf(receiptsLabels.depositState, result.data.state).toLowerCase()}.`,
          })
        },
      },
    )
  const onConfirm = confirmForm.onSubmit((values) => run('confirm', ConfirmInputSchema.parse(values)))
  const onReconcile = reconcileForm.onSubmit((values) => run('reconcile', ReconcileInputSchema.parse(values)))

  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="sm">
        {actions.approve ? (
          <Group>
            <Text>
              Count {formatCents(deposit.countedCents ?? 0)}, over/short {formatCents(deposit.overShortCents ?? 0)}.
            </Text>
            <Button onClick={() => setApproving(true)} loading={step.isPending && !approving}>
              Approve deposit
            </Button>
            <ConfirmDialog
              opened={approving}
              title={`Approve deposit ${deposit.label}?`}
              message={
                <Stack gap="xs">
                  <Text>
                    Counted {formatCents(deposit.countedCents ?? 0)} against {formatCents(deposit.amountCents ?? 0)} expected
                    {deposit.overShortCents ? `: ${overShortWords(deposit.overShortCents)}` : ', no difference'}.
                  </Text>
                  <Text>Once approved, the count is fixed and the deposit slip can be printed for the treasury.</Text>
                </Stack>
              }
              confirmLabel="Approve deposit"
              loading={step.isPending}
              onConfirm={() => run('approve')}
              onCancel={() => setApproving(false)}
            />
          </Group>
        ) : null}
        {actions.submit ? (
          <Group>
            <Button onClick={() => run('submit')} loading={step.isPending}>
              Submit to the treasury
            </Button>
          </Group>
        ) : null}
        {actions.confirm ? (
          <form onSubmit={onConfirm} noValidate>
            <Group align="flex-end">
              <TextInput label="Treasury reference" {...confirmForm.getInputProps('treasuryReference')} required />
              <TextInput label="Confirmed on" type="date" {...confirmForm.getInputProps('confirmedOn')} required />
              <Button type="submit" loading={step.isPending}>
                Confirm deposit
              </Button>
            </Group>
          </form>
        ) : null}
        {actions.reconcile ? (
          <form onSubmit={onReconcile} noValidate>
            <Group align="flex-end">
              <TextInput label="Bank or county statement" {...reconcileForm.getInputProps('statementReference')} required />
              <Button type="submit" loading={step.isPending}>
                Reconcile deposit
              </Button>
            </Group>
          </form>
        ) : null}
        {withheld.map((name) => (
          <StepNotOffered key={name} label={STEP_LABELS[name]} reason={stepReasons[name]!} />
        ))}
        <FormAlerts mutation={step} failedTitle="The step was refused" />
      </Stack>
    </Paper>
  )
}
