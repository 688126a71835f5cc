import { Button, Group, Modal, Radio, SimpleGrid, Stack } from '@mantine/core'
import { useForm } from '@mantine/form'
import { notifications } from '@mantine/notifications'
import { SUBSCRIPTION_FORMATS, SUBSCRIPTION_FORMAT_LABELS, type Subscription } from '@platform/contracts/report-subscriptions'
import type { ReportParameter } from '@platform/contracts/reports'
import { useState } from 'react'
import { FormAlerts } from '@/components/form-alerts'
import { useAuth } from '@/lib/auth-context'
import { fullName } from '@/lib/format'
import { useSaveSubscription } from '../../api/subscriptions'
import { RecipientsField } from './recipients-field'
import { ScheduleFields } from './schedule-fields'
import { SubscriptionParameters } from './subscription-parameters'
import {
  newSubscriptionValues,
  savedSubscriptionValues,
  subscriptionInputOf,
  subscriptionProblems,
  type SubscriptionFormValues,
} from './subscription-values'

export interface SubscriptionFormProps {
  report: { id: number; name: string; version: number }
  parameters: readonly ReportParameter[]
  /** The subscription being changed; without it a new one, starting from `appliedValues` (the values on screen). */
  subscription?: Subscription
  appliedValues?: Record<string, unknown>
  onClose: () => void
}

/**
 * Subscribes people to a report (or changes a subscription): who, with which values, as what, and when on the
 * district's clock. The contract's rules are checked as the person sends; the server's refusal (someone who may not
 * view the report) is shown in its words.
 */
export function SubscriptionForm({ report, parameters, subscription, appliedValues = {}, onClose }: SubscriptionFormProps) {
  const { user } = useAuth()
  const save = useSaveSubscription()
  // The moment the form opened: the next delivery is worked out from it (the form is open for minutes at most).
  const [now] = useState(() => new Date())
  const form = useForm<SubscriptionFormValues>({
    mode: 'controlled',
    initialValues: subscription
      ? savedSubscriptionValues(parameters, subscription)
      : newSubscriptionValues(parameters, appliedValues, user?.id),
    validate: (values) => subscriptionProblems(report.id, parameters, values),
  })
  const known = subscription
    ? subscription.recipients
    : user
      ? [{ userId: user.id, fullName: fullName(user) || user.email, email: user.email }]
      : []

  const onSubmit = form.onSubmit((values) => {
    const input = subscriptionInputOf(report.id, parameters, values)
    const { reportId: _report, ...change } = input
    const saving = subscription
      ? save.mutateAsync({ subscriptionId: subscription.id, input: { ...change, version: subscription.version } })
      : save.mutateAsync({ subscriptionId: null, input })
    void saving
      .then((saved) => {
        notifications.show({
          color: 'teal',
          message: subscription ? `The subscription to ${report.name} was changed.` : `${report.name} will be sent: ${saved.scheduleText}.`,
        })
        onClose()
      })
      .catch(() => undefined)
  })

  const title = subscription ? `Change the subscription to ${report.name}` : `Subscribe to ${report.name}`
  return (
    <Modal opened onClose={onClose} title={title} size="lg" closeButtonProps={{ 'aria-label': 'Close' }}>
      <form onSubmit={onSubmit} noValidate aria-label={title}>
        <Stack gap="md">
          <RecipientsField
            reportId={report.id}
            known={known}
            value={form.values.recipientIds}
            error={form.errors.recipientIds}
            onChange={(value) => {
              form.setFieldValue('recipientIds', value)
              form.clearFieldError('recipientIds')
            }}
          />
          <SubscriptionParameters
            reportId={report.id}
            reportVersion={report.version}
            parameters={parameters}
            values={form.values.parameters}
            errors={form.errors}
            onChange={(parameterId, value) => {
              form.setFieldValue(`parameters.${parameterId}`, value)
              form.clearFieldError(`parameters.${parameterId}`)
            }}
          />
          <Radio.Group label="Send it as" {...form.getInputProps('format')} required>
            <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" mt={4}>
              {SUBSCRIPTION_FORMATS.map((format) => (
                <Radio key={format} value={format} label={SUBSCRIPTION_FORMAT_LABELS[format]} />
              ))}
            </SimpleGrid>
          </Radio.Group>
          <ScheduleFields form={form} now={now} />
          <FormAlerts mutation={save} failedTitle="The subscription was not saved" />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={save.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending}>
              {subscription ? 'Save changes' : 'Subscribe'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}
