import { ActionIcon, Alert, Button, Group, Paper, Select, Stack, Text, TextInput, Textarea, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { formatCents, parseDollars } from '@platform/contracts/finance-money'
import { ReceiptInputSchema, ReceiptLineInputSchema, TENDERS, type Tender } from '@platform/contracts/receipts'
import { Plus, Trash2 } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { FormAlerts } from '@/components/form-alerts'
import { schemaErrors } from '@/lib/schema-errors'
import { useTextFields } from '@/lib/use-text-fields'
import { useDocumentTitle } from '@/lib/use-document-title'
import { AccountPicker, useSites } from '@/features/finance'
import { useIssueReceipt } from '../api/receipts'
import { useDuties } from './use-duties'

type Line = { key: number; account: string; amount: string }
const TENDER_LABELS: Record<Tender, string> = { CASH: 'Cash', CHECK: 'Check', MONEY_ORDER: 'Money order' }

const FIELDS = ['siteId', 'payer', 'checkNumber', 'purpose', 'amountCents', 'lines'] as const
const LINE_FIELDS = ['account', 'amountCents'] as const
type Errors = Partial<Record<(typeof FIELDS)[number], string>>
type LineErrors = Partial<Record<(typeof LINE_FIELDS)[number], string>>

/** New receipt: the payer, the tender, and lines on accounts whose live total must equal the amount. */
export function NewReceipt() {
  useDocumentTitle('New receipt')
  const navigate = useNavigate()
  const duties = useDuties()
  const sites = useSites()
  const issue = useIssueReceipt()
  const collectorSites = (sites.data ?? []).filter((site) => site.active && duties.has('COLLECTOR', site.id))
  const [siteId, setSiteId] = useState<string | null>(null)
  const [tender, setTender] = useState<Tender>('CASH')
  const fields = useTextFields({ payer: '', checkNumber: '', purpose: '', amount: '' })
  const { payer, checkNumber, purpose, amount } = fields.values
  const [lines, setLines] = useState<Line[]>([{ key: 1, account: '', amount: '' }])
  const [errors, setErrors] = useState<Errors>({})
  const [lineErrors, setLineErrors] = useState<Record<number, LineErrors>>({})

  const amountCents = parseDollars(amount)
  const lineCents = lines.map((line) => parseDollars(line.amount))
  const lineTotal = lineCents.reduce<number>((sum, cents) => sum + (cents ?? 0), 0)
  const chosenSite = siteId ?? (collectorSites.length === 1 ? String(collectorSites[0]!.id) : null)

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    // Amounts are typed in dollars and sent in cents: that they read as amounts is the form's own check (the contract
    // sees only cents). Zero stands in for one that does not, so the contract still names every other problem.
    const input = {
      siteId: chosenSite ? Number(chosenSite) : 0,
      payer,
      tender,
      purpose,
      amountCents: amountCents ?? 0,
      checkNumber: tender === 'CASH' ? null : checkNumber || null,
      lines: lines.map((line, index) => ({ account: line.account, amountCents: lineCents[index] ?? 0 })),
    }
    const found = schemaErrors(ReceiptInputSchema, input, FIELDS)
    if (amountCents === null) found.amountCents = 'Enter the amount received, such as 25.00.'
    const foundLines: Record<number, LineErrors> = {}
    input.lines.forEach((line, index) => {
      const lineFound = schemaErrors(ReceiptLineInputSchema, line, LINE_FIELDS)
      if (lineCents[index] === null) lineFound.amountCents = 'Enter the line’s amount, such as 25.00.'
      if (Object.keys(lineFound).length > 0) foundLines[lines[index]!.key] = lineFound
    })
    // Each line's problems are shown beside it; their total is compared once the amount and every line are right.
    if (amountCents === null || Object.keys(foundLines).length > 0) delete found.lines
    setErrors(found)
    setLineErrors(foundLines)
    if (Object.keys(found).length > 0 || Object.keys(foundLines).length > 0) return
    issue.mutate(ReceiptInputSchema.parse(input), {
      onSuccess: (result) => {
        notifications.show({ color: 'teal', message: `Receipt ${result.data.number} was issued.` })
        void navigate(`/apps/payment-receipts/receipts/${result.data.id}`)
      },
    })
  }

  if (duties.loaded && collectorSites.length === 0 && sites.isSuccess) {
    return (
      <Alert color="blue" title="You do not issue receipts">
        Issuing receipts needs the COLLECTOR duty at a site. Ask your administrator.
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
          onChange={setSiteId}
          error={errors.siteId}
          required
        />
        <TextInput label="Received from" {...fields.bind('payer', errors.payer)} required />
        <Group grow align="flex-start">
          <Select
            label="Paid by"
            data={TENDERS.map((value) => ({ value, label: TENDER_LABELS[value] }))}
            value={tender}
            onChange={(value) => setTender((value as Tender) ?? 'CASH')}
            allowDeselect={false}
            required
          />
          {tender !== 'CASH' ? (
            <TextInput
              label={tender === 'CHECK' ? 'Check number' : 'Money order number'}
              {...fields.bind('checkNumber', errors.checkNumber)}
              required={tender === 'CHECK'}
            />
          ) : null}
        </Group>
        <Textarea label="For" {...fields.bind('purpose', errors.purpose)} required autosize minRows={1} />
        <TextInput label="Amount received ($)" {...fields.bind('amount', errors.amountCents)} inputMode="decimal" required />
        <Stack gap="xs">
          <Text fw={600}>Lines</Text>
          {lines.map((line, index) => (
            <Group key={line.key} align="flex-end" wrap="wrap">
              <div style={{ flex: '1 1 320px' }}>
                <AccountPicker
                  label={`Line ${index + 1} account`}
                  value={line.account}
                  onChange={(account) => setLines((all) => all.map((entry) => (entry.key === line.key ? { ...entry, account } : entry)))}
                  error={lineErrors[line.key]?.account}
                  required
                />
              </div>
              <TextInput
                label={`Line ${index + 1} amount ($)`}
                value={line.amount}
                onChange={(event) => {
                  const value = event.currentTarget.value
                  setLines((all) => all.map((entry) => (entry.key === line.key ? { ...entry, amount: value } : entry)))
                }}
                error={lineErrors[line.key]?.amountCents}
                inputMode="decimal"
                w={160}
              />
              {lines.length > 1 ? (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove line ${index + 1}`}
                  onClick={() => setLines((all) => all.filter((entry) => entry.key !== line.key))}
                  mb={4}
                >
                  <Trash2 size={16} aria-hidden="true" />
                </ActionIcon>
              ) : null}
            </Group>
          ))}
          <Group justify="space-between">
            <Button
              variant="default"
              size="xs"
              leftSection={<Plus size={14} aria-hidden="true" />}
              onClick={() => setLines((all) => [...all, { key: Math.max(...all.map((entry) => entry.key)) + 1, account: '', amount: '' }])}
            >
              Split into another line
            </Button>
            <Text aria-live="polite" c={amountCents !== null && lineTotal !== amountCents ? 'red.8' : undefined}>
              Lines total {formatCents(lineTotal)}
              {amountCents !== null ? ` of ${formatCents(amountCents)}` : ''}
            </Text>
          </Group>
        </Stack>
        <FormAlerts problem={errors.lines ?? null} mutation={issue} failedTitle="The receipt was not issued" />
        <Group>
          <Button type="submit" loading={issue.isPending}>
            Issue receipt
          </Button>
        </Group>
      </Stack>
    </Paper>
  )
}
