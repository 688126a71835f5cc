import { ActionIcon, Button, Group, MultiSelect, NumberInput, Select, Stack, Text, TextInput, Textarea } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import {
  ClarifyInputSchema,
  DetermineInputSchema,
  DISCLOSING_OUTCOMES,
  EXTENSION_REASON_TEXT,
  EXTENSION_REASONS,
  ExtendInputSchema,
  OUTCOMES,
  ProduceInputSchema,
  ReasonInputSchema,
  WITHHOLDING_OUTCOMES,
  type ExtensionReason,
  type Outcome,
  type RequestDetail,
} from '@platform/contracts/records'
import { dayInWords, extensionClock, formatDay, MAX_EXTENSION_DAYS } from '@platform/contracts/records-clock'
import { Plus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { StepNotOffered } from '@/components/step-not-offered'
import { useClarify, useDetermine, useExemptions, useExtend, useHolidays, useReopen, useRequestStep } from '../api/records'
import { EXTENSION_REASON_LABELS, OUTCOME_LABELS } from './records-labels'
import { StepModal, useContractForm } from './request-parts'

type Step = 'clarify' | 'extend' | 'determine' | 'produce' | 'close' | 'reopen'

/** The steps on the request the person may take now (the server's `actions`), each in its dialog; one held back shows why. */
export function RequestSteps({ request }: { request: RequestDetail }) {
  const [open, setOpen] = useState<Step | null>(null)
  const { actions } = request
  const offered: { step: Step; label: string; shown: boolean }[] = [
    { step: 'clarify', label: 'Clarify', shown: actions.clarify },
    { step: 'extend', label: 'Extend', shown: actions.extend },
    { step: 'determine', label: 'Determine', shown: actions.determine },
    { step: 'produce', label: 'Produce records', shown: actions.produce },
    { step: 'close', label: 'Close request', shown: actions.close },
    { step: 'reopen', label: 'Reopen', shown: actions.reopen },
  ]
  const close = () => setOpen(null)
  return (
    <>
      <Group gap="xs" wrap="wrap">
        {offered
          .filter((entry) => entry.shown)
          .map((entry) => (
            <Button key={entry.step} variant={entry.step === 'determine' ? 'filled' : 'default'} onClick={() => setOpen(entry.step)}>
              {entry.label}
            </Button>
          ))}
        {offered
          .filter((entry) => !entry.shown && request.stepReasons[entry.step])
          .map((entry) => (
            <StepNotOffered key={entry.step} label={entry.label} reason={request.stepReasons[entry.step]!} />
          ))}
      </Group>
      {open === 'clarify' ? <ClarifyStep request={request} onClose={close} /> : null}
      {open === 'extend' ? <ExtendStep request={request} onClose={close} /> : null}
      {open === 'determine' ? <DetermineStep request={request} onClose={close} /> : null}
      {open === 'produce' || open === 'close' ? <FinishStep request={request} step={open} onClose={close} /> : null}
      {open === 'reopen' ? <ReopenStep request={request} onClose={close} /> : null}
    </>
  )
}

const done = (message: string, onClose: () => void) => () => {
  notifications.show({ color: 'teal', message })
  onClose()
}

function ClarifyStep({ request, onClose }: { request: RequestDetail; onClose: () => void }) {
  const clarify = useClarify()
  const { form, check } = useContractForm(ClarifyInputSchema, { clarifiedText: request.clarifiedText ?? '', note: '' })
  const values = form.getValues()
  const input = { clarifiedText: values.clarifiedText, note: values.note.trim() || null }
  return (
    <StepModal
      opened
      onClose={onClose}
      title={`Clarify ${request.number}`}
      submitLabel="Save clarified text"
      check={check}
      run={() => clarify.mutateAsync({ id: request.id, input: ClarifyInputSchema.parse(input) })}
      onDone={done('The clarified text was saved. The due date did not move.', onClose)}
    >
      <Text size="sm" c="dimmed">
        Clarifying with the requester never moves the due date. The text as received stays as it was.
      </Text>
      <Textarea label="Clarified text" {...form.getInputProps('clarifiedText')} required autosize minRows={3} data-autofocus />
      <Textarea label="Note (optional)" {...form.getInputProps('note')} autosize minRows={1} />
    </StepModal>
  )
}

function ExtendStep({ request, onClose }: { request: RequestDetail; onClose: () => void }) {
  const extend = useExtend()
  const { form, check } = useContractForm(ExtendInputSchema, {
    reason: null as ExtensionReason | null,
    days: MAX_EXTENSION_DAYS as number | string,
  })
  const { reason, days } = form.getValues()
  const input = { reason, days: typeof days === 'number' ? days : undefined }
  const whole = typeof days === 'number' && ExtendInputSchema.shape.days.safeParse(days).success
  const dayTen = request.clock.dayTen
  const holidays = useHolidays(Number(dayTen.slice(0, 4)))
  const nextYear = useHolidays(Number(dayTen.slice(0, 4)) + 1)
  const preview = whole && holidays.data && nextYear.data ? extensionClock(dayTen, days, [...holidays.data, ...nextYear.data]) : null
  return (
    <StepModal
      opened
      onClose={onClose}
      title={`Extend ${request.number}`}
      submitLabel="Extend"
      confirmLabel="Extend once"
      check={check}
      confirmation={() =>
        `Extend ${request.number} by ${String(days)} days for ${EXTENSION_REASON_LABELS[reason!].toLowerCase()}${preview ? `, to ${dayInWords(preview.extendedDueOn)}` : ''}? A request is extended only once: this cannot be undone.`
      }
      run={() => extend.mutateAsync({ id: request.id, input: ExtendInputSchema.parse(input) })}
      onDone={done(`${request.number} was extended.`, onClose)}
    >
      <Text size="sm" c="dimmed">
        One extension only, before the due date ({formatDay(request.clock.determinationDueOn, true)}) has passed, of at most{' '}
        {MAX_EXTENSION_DAYS} days added to day 10 ({formatDay(dayTen, true)}), for a reason the statute lists (Gov. Code §7922.535(c)).
      </Text>
      <Select
        label="Reason"
        placeholder="The statute's reason"
        data={EXTENSION_REASONS.map((value) => ({ value, label: EXTENSION_REASON_LABELS[value] }))}
        {...form.getInputProps('reason')}
        required
        data-autofocus
      />
      {reason ? (
        <Text size="sm" fs="italic">
          {EXTENSION_REASON_TEXT[reason]}
        </Text>
      ) : null}
      <NumberInput
        label={`Days (1 to ${MAX_EXTENSION_DAYS})`}
        min={1}
        max={MAX_EXTENSION_DAYS}
        allowDecimal={false}
        {...form.getInputProps('days')}
        required
        w={200}
      />
      {preview ? (
        <Text aria-live="polite">
          New due date: {formatDay(preview.extendedDueOn, true)} ({preview.explanation}).
        </Text>
      ) : null}
    </StepModal>
  )
}

type Responsible = { key: number; name: string; title: string }
type DetermineValues = {
  outcome: Outcome | null
  estimatedProductionOn: string
  responsible: Responsible[]
  exemptionIds: string[]
}

/** What the determination sends: a date only when records are disclosed, people and exemptions only when some are withheld. */
function determinationOf(values: DetermineValues) {
  const discloses = values.outcome !== null && DISCLOSING_OUTCOMES.includes(values.outcome)
  const withholds = values.outcome !== null && WITHHOLDING_OUTCOMES.includes(values.outcome)
  return {
    outcome: values.outcome,
    estimatedProductionOn: discloses ? values.estimatedProductionOn || null : null,
    responsible: withholds ? values.responsible.map(({ name, title }) => ({ name, title })) : [],
    exemptionIds: withholds ? values.exemptionIds.map(Number) : [],
  }
}

function DetermineStep({ request, onClose }: { request: RequestDetail; onClose: () => void }) {
  const determine = useDetermine()
  const library = useExemptions()
  const { form, check: checkFields } = useContractForm(
    DetermineInputSchema,
    {
      outcome: null,
      estimatedProductionOn: request.estimatedProductionOn ?? '',
      responsible: [{ key: 1, name: '', title: '' }],
      exemptionIds: [],
    } as DetermineValues,
    determinationOf,
  )
  const values = form.getValues()
  const { outcome, responsible } = values
  const estimated = values.estimatedProductionOn
  const discloses = outcome !== null && DISCLOSING_OUTCOMES.includes(outcome)
  const withholds = outcome !== null && WITHHOLDING_OUTCOMES.includes(outcome)
  const marked = [...new Set(request.documents.flatMap((document) => document.exemptions.map((exemption) => exemption.citation)))]
  const input = determinationOf(values)

  const check = () => {
    const found = checkFields()
    // The contract leaves these to the server's rules for each outcome; the form says so before anything is sent.
    if (discloses && !estimated) {
      found.estimatedProductionOn = 'Give the estimated date the records will be produced.'
      form.setFieldError('estimatedProductionOn', found.estimatedProductionOn)
    }
    if (Object.keys(found).length > 0) return found
    if (withholds && values.exemptionIds.length === 0 && marked.length === 0)
      return 'Choose the exemptions relied on (or mark them on the documents).'
    return null
  }
  return (
    <StepModal
      opened
      onClose={onClose}
      title={`Determine ${request.number}`}
      submitLabel="Determine"
      confirmLabel="Make the determination"
      check={check}
      confirmation={() =>
        `Determine ${request.number}: ${OUTCOME_LABELS[outcome!]}${discloses ? `, records estimated by ${formatDay(estimated, true)}` : ''}? The determination is final and stops the clock.`
      }
      run={() => determine.mutateAsync({ id: request.id, input: DetermineInputSchema.parse(input) })}
      onDone={done(`${request.number} was determined.`, onClose)}
    >
      <Select
        label="Outcome"
        data={OUTCOMES.map((value) => ({ value, label: OUTCOME_LABELS[value] }))}
        {...form.getInputProps('outcome')}
        required
        data-autofocus
      />
      {discloses ? (
        <TextInput label="Estimated production date" type="date" {...form.getInputProps('estimatedProductionOn')} required w={220} />
      ) : null}
      {withholds ? (
        <Stack gap="xs">
          <Text fw={600}>Persons responsible for withholding (name and title)</Text>
          {responsible.map((person, index) => (
            <Group key={person.key} align="flex-end" wrap="wrap">
              <TextInput
                label={`Person ${index + 1} name`}
                {...form.getInputProps(`responsible.${index}.name`)}
                style={{ flex: '1 1 180px' }}
              />
              <TextInput
                label={`Person ${index + 1} title`}
                {...form.getInputProps(`responsible.${index}.title`)}
                style={{ flex: '1 1 180px' }}
              />
              {responsible.length > 1 ? (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove person ${index + 1}`}
                  onClick={() => form.removeListItem('responsible', index)}
                  mb={4}
                >
                  <Trash2 size={16} aria-hidden="true" />
                </ActionIcon>
              ) : null}
            </Group>
          ))}
          <Group>
            <Button
              variant="default"
              size="xs"
              leftSection={<Plus size={14} aria-hidden="true" />}
              onClick={() =>
                form.insertListItem('responsible', { key: Math.max(...responsible.map((entry) => entry.key)) + 1, name: '', title: '' })
              }
            >
              Add a person
            </Button>
          </Group>
          <MultiSelect
            label="Exemptions relied on"
            placeholder="From the exemption library"
            data={(library.data ?? [])
              .filter((exemption) => exemption.active)
              .map((exemption) => ({ value: String(exemption.id), label: `${exemption.citation} · ${exemption.title}` }))}
            {...form.getInputProps('exemptionIds')}
            searchable
          />
          {marked.length > 0 ? (
            <Text size="sm" c="dimmed">
              Marked on the documents (included): {marked.join('; ')}
            </Text>
          ) : null}
        </Stack>
      ) : null}
    </StepModal>
  )
}

function FinishStep({ request, step, onClose }: { request: RequestDetail; step: 'produce' | 'close'; onClose: () => void }) {
  const mutation = useRequestStep()
  const { form, check } = useContractForm(ProduceInputSchema, { note: '' })
  const input = { note: form.getValues().note.trim() || null }
  const producing = step === 'produce'
  return (
    <StepModal
      opened
      onClose={onClose}
      title={`${producing ? 'Produce records for' : 'Close'} ${request.number}`}
      submitLabel={producing ? 'Produce records' : 'Close request'}
      check={check}
      confirmation={() =>
        producing
          ? `Mark the records of ${request.number} as being produced to the requester?`
          : `Close ${request.number}? A closed request can only be reopened, with a reason.`
      }
      run={() => mutation.mutateAsync({ id: request.id, name: step, input: ProduceInputSchema.parse(input) })}
      onDone={done(producing ? `${request.number} is now producing records.` : `${request.number} was closed.`, onClose)}
    >
      <Textarea label="Note (optional)" {...form.getInputProps('note')} autosize minRows={2} data-autofocus />
    </StepModal>
  )
}

function ReopenStep({ request, onClose }: { request: RequestDetail; onClose: () => void }) {
  const reopen = useReopen()
  const { form, check } = useContractForm(ReasonInputSchema, { reason: '' })
  const { reason } = form.getValues()
  return (
    <StepModal
      opened
      onClose={onClose}
      title={`Reopen ${request.number}`}
      submitLabel="Reopen"
      check={check}
      confirmation={() => `Reopen ${request.number}?`}
      run={() => reopen.mutateAsync({ id: request.id, input: ReasonInputSchema.parse({ reason }) })}
      onDone={done(`${request.number} was reopened.`, onClose)}
    >
      <Textarea label="Reason" {...form.getInputProps('reason')} required autosize minRows={2} data-autofocus />
    </StepModal>
  )
}
