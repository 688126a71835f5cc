import { Alert, Button, Group, Modal, Paper, SimpleGrid, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { LiquidationInputSchema, ReasonInputSchema, type AccrualDetail } from '@platform/contracts/accruals'
import { formatCents, parseDollars } from '@platform/contracts/finance-money'
import { useState } from 'react'
import { EmptyRow } from '@/components/data/empty-row'
import { FormAlerts } from '@/components/form-alerts'
import { StepNotOffered } from '@/components/step-not-offered'
import { ScrollTable } from '@/components/data/scroll-table'
import { formatDateTime } from '@/lib/format'
import { useRecordLiquidation, useWriteOff } from '../api/accruals'
import { Fact } from './accrual-parts'
import { withoutFieldNames } from './form-errors'
import { TableHeader } from '@/components/data/table-header'

const CLEARING_STATES = ['POSTED', 'PARTIALLY_LIQUIDATED', 'LIQUIDATED', 'WRITTEN_OFF']

/** What cleared the accrual (payments or receipts), the variance, and — for a controller — recording and write-off. */
export function LiquidationsPanel({ accrual }: { accrual: AccrualDetail }) {
  const [writingOff, setWritingOff] = useState(false)
  if (!CLEARING_STATES.includes(accrual.state) && accrual.liquidations.length === 0) return null
  const { variance } = accrual
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="liquidations-title">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap">
          <Title order={3} size="h4" id="liquidations-title">
            Liquidations
          </Title>
          {accrual.actions.writeOff ? (
            <Button color="red.9" variant="outline" size="xs" onClick={() => setWritingOff(true)}>
              Write off the remainder
            </Button>
          ) : accrual.stepReasons.writeOff ? (
            <StepNotOffered label="Write off the remainder" reason={accrual.stepReasons.writeOff} />
          ) : null}
        </Group>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <Fact label="Accrued">{formatCents(variance.accruedCents)}</Fact>
          <Fact label="Cleared">{formatCents(variance.clearedCents)}</Fact>
          <Fact label="Variance (accrued − cleared)">{formatCents(variance.varianceCents)}</Fact>
          <Fact label="Still open">{formatCents(variance.remainingCents)}</Fact>
          {variance.writtenOffCents > 0 ? <Fact label="Written off">{formatCents(variance.writtenOffCents)}</Fact> : null}
        </SimpleGrid>
        {accrual.flags.openAtYearEnd ? (
          <Alert color="red" role="status">
            Still open at December 31 after the cut-off: clear it or write off the remainder.
          </Alert>
        ) : null}
        <ScrollTable minWidth={560} label="Liquidations" cardsOnPhone>
          <Table striped aria-label="Liquidations">
            <TableHeader columns={['Paid on', 'Reference', 'Amount', 'Why it differs', 'Recorded by']} />
            <Table.Tbody>
              {accrual.liquidations.map((entry) => (
                <Table.Tr key={entry.id}>
                  <Table.Td>{entry.paidOn}</Table.Td>
                  <Table.Td>{entry.reference}</Table.Td>
                  <Table.Td>{formatCents(entry.amountCents)}</Table.Td>
                  <Table.Td>{entry.varianceReason ?? '—'}</Table.Td>
                  <Table.Td>
                    {entry.recordedByName}
                    <Text size="xs" c="dimmed">
                      {formatDateTime(entry.recordedAt)}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ))}
              {accrual.liquidations.length === 0 ? (
                <EmptyRow columns={5} size="sm">
                  Nothing cleared yet.
                </EmptyRow>
              ) : null}
            </Table.Tbody>
          </Table>
        </ScrollTable>
        {accrual.actions.liquidate ? (
          <LiquidationForm accrual={accrual} />
        ) : accrual.stepReasons.liquidate ? (
          <StepNotOffered label="Record liquidation" reason={accrual.stepReasons.liquidate} />
        ) : null}
      </Stack>
      <Modal
        opened={writingOff}
        onClose={() => setWritingOff(false)}
        title={`Write off accrual ${accrual.id}`}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {writingOff ? <WriteOffForm accrual={accrual} onDone={() => setWritingOff(false)} /> : null}
      </Modal>
    </Paper>
  )
}

const resolveLiquidation = withoutFieldNames(schemaResolver(LiquidationInputSchema, { sync: true }))
const resolveReason = withoutFieldNames(schemaResolver(ReasonInputSchema, { sync: true }))

function LiquidationForm({ accrual }: { accrual: AccrualDetail }) {
  const record = useRecordLiquidation()
  // A payment other than what is still open is a variance: the server asks why, and so does the form.
  const differsFrom = (amount: string) => {
    const cents = parseDollars(amount)
    return cents !== null && cents > 0 && cents !== accrual.variance.remainingCents
  }
  const inputOf = (values: { paidOn: string; reference: string; amount: string; varianceReason: string }) => ({
    paidOn: values.paidOn,
    reference: values.reference,
    amountCents: parseDollars(values.amount) ?? 0,
    varianceReason: differsFrom(values.amount) ? values.varianceReason : null,
  })
  const form = useForm({
    mode: 'controlled',
    initialValues: { paidOn: '', reference: '', amount: '', varianceReason: '' },
    validate: (values) => {
      const errors = resolveLiquidation(inputOf(values))
      if (parseDollars(values.amount) === null) errors.amount = 'Enter the amount cleared, such as 250.00.'
      if (differsFrom(values.amount) && !values.varianceReason.trim())
        errors.varianceReason = `The payment differs from the ${formatCents(accrual.variance.remainingCents)} still open: say why (a partial bill, freight, a credit…).`
      return errors
    },
  })
  const differs = differsFrom(form.getValues().amount)
  const onSubmit = form.onSubmit((values) => {
    const input = LiquidationInputSchema.parse(inputOf(values))
    void record
      .mutateAsync({ id: accrual.id, input })
      .then((result) => {
        notifications.show({
          color: 'teal',
          message: `${formatCents(input.amountCents)} was recorded against accrual ${result.data.id}; ${formatCents(result.data.variance.remainingCents)} is still open.`,
        })
        form.reset()
      })
      .catch(() => undefined)
  })
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Record a liquidation">
      <Stack gap="xs">
        <Text fw={600}>Record a payment or receipt that clears it</Text>
        <Group align="flex-end" wrap="wrap" gap="sm">
          <TextInput type="date" label="Paid on" {...form.getInputProps('paidOn')} required />
          <TextInput label="Reference" description="Warrant, check or receipt number" {...form.getInputProps('reference')} required />
          <TextInput label="Amount cleared ($)" inputMode="decimal" {...form.getInputProps('amount')} required w={180} />
          <Button type="submit" loading={record.isPending}>
            Record liquidation
          </Button>
        </Group>
        {differs ? (
          <Textarea
            label="Why it differs from what is still open"
            description={`${formatCents(accrual.variance.remainingCents)} is still open on this accrual.`}
            {...form.getInputProps('varianceReason')}
            required
            autosize
            minRows={2}
          />
        ) : null}
        <FormAlerts mutation={record} failedTitle="The liquidation was not recorded" />
      </Stack>
    </form>
  )
}

function WriteOffForm({ accrual, onDone }: { accrual: AccrualDetail; onDone: () => void }) {
  const writeOff = useWriteOff()
  const form = useForm({ mode: 'controlled', initialValues: { reason: '' }, validate: resolveReason })
  const onSubmit = form.onSubmit(({ reason }) => {
    void writeOff
      .mutateAsync({ id: accrual.id, reason: reason.trim() })
      .then((result) => {
        notifications.show({ color: 'teal', message: `The remainder of accrual ${result.data.id} was written off.` })
        onDone()
      })
      .catch(() => undefined)
  })
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Text>
          {formatCents(accrual.variance.remainingCents)} still open on accrual {accrual.id} will be written off. This is final.
        </Text>
        <Textarea label="Reason" {...form.getInputProps('reason')} required data-autofocus autosize minRows={2} />
        <FormAlerts mutation={writeOff} failedTitle="Nothing was written off" />
        <Group>
          <Button type="submit" color="red.9" loading={writeOff.isPending}>
            Confirm: write off
          </Button>
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
