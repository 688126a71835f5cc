import { Alert, Badge, Button, Group, NumberInput, Select, Table, Text, TextInput } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { formatCents, parseDollars } from '@platform/contracts/finance-money'
import { ELECTRONIC_BASES, FeeInputSchema, feeAmountCents, type RequestDetail } from '@platform/contracts/records'
import { useState } from 'react'
import { ScrollTable } from '@/components/data/scroll-table'
import { errorMessage } from '@/lib/api-client'
import { schemaErrors } from '@/lib/schema-errors'
import { useFeeStep, useRecordFee } from '../api/records'
import { Section, StepModal } from './request-parts'
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
const BASIS_LABELS: Record<(typeof ELECTRONIC_BASES)[number], string> = {
  DATA_COMPILATION: 'Data compilation',
  EXTRACTION: 'Extraction',
  PROGRAMMING: 'Programming',
  OFF_SCHEDULE_COPY: 'A copy produced outside the regular schedule',
}
const FEE_FIELDS = ['kind', 'electronicBasis', 'description', 'quantity', 'unitCents'] as const
type FeeField = (typeof FEE_FIELDS)[number]
const FEE_STATE_COLORS = { PENDING: 'orange.9', PAID: 'teal.9', WAIVED: 'gray.8' } as const
const FEE_STATE_LABELS = { PENDING: 'Pending', PAID: 'Paid', WAIVED: 'Waived' } as const

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
  const [kind, setKind] = useState<string | null>('DUPLICATION')
  const [basis, setBasis] = useState<string | null>(null)
  const [description, setDescription] = useState('')
  const [quantity, setQuantity] = useState<number | string>(1)
  const [unit, setUnit] = useState('0.10')
  const [errors, setErrors] = useState<Partial<Record<FeeField, string>>>({})
  const unitCents = parseDollars(unit)
  const whole = typeof quantity === 'number' && FeeInputSchema.shape.quantity.safeParse(quantity).success
  const amount = whole && unitCents !== null ? feeAmountCents(quantity, unitCents) : null
  const staffTime = kind === 'SEARCH' || kind === 'REVIEW' || kind === 'REDACTION'
  const input = {
    kind: kind ?? undefined,
    electronicBasis: kind === 'ELECTRONIC_WORK' ? basis : null,
    description,
    quantity: typeof quantity === 'number' ? quantity : undefined,
    unitCents: unitCents ?? undefined,
  }
  const check = () => {
    const found = schemaErrors(FeeInputSchema, input, FEE_FIELDS)
    // The contract counts cents: reading the dollars typed is the form's own check.
    if (unitCents === null) found.unitCents = 'Enter the unit cost in dollars, such as 0.10.'
    setErrors(found)
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
      <Select
        label="Charge for"
        data={KIND_OPTIONS}
        value={kind}
        onChange={setKind}
        error={errors.kind}
        allowDeselect={false}
        data-autofocus
      />
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
          value={basis}
          onChange={setBasis}
          error={errors.electronicBasis}
          required
        />
      ) : null}
      <TextInput
        label="Description"
        value={description}
        onChange={(event) => setDescription(event.currentTarget.value)}
        error={errors.description}
        required
      />
      <Group grow align="flex-start" wrap="wrap">
        <NumberInput
          label={kind === 'ELECTRONIC_WORK' ? 'Hours' : 'Pages'}
          min={1}
          allowDecimal={false}
          value={quantity}
          onChange={setQuantity}
          error={errors.quantity}
          required
          miw={120}
        />
        <TextInput
          label="Unit cost ($)"
          value={unit}
          onChange={(event) => setUnit(event.currentTarget.value)}
          inputMode="decimal"
          error={errors.unitCents}
          required
          miw={120}
        />
      </Group>
      <Text aria-live="polite" fw={600}>
        Fee: {amount === null ? '—' : formatCents(amount)}
      </Text>
    </StepModal>
  )
}
