import {
  Alert,
  Button,
  Checkbox,
  FileInput,
  Group,
  Paper,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  TextInput,
  Textarea,
  Title,
} from '@mantine/core'
import { notifications } from '@mantine/notifications'
import {
  ACCRUAL_TYPES,
  AccrualInputSchema,
  BASES,
  CLEARING_METHODS,
  isRestrictedResource,
  type AccrualDetail,
  type AccrualType,
  type Basis,
  type Clearing,
} from '@platform/contracts/accruals'
import { formatCents, parseDollars } from '@platform/contracts/finance-money'
import { Paperclip } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { useNavigate, useParams } from 'react-router'
import { ApiError, errorMessage } from '@/lib/api-client'
import { useDocumentTitle } from '@/lib/use-document-title'
import { AccountPicker } from '@/features/finance'
import { useSites } from '@/features/finance'
import { useAccrual, useSaveAccrual, useUploadAccrualAttachment } from '../api/accruals'
import { BASIS_LABELS, CLEARING_LABELS, TYPE_LABELS } from './accrual-parts'
import { useChosenCycle } from './cycle-select'
import { LinesEditor, type LineDraft } from './lines-editor'
import { requestPath } from './paths'
import { useAccrualDuties } from './use-accrual-duties'
import { formMessage } from '@/lib/schema-errors'
import { FailureAlert } from '@/components/failure-alert'
import { LoadingState } from '@/components/loading-state'

/** /requests/new and /requests/:id/edit: the edit form waits for the request, then starts from what it holds. */
export function RequestForm() {
  const idText = useParams().id
  const id = idText === undefined ? null : Number(idText)
  const existing = useAccrual(id ?? 0)
  useDocumentTitle(id === null ? 'New accrual request' : `Edit accrual ${id}`)
  if (id === null) return <RequestFormBody existing={null} />
  if (existing.isError) return <FailureAlert title="The request could not be loaded" error={existing.error} />
  if (!existing.data) return <LoadingState label="Loading the request" query={existing} />
  if (!existing.data.actions.edit) {
    return (
      <Alert color="blue" title="This request cannot be edited">
        Accrual {id} is {existing.data.state.toLowerCase().replace(/_/g, ' ')}: only a draft or a returned request is edited, by its
        requester (after the lock date, by a controller).
      </Alert>
    )
  }
  return <RequestFormBody key={existing.data.version} existing={existing.data} />
}

const dollars = (cents: number) => formatCents(cents).replace(/[$,]/g, '')
const isPayer = (type: AccrualType) => type === 'RECEIVABLE' || type === 'UNEARNED_REVENUE'
let nextLineKey = 1

function RequestFormBody({ existing }: { existing: AccrualDetail | null }) {
  const navigate = useNavigate()
  const duties = useAccrualDuties()
  const sites = useSites()
  const { cycles, cycle: newestCycle } = useChosenCycle()
  const save = useSaveAccrual()
  const upload = useUploadAccrualAttachment()

  const [cycleId, setCycleId] = useState<string | null>(existing ? String(existing.cycleId) : null)
  const [siteId, setSiteId] = useState<string | null>(existing ? String(existing.siteId) : null)
  const [type, setType] = useState<AccrualType>(existing?.type ?? 'PAYABLE')
  const [accrualAccount, setAccrualAccount] = useState(existing?.accrualAccount ?? '')
  const [clearing, setClearing] = useState<Clearing>(existing?.clearing ?? 'REVERSE')
  const [forGoods, setForGoods] = useState(existing?.forGoods ?? false)
  const [vendor, setVendor] = useState(existing?.vendor ?? '')
  const [description, setDescription] = useState(existing?.description ?? '')
  const [poNumber, setPoNumber] = useState(existing?.poNumber ?? '')
  const [invoiceNumber, setInvoiceNumber] = useState(existing?.invoiceNumber ?? '')
  const [receivedOn, setReceivedOn] = useState(existing?.receivedOn ?? '')
  const [servicePeriodFrom, setServicePeriodFrom] = useState(existing?.servicePeriodFrom ?? '')
  const [servicePeriodTo, setServicePeriodTo] = useState(existing?.servicePeriodTo ?? '')
  const [basis, setBasis] = useState<Basis>(existing?.basis ?? 'ACTUAL')
  const [basisNote, setBasisNote] = useState(existing?.basisNote ?? '')
  const [amount, setAmount] = useState(existing ? dollars(existing.amountCents) : '')
  const [lines, setLines] = useState<LineDraft[]>(() =>
    existing
      ? existing.lines.map((line) => ({ key: nextLineKey++, account: line.account, amount: dollars(line.amountCents) }))
      : [{ key: nextLineKey++, account: '', amount: '' }],
  )
  const [duplicateNote, setDuplicateNote] = useState(existing?.duplicateNote ?? '')
  const [askDuplicateNote, setAskDuplicateNote] = useState(Boolean(existing?.duplicateNote) || Boolean(existing?.flags.possibleDuplicate))
  const [restrictedJustification, setRestrictedJustification] = useState(existing?.restrictedJustification ?? '')
  const [files, setFiles] = useState<File[]>([])
  const [problem, setProblem] = useState<string | null>(null)

  const cycleList = cycles.data ?? []
  const cycle = cycleList.find((entry) => String(entry.id) === cycleId) ?? (cycleId === null ? newestCycle : null)
  const controller = duties.has('CONTROLLER')
  const siteChoices = (sites.data ?? []).filter(
    (site) => site.active && (duties.has('REQUESTER', site.id) || duties.has('CONTROLLER', site.id)),
  )
  const chosenSite = siteId ?? (siteChoices.length === 1 ? String(siteChoices[0]!.id) : null)
  const amountCents = parseDollars(amount)
  const restricted = lines.some((line) => line.account && isRestrictedResource(line.account))
  const receivedLate = type === 'PAYABLE' && forGoods && cycle !== null && receivedOn !== '' && receivedOn > cycle.cutoffOn
  const belowMateriality = cycle !== null && amountCents !== null && amountCents > 0 && amountCents < cycle.materialityCents

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (!cycle) return setProblem('Choose the fiscal year (close cycle) of the accrual.')
    if (!chosenSite) return setProblem('Choose the site the accrual is for.')
    if (amountCents === null || amountCents <= 0) return setProblem('Enter the amount to accrue, such as 1250.00.')
    const lineCents = lines.map((line) => parseDollars(line.amount))
    if (lines.some((line, index) => !line.account || lineCents[index] === null || lineCents[index]! <= 0))
      return setProblem('Every line needs an account from the chart and an amount.')
    const input = {
      cycleId: cycle.id,
      siteId: Number(chosenSite),
      type,
      accrualAccount: type === 'OTHER' ? accrualAccount || null : null,
      clearing,
      forGoods: type === 'PAYABLE' ? forGoods : false,
      vendor,
      description,
      poNumber: poNumber || null,
      invoiceNumber: invoiceNumber || null,
      receivedOn: receivedOn || null,
      servicePeriodFrom: servicePeriodFrom || null,
      servicePeriodTo: servicePeriodTo || null,
      basis,
      basisNote: basisNote || null,
      amountCents,
      lines: lines.map((line, index) => ({ account: line.account, amountCents: lineCents[index]! })),
      duplicateNote: askDuplicateNote ? duplicateNote || null : null,
      restrictedJustification: restricted ? restrictedJustification || null : null,
      // The version this form was opened on: the server refuses the edit if the request changed since.
      ...(existing ? { version: existing.version } : {}),
    }
    const parsed = AccrualInputSchema.safeParse(input)
    if (!parsed.success) return setProblem(parsed.error.issues.map((issue) => readableIssue(formMessage(issue.message))).join(' '))
    if (restricted && !restrictedJustification.trim()) return setProblem('A line charges a restricted resource: say why it is allowed.')
    setProblem(null)
    void save
      .mutateAsync({ id: existing?.id ?? null, input })
      .then(async (result) => {
        const failed: string[] = []
        for (const file of files) {
          await upload
            .mutateAsync({ id: result.data.id, file })
            .catch((error: unknown) => failed.push(`${file.name}: ${errorMessage(error, 'not attached')}`))
        }
        notifications.show({
          color: 'teal',
          message: existing
            ? `Accrual ${result.data.id} was saved (version ${result.data.version}).`
            : `Accrual ${result.data.id} was saved as a draft.`,
        })
        if (failed.length > 0) notifications.show({ color: 'red', title: 'Some files were not attached', message: failed.join('; ') })
        void navigate(requestPath(result.data.id))
      })
      .catch((error: unknown) => {
        if (error instanceof ApiError && (/DUPLICATE/i.test(error.code) || /duplicate/i.test(error.message))) {
          // Refused again with the note field already shown: say it is the empty note, or the refusal looks like the last one.
          if (askDuplicateNote && !duplicateNote.trim())
            setProblem('The note is empty: say why this request is not a duplicate, then save again.')
          setAskDuplicateNote(true)
        }
      })
  }

  if (duties.loaded && sites.isSuccess && siteChoices.length === 0) {
    return (
      <Alert color="blue" title="You do not request accruals">
        Requesting an accrual needs the REQUESTER duty at a site. Ask your administrator.
      </Alert>
    )
  }

  return (
    <Paper withBorder radius="md" p="md" component="form" onSubmit={onSubmit} noValidate>
      <Stack gap="sm" maw={860}>
        <Title order={2}>{existing ? `Edit accrual ${existing.id}` : 'New accrual request'}</Title>
        {existing?.state === 'RETURNED' && existing.lastReason ? (
          <Alert color="orange" title="Returned to you">
            {existing.lastReason}
          </Alert>
        ) : null}
        {cycle?.locked && !controller ? (
          <Alert color="red" title="The cycle is locked">
            The lock date ({cycle.lockOn}) has passed: only a controller may add or change a request.
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <Select
            label="Fiscal year"
            data={[...cycleList]
              .sort((a, b) => b.fiscalYear.localeCompare(a.fiscalYear))
              .map((entry) => ({ value: String(entry.id), label: entry.fiscalYear }))}
            value={cycle ? String(cycle.id) : null}
            onChange={setCycleId}
            allowDeselect={false}
            required
            disabled={existing !== null}
          />
          <Select
            label="Site"
            data={siteChoices.map((site) => ({ value: String(site.id), label: `${site.code} · ${site.name}` }))}
            value={chosenSite}
            onChange={setSiteId}
            allowDeselect={false}
            required
            disabled={existing !== null}
          />
          <Select
            label="Type"
            data={ACCRUAL_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] }))}
            value={type}
            onChange={(value) => setType((value as AccrualType | null) ?? 'PAYABLE')}
            allowDeselect={false}
            required
          />
          <Radio.Group label="Clearing" value={clearing} onChange={(value) => setClearing(value as Clearing)} required>
            <Group gap="md" mt={6}>
              {CLEARING_METHODS.map((value) => (
                <Radio key={value} value={value} label={CLEARING_LABELS[value]} />
              ))}
            </Group>
          </Radio.Group>
        </SimpleGrid>
        {type === 'OTHER' ? (
          <AccountPicker
            label="Accrual account"
            description="An OTHER accrual names its own accrual account."
            value={accrualAccount}
            onChange={setAccrualAccount}
            required
          />
        ) : null}
        {type === 'PAYABLE' ? (
          <Checkbox
            label="For goods (they must have been received on or before the cut-off date)"
            checked={forGoods}
            onChange={(event) => setForGoods(event.currentTarget.checked)}
          />
        ) : null}
        <TextInput
          label={isPayer(type) ? 'Payer' : 'Vendor'}
          value={vendor}
          onChange={(event) => setVendor(event.currentTarget.value)}
          required
        />
        <Textarea
          label="Description"
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          required
          autosize
          minRows={2}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="PO number" value={poNumber} onChange={(event) => setPoNumber(event.currentTarget.value)} />
          <TextInput label="Invoice number" value={invoiceNumber} onChange={(event) => setInvoiceNumber(event.currentTarget.value)} />
          <TextInput
            type="date"
            label="Goods or services received on"
            value={receivedOn}
            onChange={(event) => setReceivedOn(event.currentTarget.value)}
            required={type === 'PAYABLE' && forGoods}
          />
          <div />
          <TextInput
            type="date"
            label="Service period from"
            value={servicePeriodFrom}
            onChange={(event) => setServicePeriodFrom(event.currentTarget.value)}
          />
          <TextInput
            type="date"
            label="Service period to"
            value={servicePeriodTo}
            onChange={(event) => setServicePeriodTo(event.currentTarget.value)}
          />
        </SimpleGrid>
        {receivedLate && cycle ? (
          <Alert color="red" role="status">
            Received after the cut-off date ({cycle.cutoffOn}): goods received then belong to the next year, and the request will be
            refused.
          </Alert>
        ) : null}
        <Radio.Group label="Basis" value={basis} onChange={(value) => setBasis(value as Basis)} required>
          <Group gap="md" mt={6}>
            {BASES.map((value) => (
              <Radio key={value} value={value} label={BASIS_LABELS[value]} />
            ))}
          </Group>
        </Radio.Group>
        <Textarea
          label={basis === 'ESTIMATE' ? 'How it was estimated' : 'Basis note'}
          value={basisNote}
          onChange={(event) => setBasisNote(event.currentTarget.value)}
          required={basis === 'ESTIMATE'}
          autosize
          minRows={1}
        />
        <TextInput
          label="Amount ($)"
          value={amount}
          onChange={(event) => setAmount(event.currentTarget.value)}
          inputMode="decimal"
          required
          w={220}
        />
        {belowMateriality && cycle ? (
          <Alert color="yellow" role="status" title="Below materiality">
            Under the cycle&apos;s materiality threshold of {formatCents(cycle.materialityCents)}: the request will be flagged, not refused.
          </Alert>
        ) : null}
        <LinesEditor lines={lines} onChange={setLines} amountCents={amountCents} newKey={() => nextLineKey++} />
        {restricted ? (
          <Textarea
            label="Restricted resource justification"
            description="A line charges a restricted resource (2000–9999): say why the accrual belongs there."
            value={restrictedJustification}
            onChange={(event) => setRestrictedJustification(event.currentTarget.value)}
            required
            autosize
            minRows={2}
          />
        ) : null}
        {askDuplicateNote ? (
          <Textarea
            label="Possible duplicate: why this is not one"
            description="Another request of the cycle has the same PO and invoice, or the same vendor and amount."
            value={duplicateNote}
            onChange={(event) => setDuplicateNote(event.currentTarget.value)}
            required
            autosize
            minRows={2}
          />
        ) : null}
        <FileInput
          label="Attachments (invoice, packing slip, grant award)"
          description="PDF, PNG, JPEG, XLSX, CSV, DOCX or TXT, up to 25 MB each; attached when the request is saved."
          placeholder="Choose files"
          multiple
          clearable
          clearButtonProps={{ 'aria-label': 'Remove the chosen files' }}
          value={files}
          onChange={setFiles}
          leftSection={<Paperclip size={16} aria-hidden="true" />}
        />
        {problem ? (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        ) : null}
        {save.isError ? (
          <FailureAlert
            title="The request was not saved"
            message={`${errorMessage(save.error)}${askDuplicateNote ? ' Explain above why it is not a duplicate, then save again.' : ''}`}
          />
        ) : null}
        <Group>
          <Button type="submit" loading={save.isPending || upload.isPending}>
            {existing ? 'Save changes' : 'Save draft'}
          </Button>
          <Button variant="default" onClick={() => void navigate(-1)}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </Paper>
  )
}

/** The contract's messages name fields ("basisNote"); the form says them as its labels do. */
function readableIssue(message: string): string {
  const text = message
    .replace(/\bbasisNote\b/g, 'the basis note')
    .replace(/\baccrualAccount\b/g, 'the accrual account')
    .replace(/\bservicePeriodTo\b/g, 'the end of the service period')
    .replace(/\bservicePeriodFrom\b/g, 'the start of the service period')
    .replace(/\breceivedOn\b/g, 'the received date')
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}.`
}
