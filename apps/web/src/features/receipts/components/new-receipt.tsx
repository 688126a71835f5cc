import { ActionIcon, Alert, Button, Group, Paper, Select, Stack, Text, TextInput, Textarea, Title } from '@mantine/core'
import { schemaResolver, useForm, type FormErrors } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { formatCents, parseDollars } from '@platform/contracts/finance-money'
import { receiptsLabels } from '@platform/contracts/labels/receipts'
import { ReceiptInputSchema, TENDERS, type ReceiptInput, type Tender } from '@platform/contracts/receipts'
import { Plus, Trash2 } from 'lucide-react'
import { useNavigate } from 'react-router'
import { FormAlerts } from '@/components/form-alerts'
import { formMessage } from '@/lib/schema-errors'
import { useDocumentTitle } from '@/lib/use-document-title'
import { AccountPicker, useSites } from '@/features/finance'
import { useIssueReceipt } from '../api/receipts'
import { useDuties } from './use-duties'

type Line = { key: number; account: string; amount: string }

export interface ReceiptFormValues {
  siteId: string | null
  payer: string
  tender: Tender
  checkNumber: string
  purpose: string
  amount: string
  lines: Line[]
}

let nextLineKey = 1

/**
 * The receipt as the API takes it. With one line, the line IS the receipt: its amount is the amount received, typed once.
 * Dollars that do not read as an amount go as 0, so the contract still names every other problem.
 */
export function receiptInput(values: ReceiptFormValues, siteId: string | null): ReceiptInput {
  const amountCents = parseDollars(values.amount) ?? 0
  const single = values.lines.length === 1
  return {
    siteId: siteId ? Number(siteId) : 0,
    payer: values.payer,
    tender: values.tender,
    purpose: values.purpose,
    amountCents,
    checkNumber: values.tender === 'CASH' ? null : values.checkNumber || null,
    lines: values.lines.map((line) => ({ account: line.account, amountCents: single ? amountCents : (parseDollars(line.amount) ?? 0) })),
  }
}

const resolve = schemaResolver(ReceiptInputSchema, { sync: true })

/** The form's errors by field: the contract's messages (amounts in cents are typed as dollars in `amount` fields), and the dollars typed. */
export function validateReceipt(values: ReceiptFormValues, siteId: string | null): FormErrors {
  const single = values.lines.length === 1
  const errors: FormErrors = {}
  for (const [path, message] of Object.entries(resolve(receiptInput(values, siteId)))) {
    if (typeof message !== 'string') continue
    // A single line's amount is the receipt's: its problem is said once, under the amount received.
    if (single && path === 'lines.0.amountCents') continue
    errors[path.replace(/(^|\.)amountCents$/, '$1amount')] = formMessage(message)
  }
  let amountsRead = parseDollars(values.amount) !== null
  if (!amountsRead) errors.amount = 'Enter the amount received, such as 25.00.'
  if (!single) {
    values.lines.forEach((line, index) => {
      if (parseDollars(line.amount) !== null) return
      errors[`lines.${index}.amount`] = 'Enter the line’s amount, such as 25.00.'
      amountsRead = false
    })
  }
  // Whether the lines add up is judged once every amount reads as one.
  if (!amountsRead && typeof errors.lines === 'string' && errors.lines.startsWith('The lines add up')) delete errors.lines
  return errors
}

/** New receipt: the payer, the tender, and the account it is credited to; split, lines whose live total must equal the amount. */
export function NewReceipt() {
  useDocumentTitle('New receipt')
  const navigate = useNavigate()
  const duties = useDuties()
  const sites = useSites()
  const issue = useIssueReceipt()
  const collectorSites = (sites.data ?? []).filter((site) => site.active && duties.has('COLLECTOR', site.id))
  // A collector at one site issues there without choosing it.
  const siteOf = (values: ReceiptFormValues) => values.siteId ?? (collectorSites.length === 1 ? String(collectorSites[0]!.id) : null)
  const form = useForm<ReceiptFormValues>({
    mode: 'controlled',
    initialValues: {
      siteId: null,
      payer: '',
      tender: 'CASH',
      checkNumber: '',
      purpose: '',
      amount: '',
      lines: [{ key: nextLineKey++, account: '', amount: '' }],
    },
    validate: (values) => validateReceipt(values, siteOf(values)),
  })
  const values = form.getValues()
  const chosenSite = siteOf(values)
  const split = values.lines.length > 1
  const amountCents = parseDollars(values.amount)
  const lineTotal = values.lines.reduce<number>((sum, line) => sum + (parseDollars(line.amount) ?? 0), 0)

  const onSubmit = form.onSubmit((submitted) => {
    issue.mutate(ReceiptInputSchema.parse(receiptInput(submitted, siteOf(submitted))), {
      onSuccess: (result) => {
        notifications.show({ color: 'teal', message: `Receipt ${result.data.number} was issued.` })
        void navigate(`/apps/payment-receipts/receipts/${result.data.id}`)
      },
    })
  })

  const splitAgain = () => {
    // The first line starts with the whole amount typed so far; the person moves part of it to the new line.
    if (!split) form.setFieldValue('lines.0.amount', values.amount)
    form.insertListItem('lines', { key: nextLineKey++, account: '', amount: '' })
  }

  if (duties.loaded && collectorSites.length === 0 && sites.isSuccess) {
    return (
      <Alert color="blue" title="You do not issue receipts">
        Issuing receipts needs the {receiptsLabels.duty.COLLECTOR} duty at a site. Ask your administrator.
      </Alert>
    )
  }

  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={onSubmit} noValidate>
      <Stack gap="sm" maw={720}>
        <Title order={2}>New receipt</Title>
        <Select
          label="Site"
          data={collectorSites.map((site) => ({ value: String(site.id), label: `${site.code} · ${site.name}` }))}
          value={chosenSite}
          onChange={(value) => form.setFieldValue('siteId', value)}
          error={form.errors.siteId}
          required
        />
        <TextInput label="Received from" {...form.getInputProps('payer')} required />
        <Group grow align="flex-start">
          <Select
            label="Paid by"
            data={TENDERS.map((value) => ({ value, label: receiptsLabels.tender[value] }))}
            value={values.tender}
            onChange={(value) => form.setFieldValue('tender', (value as Tender | null) ?? 'CASH')}
            error={form.errors.tender}
            allowDeselect={false}
            required
          />
          {values.tender !== 'CASH' ? (
            <TextInput
              label={values.tender === 'CHECK' ? 'Check number' : 'Money order number'}
              {...form.getInputProps('checkNumber')}
              required={values.tender === 'CHECK'}
            />
          ) : null}
        </Group>
        <Textarea label="For" {...form.getInputProps('purpose')} required autosize minRows={1} />
        <TextInput label="Amount received ($)" {...form.getInputProps('amount')} inputMode="decimal" required />
        <Stack gap="xs">
          <Text fw={600}>{split ? 'Lines' : 'Account'}</Text>
          {values.lines.map((line, index) => (
            <Group key={line.key} align="flex-start" wrap="wrap">
              <div style={{ flex: '1 1 320px', minWidth: 0 }}>
                <AccountPicker
                  label={`Line ${index + 1} account`}
                  value={line.account}
                  onChange={(account) => form.setFieldValue(`lines.${index}.account`, account)}
                  error={typeof form.errors[`lines.${index}.account`] === 'string' ? String(form.errors[`lines.${index}.account`]) : null}
                  required
                />
              </div>
              {split ? (
                <TextInput
                  label={`Line ${index + 1} amount ($)`}
                  {...form.getInputProps(`lines.${index}.amount`)}
                  inputMode="decimal"
                  w={160}
                />
              ) : null}
              {split ? (
                <ActionIcon
                  variant="subtle"
                  color="red.8"
                  aria-label={`Remove line ${index + 1}`}
                  onClick={() => form.removeListItem('lines', index)}
                  mt={28}
                >
                  <Trash2 size={16} aria-hidden="true" />
                </ActionIcon>
              ) : null}
            </Group>
          ))}
          <Group justify="space-between" wrap="wrap">
            <Button variant="default" size="xs" leftSection={<Plus size={14} aria-hidden="true" />} onClick={splitAgain}>
              Split into another line
            </Button>
            {split ? (
              <Text aria-live="polite" c={amountCents !== null && lineTotal !== amountCents ? 'red.8' : undefined}>
                Lines total {formatCents(lineTotal)}
                {amountCents !== null ? ` of ${formatCents(amountCents)}` : ''}
              </Text>
            ) : null}
          </Group>
        </Stack>
        <FormAlerts
          problem={typeof form.errors.lines === 'string' ? form.errors.lines : null}
          mutation={issue}
          failedTitle="The receipt was not issued"
        />
        <Group>
          <Button type="submit" loading={issue.isPending}>
            Issue receipt
          </Button>
        </Group>
      </Stack>
    </Paper>
  )
}
