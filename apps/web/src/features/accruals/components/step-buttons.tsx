import { Button, Group, Modal, Paper, Stack, Text, Textarea } from '@mantine/core'
import { schemaResolver, useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { ReasonInputSchema, type AccrualActions, type AccrualDetail, type AccrualStep } from '@platform/contracts/accruals'
import { formatCents } from '@platform/contracts/finance-money'
import { useState } from 'react'
import { FormAlerts } from '@/components/form-alerts'
import { StepNotOffered } from '@/components/step-not-offered'
import { useAccrualStep } from '../api/accruals'
import { STATE_LABELS } from './accrual-parts'
import { withoutFieldNames } from './form-errors'

const resolveReason = withoutFieldNames(schemaResolver(ReasonInputSchema, { sync: true }))

interface StepSpec {
  step: AccrualStep
  action: keyof AccrualActions
  label: string
  color: string
  variant: 'filled' | 'outline'
  /** What the confirmation says will happen. */
  explain: (accrual: AccrualDetail) => string
  needsReason: boolean
}

const STEPS: StepSpec[] = [
  {
    step: 'submit',
    action: 'submit',
    label: 'Submit for approval',
    color: 'blue',
    variant: 'filled',
    needsReason: false,
    explain: (a) =>
      `Accrual ${a.id} (${formatCents(a.amountCents)}) goes to the site approver. It can be edited again only if it is returned.`,
  },
  {
    step: 'site-approve',
    action: 'siteApprove',
    label: 'Approve for the site',
    color: 'teal.9',
    variant: 'filled',
    needsReason: false,
    explain: (a) => `Accrual ${a.id} (${formatCents(a.amountCents)}) goes to fiscal services for approval.`,
  },
  {
    step: 'approve',
    action: 'approve',
    label: 'Approve',
    color: 'teal.9',
    variant: 'filled',
    needsReason: false,
    explain: (a) => `Accrual ${a.id} (${formatCents(a.amountCents)}) is approved and will be posted with the next journal export.`,
  },
  {
    step: 'return',
    action: 'return',
    label: 'Return to the requester',
    color: 'violet.9',
    variant: 'outline',
    needsReason: true,
    explain: (a) => `Accrual ${a.id} goes back to ${a.requesterName}, who may correct it and submit it again. Say what to fix.`,
  },
  {
    step: 'reject',
    action: 'reject',
    label: 'Reject',
    color: 'red.9',
    variant: 'outline',
    needsReason: true,
    explain: (a) => `Accrual ${a.id} is refused for good: it will not be posted and cannot be submitted again.`,
  },
  {
    step: 'withdraw',
    action: 'withdraw',
    label: 'Withdraw',
    color: 'red.9',
    variant: 'outline',
    needsReason: false,
    explain: (a) => `Accrual ${a.id} is withdrawn for good: it will not be reviewed or posted. It stays in the history.`,
  },
]

/**
 * The review steps the person may take now, each confirmed (return and reject ask a reason), and beside them the steps
 * they hold the duty for but may not take here, disabled with the server's reason (separation of duties, or a request
 * that is someone else's).
 */
export function StepButtons({ accrual }: { accrual: AccrualDetail }) {
  const [asking, setAsking] = useState<StepSpec | null>(null)
  const offered = STEPS.filter((spec) => accrual.actions[spec.action])
  const refused = STEPS.filter((spec) => !accrual.actions[spec.action] && accrual.stepReasons[spec.action])
  if (offered.length === 0 && refused.length === 0) return null
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label="Steps">
      <Group gap="sm" wrap="wrap">
        {offered.map((spec) => (
          <Button
            key={spec.step}
            color={spec.color === 'blue' ? undefined : spec.color}
            variant={spec.variant}
            onClick={() => setAsking(spec)}
          >
            {spec.label}
          </Button>
        ))}
      </Group>
      {refused.length > 0 ? (
        <Group gap="md" wrap="wrap" align="flex-start" mt={offered.length > 0 ? 'sm' : 0}>
          {refused.map((spec) => (
            <StepNotOffered key={spec.step} label={spec.label} reason={accrual.stepReasons[spec.action]!} />
          ))}
        </Group>
      ) : null}
      <Modal
        opened={asking !== null}
        onClose={() => setAsking(null)}
        title={asking ? `${asking.label}: accrual ${accrual.id}` : ''}
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        {asking ? <ConfirmStep accrual={accrual} spec={asking} onDone={() => setAsking(null)} /> : null}
      </Modal>
    </Paper>
  )
}

function ConfirmStep({ accrual, spec, onDone }: { accrual: AccrualDetail; spec: StepSpec; onDone: () => void }) {
  const step = useAccrualStep()
  const form = useForm({
    mode: 'controlled',
    initialValues: { reason: '' },
    validate: (values) => (spec.needsReason ? resolveReason(values) : {}),
  })
  const onSubmit = form.onSubmit(({ reason }) => {
    void step
      .mutateAsync({ id: accrual.id, step: spec.step, ...(spec.needsReason ? { reason: reason.trim() } : {}) })
      .then((result) => {
        notifications.show({ color: 'teal', message: `Accrual ${result.data.id} is now ${STATE_LABELS[result.data.state].toLowerCase()}.` })
        onDone()
      })
      .catch(() => undefined)
  })
  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="sm">
        <Text>{spec.explain(accrual)}</Text>
        {spec.needsReason ? (
          <Textarea label="Reason" {...form.getInputProps('reason')} required data-autofocus autosize minRows={2} />
        ) : null}
        <FormAlerts mutation={step} failedTitle="The step was refused" />
        <Group>
          <Button
            type="submit"
            color={spec.color === 'blue' ? undefined : spec.color}
            loading={step.isPending}
            data-autofocus={spec.needsReason ? undefined : true}
          >
            {`Confirm: ${spec.label.toLowerCase()}`}
          </Button>
          <Button variant="default" onClick={onDone}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
