import { Alert, Badge, Button, Group, NumberInput, Select, Table, Text, TextInput } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { formatCents, parseDollars } from '@platform/contracts/finance-money'
import { recordsLabels } from '@platform/contracts/labels/records'
import { ELECTRONIC_BASES, FeeInputSchema, feeAmountCents, type RequestDetail } from '@platform/contracts/records'
import { useState } from 'react'
import { ScrollTable } from '@/components/data/scroll-table'
import { errorMessage } from '@/lib/api-client'
import { useFeeStep, useRecordFee } from '../api/records'
import { Section, StepModal, useContractForm } from './request-parts'
import { TableHeader } from '@/components/data/table-header'

const KIND_OPTIONS = [
  {
    group: 'Chargeable',
    items: [
      { value: 'DUPLICATION', label: 'Duplication (direct cost of copies)' },
      { value: 'ELECTRONIC_WORK', label: 'Electronic records work (§7922.575(b))' },
    ],
  },
  {
    group: 'Never chargeable',
    items: [
      { value: 'SEARCH', label: 'Staff time to search for records' },
      { value: 'REVIEW', label: 'Staff time to review records' },
      { value: 'REDACTION', label: 'Staff time to redact records' },
    ],
  },
]
const KIND_LABELS: Record<string, string> = { DUPLICATION: 'Duplication', ELECTRONIC_WORK: 'Electronic records work' }
const BASIS_LABELS: Record<(typeof ELECTRONIC_BASES)[number], string> = recordsLabels.electronicBasis
/** The calculator's fields as typed: the unit cost in dollars. */
type FeeValues = {
  kind: string | null
  electronicBasis: string | null
  description: string
  quantity: number | string
  unitCents: string
}
const FEE_STATE_COLORS = { PENDING: 'orange.9', PAID: 'teal.9', WAIVED: 'gray.8' } as const
const FEE_STATE_LABELS = recordsLabels.feeState

/** Fees: the direct cost of duplication and, for electronic records only, the §7922.575(b) work; never staff time. */
export function FeesSection({ request }: { request: RequestDetail }) {
  const [adding, setAdding] = useState(false)
  const step = useFeeStep()
  const run = (feeId: number, name: 'paid' | 'waive') =>
    step
      .mutateAsync({ id: request.id, feeId, name })
      .then(() => notifications.show({ color: 'teal', message: name === 'paid' ? 'The fee was marked paid.' : 'The fee was waived.' }))
      .catch((error: unknown) => notifications.show({ color: 'red', message: errorMessage(error, 'The fee could not be changed.') }))
  return (
    <Section
      title="Fees"
      actions={
        request.actions.recordFee ? (
          <Button size="xs" variant="default" onClick={() => setAdding(true)}>
            Calculate a fee
          </Button>
        ) : null
      }
    >
      {request.fees.length === 0 ? (
        <Text c="dimmed" size="sm">
          No fees.
        </Text>
      ) : (
        <ScrollTable minWidth={680} label="Fees" cardsOnPhone>
          <Table>
            <Table.Caption>Fees, total {formatCents(request.feeTotalCents)}</Table.Caption>
            <TableHeader columns={['For', 'Calculation', 'Amount', 'State', 'Actions']} />
            <Table.Tbody>
              {request.fees.map((fee) => (
                <Table.Tr key={fee.id}>
                  <Table.Td>
                    {KIND_LABELS[fee.kind]}
                    {fee.electronicBasis ? ` (${BASIS_LABELS[fee.electronicBasis].toLowerCase()})` : ''}: {fee.description}
                  </Table.Td>
                  <Table.Td>
                    {fee.quantity} × {formatCents(fee.unitCents)}
                  </Table.Td>
                  <Table.Td>{formatCents(fee.amountCents)}</Table.Td>
                  <Table.Td>
                    <Badge color={FEE_STATE_COLORS[fee.state]} variant="filled" tt="none">
                      {FEE_STATE_LABELS[fee.state]}
                    </Badge>
                  </Table.Td>
                  <Table.Td>
                    {fee.state === 'PENDING' && request.actions.recordFee ? (
                      <Group gap={4} wrap="nowrap">
                        <Button size="compact-sm" variant="default" onClick={() => void run(fee.id, 'paid')} loading={step.isPending}>
                          Paid
                        </Button>
                        <Button size="compact-sm" variant="default" onClick={() => void run(fee.id, 'waive')} loading={step.isPending}>
                          Waive
                        </Button>
                      </Group>
                    ) : null}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
      {adding ? <FeeCalculator request={request} onClose={() => setAdding(false)} /> : null}
    </Section>
  )
}

/** The calculator: quantity × unit cost; the contract's own rules refuse staff time before anything is sent. */
function FeeCalculator({ request, onClose }: { request: RequestDetail; onClose: () => void }) {
  const record = useRecordFee()
  // The unit cost is typed in dollars under the contract's name for it, and sent in cents.
  const feeOf = (values: FeeValues) => ({
    kind: values.kind ?? undefined,
    electronicBasis: values.kind === 'ELECTRONIC_WORK' ? values.electronicBasis : null,
    description: values.description,
    quantity: typeof values.quantity === 'number' ? values.quantity : undefined,
    unitCents: parseDollars(values.unitCents) ?? undefined,
  })
  const { form, check: checkFields } = useContractForm(
    FeeInputSchema,
    { kind: 'DUPLICATION', electronicBasis: null, description: '', quantity: 1, unitCents: '0.10' } as FeeValues,
    feeOf,
  )
  const { kind, quantity } = form.getValues()
  const unitCents = parseDollars(form.getValues().unitCents)
  const whole = typeof quantity === 'number' && FeeInputSchema.shape.quantity.safeParse(quantity).success
  const amount = whole && unitCents !== null ? feeAmountCents(quantity, unitCents) : null
  const staffTime = kind === 'SEARCH' || kind === 'REVIEW' || kind === 'REDACTION'
  const input = feeOf(form.getValues())
  const check = () => {
    const found = checkFields()
    // The contract counts cents: reading the dollars typed is the form's own check.
    if (unitCents === null) {
      found.unitCents = 'Enter the unit cost in dollars, such as 0.10.'
      form.setFieldError('unitCents', found.unitCents)
    }
    return found
  }
  return (
    <StepModal
      opened
      onClose={onClose}
      title={`Fee on ${request.number}`}
      submitLabel="Record fee"
      check={check}
      run={() => record.mutateAsync({ id: request.id, input: FeeInputSchema.parse(input) })}
      onDone={() => {
        notifications.show({ color: 'teal', message: 'The fee was recorded.' })
        onClose()
      }}
    >
      <Select label="Charge for" data={KIND_OPTIONS} {...form.getInputProps('kind')} allowDeselect={false} data-autofocus />
      {staffTime ? (
        <Alert color="red" role="alert" title="Never charged">
          Staff time to search for, review or redact records is never charged (Gov. Code §7922.530, §7922.575). Only the direct cost of
          duplication, and for electronic records the work §7922.575(b) names, may be.
        </Alert>
      ) : null}
      {kind === 'ELECTRONIC_WORK' ? (
        <Select
          label="Electronic work (§7922.575(b))"
          data={ELECTRONIC_BASES.map((value) => ({ value, label: BASIS_LABELS[value] }))}
          {...form.getInputProps('electronicBasis')}
          required
        />
      ) : null}
      <TextInput label="Description" {...form.getInputProps('description')} required />
      <Group grow align="flex-start" wrap="wrap">
        <NumberInput
          label={kind === 'ELECTRONIC_WORK' ? 'Hours' : 'Pages'}
          min={1}
          allowDecimal={false}
          {...form.getInputProps('quantity')}
          required
          miw={120}
        />
        <TextInput label="Unit cost ($)" {...form.getInputProps('unitCents')} inputMode="decimal" required miw={120} />
      </Group>
      <Text aria-live="polite" fw={600}>
        Fee: {amount === null ? '—' : formatCents(amount)}
      </Text>
    </StepModal>
  )
}
