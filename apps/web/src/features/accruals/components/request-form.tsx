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
import { useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { ACCRUAL_TYPES, BASES, CLEARING_METHODS, type AccrualDetail, type AccrualType } from '@platform/contracts/accruals'
import { formatCents, parseDollars } from '@platform/contracts/finance-money'
import { labelOf } from '@platform/contracts/labels'
import { accrualsLabels } from '@platform/contracts/labels/accruals'
import { Paperclip } from 'lucide-react'
import { useState } from 'react'
import { useNavigate, useParams } from 'react-router'
import { ApiError, errorMessage } from '@/lib/api-client'
import { useDocumentTitle } from '@/lib/use-document-title'
import { AccountPicker } from '@/features/finance'
import { useSites } from '@/features/finance'
import { useAccrual, useSaveAccrual, useUploadAccrualAttachment } from '../api/accruals'
import { useChosenCycle } from './cycle-select'
import { LinesEditor } from './lines-editor'
import { requestPath } from './paths'
import {
  fieldError,
  fieldOfRefusal,
  initialValues,
  restrictedLines,
  toInput,
  validateRequest,
  type RequestFormValues,
} from './request-form-values'
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
        Accrual {id} is {labelOf(accrualsLabels.state, existing.data.state).toLowerCase()}: only a draft or a returned request is edited, by
        its requester (after the lock date, by a controller).
      </Alert>
    )
  }
  return <RequestFormBody key={existing.data.version} existing={existing.data} />
}

const isPayer = (type: AccrualType) => type === 'RECEIVABLE' || type === 'UNEARNED_REVENUE'

function RequestFormBody({ existing }: { existing: AccrualDetail | null }) {
  const navigate = useNavigate()
  const duties = useAccrualDuties()
  const sites = useSites()
  const { cycles, cycle: newestCycle } = useChosenCycle()
  const save = useSaveAccrual()
  const upload = useUploadAccrualAttachment()
  const [askDuplicateNote, setAskDuplicateNote] = useState(Boolean(existing?.duplicateNote) || Boolean(existing?.flags.possibleDuplicate))
  const [files, setFiles] = useState<File[]>([])

  const cycleList = cycles.data ?? []
  const controller = duties.has('CONTROLLER')
  const siteChoices = (sites.data ?? []).filter(
    (site) => site.active && (duties.has('REQUESTER', site.id) || duties.has('CONTROLLER', site.id)),
  )
  // The newest cycle and a person's only site are chosen for them until they choose another.
  const cycleOf = (values: RequestFormValues) =>
    cycleList.find((entry) => String(entry.id) === values.cycleId) ?? (values.cycleId === null ? newestCycle : null)
  const siteOf = (values: RequestFormValues) => values.siteId ?? (siteChoices.length === 1 ? String(siteChoices[0]!.id) : null)
  const contextOf = (values: RequestFormValues, askNote = askDuplicateNote) => ({
    cycleId: cycleOf(values)?.id ?? null,
    siteId: siteOf(values),
    askDuplicateNote: askNote,
    version: existing?.version ?? null,
  })

  const form = useForm<RequestFormValues>({
    mode: 'controlled',
    initialValues: initialValues(existing),
    validate: (values) => validateRequest(values, contextOf(values)),
  })
  const values = form.getValues()
  const cycle = cycleOf(values)
  const chosenSite = siteOf(values)
  const amountCents = parseDollars(values.amount)
  const restricted = restrictedLines(values)
  const receivedLate =
    values.type === 'PAYABLE' && values.forGoods && cycle !== null && values.receivedOn !== '' && values.receivedOn > cycle.cutoffOn
  const belowMateriality = cycle !== null && amountCents !== null && amountCents > 0 && amountCents < cycle.materialityCents

  const onSubmit = form.onSubmit((submitted) => {
    const input = toInput(submitted, contextOf(submitted))
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
        if (!(error instanceof ApiError)) return
        const field = fieldOfRefusal(error.code)
        if (field === 'duplicateNote') setAskDuplicateNote(true)
        if (field) form.setFieldError(field, formMessage(error.message))
      })
  })
  // A refusal shown under its field is not repeated above the buttons.
  const refusedField = save.error instanceof ApiError ? fieldOfRefusal(save.error.code) : null

  if (duties.loaded && sites.isSuccess && siteChoices.length === 0) {
    return (
      <Alert color="blue" title="You do not request accruals">
        Requesting an accrual needs the {accrualsLabels.duty.REQUESTER} duty at a site. Ask your administrator.
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
            onChange={(value) => form.setFieldValue('cycleId', value)}
            error={form.errors.cycleId}
            allowDeselect={false}
            required
            disabled={existing !== null}
          />
          <Select
            label="Site"
            data={siteChoices.map((site) => ({ value: String(site.id), label: `${site.code} · ${site.name}` }))}
            value={chosenSite}
            onChange={(value) => form.setFieldValue('siteId', value)}
            error={form.errors.siteId}
            allowDeselect={false}
            required
            disabled={existing !== null}
          />
          <Select
            label="Type"
            data={ACCRUAL_TYPES.map((value) => ({ value, label: accrualsLabels.type[value] }))}
            {...form.getInputProps('type')}
            allowDeselect={false}
            required
          />
          <Radio.Group label="Clearing" {...form.getInputProps('clearing')} required>
            <Group gap="md" mt={6}>
              {CLEARING_METHODS.map((value) => (
                <Radio key={value} value={value} label={accrualsLabels.clearing[value]} />
              ))}
            </Group>
          </Radio.Group>
        </SimpleGrid>
        {values.type === 'OTHER' ? (
          <AccountPicker
            label="Accrual account"
            description="An accrual of type Other names its own accrual account."
            value={values.accrualAccount}
            onChange={(account) => form.setFieldValue('accrualAccount', account)}
            error={fieldError(form.errors.accrualAccount)}
            required
          />
        ) : null}
        {values.type === 'PAYABLE' ? (
          <Checkbox
            label="For goods (they must have been received on or before the cut-off date)"
            {...form.getInputProps('forGoods', { type: 'checkbox' })}
          />
        ) : null}
        <TextInput label={isPayer(values.type) ? 'Payer' : 'Vendor'} {...form.getInputProps('vendor')} required />
        <Textarea label="Description" {...form.getInputProps('description')} required autosize minRows={2} />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput label="PO number" {...form.getInputProps('poNumber')} />
          <TextInput label="Invoice number" {...form.getInputProps('invoiceNumber')} />
          <TextInput
            type="date"
            label="Goods or services received on"
            {...form.getInputProps('receivedOn')}
            required={values.type === 'PAYABLE' && values.forGoods}
          />
          <div />
          <TextInput type="date" label="Service period from" {...form.getInputProps('servicePeriodFrom')} />
          <TextInput type="date" label="Service period to" {...form.getInputProps('servicePeriodTo')} />
        </SimpleGrid>
        {receivedLate && cycle ? (
          <Alert color="red" role="status">
            Received after the cut-off date ({cycle.cutoffOn}): goods received then belong to the next year, and the request will be
            refused.
          </Alert>
        ) : null}
        <Radio.Group label="Basis" {...form.getInputProps('basis')} required>
          <Group gap="md" mt={6}>
            {BASES.map((value) => (
              <Radio key={value} value={value} label={accrualsLabels.basis[value]} />
            ))}
          </Group>
        </Radio.Group>
        <Textarea
          label={values.basis === 'ESTIMATE' ? 'How it was estimated' : 'Basis note'}
          {...form.getInputProps('basisNote')}
          required={values.basis === 'ESTIMATE'}
          autosize
          minRows={1}
        />
        <TextInput label="Amount ($)" {...form.getInputProps('amount')} inputMode="decimal" required maw={220} />
        {belowMateriality && cycle ? (
          <Alert color="yellow" role="status" title="Below materiality">
            Under the cycle&apos;s materiality threshold of {formatCents(cycle.materialityCents)}: the request will be flagged, not refused.
          </Alert>
        ) : null}
        <LinesEditor form={form} />
        {restricted ? (
          <Textarea
            label="Restricted resource justification"
            description="A line charges a restricted resource (2000–9999): say why the accrual belongs there."
            {...form.getInputProps('restrictedJustification')}
            required
            autosize
            minRows={2}
          />
        ) : null}
        {askDuplicateNote ? (
          <Textarea
            label="Possible duplicate: why this is not one"
            description="Another request of the cycle has the same PO and invoice, or the same vendor and amount."
            {...form.getInputProps('duplicateNote')}
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
        {save.isError && refusedField === null ? <FailureAlert title="The request was not saved" error={save.error} /> : null}
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
