import { Anchor, Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { SUBSCRIPTION_FORMAT_LABELS, type Subscription } from '@platform/contracts/report-subscriptions'
import { useId, useState } from 'react'
import { Link } from 'react-router'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { FailureAlert } from '@/components/failure-alert'
import { LoadingState } from '@/components/loading-state'
import { errorMessage } from '@/lib/api-client'
import { formatDateTime } from '@/lib/format'
import { useReportDetails } from '../../api/reports'
import { useDeleteSubscription, usePauseSubscription, useSubscriptions } from '../../api/subscriptions'
import { subscriptionPath } from './subscription-link'
import { SubscriptionForm } from './subscription-form'
import { SubscriptionHistory } from './subscription-history'

/** 'Rita Writer, Pat Lee (unsubscribed)'. */
const recipientsText = (subscription: Subscription) =>
  subscription.recipients.map((person) => (person.unsubscribedAt ? `${person.fullName} (unsubscribed)` : person.fullName)).join(', ')

function SubscriptionEntry({
  subscription,
  showReport,
  onEdit,
  onHistory,
  onDelete,
}: {
  subscription: Subscription
  showReport: boolean
  onEdit: () => void
  onHistory: () => void
  onDelete: () => void
}) {
  const pause = usePauseSubscription()
  const name = `${subscription.reportName}, ${subscription.scheduleText}`
  const onPause = () =>
    pause.mutate(
      { subscriptionId: subscription.id, paused: !subscription.paused },
      {
        onSuccess: () =>
          notifications.show({
            color: 'teal',
            message: subscription.paused
              ? `Deliveries of ${subscription.reportName} start again.`
              : `Deliveries of ${subscription.reportName} are paused.`,
          }),
        onError: (error) =>
          notifications.show({ color: 'red', message: errorMessage(error, 'The subscription could not be changed.'), autoClose: false }),
      },
    )

  return (
    <Stack gap={4} component="li" py="xs" aria-label={name} style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {showReport ? `${subscription.reportName}: ` : ''}
          {subscription.scheduleText}
        </Text>
        {subscription.paused ? (
          <Badge color="gray" variant="light" style={{ flexShrink: 0 }}>
            Paused
          </Badge>
        ) : null}
      </Group>
      <Text size="xs">{SUBSCRIPTION_FORMAT_LABELS[subscription.format]}</Text>
      <Text size="xs" style={{ overflowWrap: 'anywhere' }}>
        To {recipientsText(subscription)}
      </Text>
      <Text size="xs" c="dimmed">
        {subscription.paused
          ? `Paused${subscription.pausedBy ? ` by ${subscription.pausedBy}` : ''}${subscription.pausedAt ? ` on ${formatDateTime(subscription.pausedAt)}` : ''}`
          : `Next delivery ${formatDateTime(subscription.nextRunAt)}`}
        {subscription.lastRunAt ? ` · last ${formatDateTime(subscription.lastRunAt)}` : ''}
      </Text>
      <Group gap="xs" mt={2}>
        <Anchor
          component={Link}
          to={subscriptionPath(subscription)}
          size="xs"
          aria-label={`Open ${subscription.reportName} with this subscription's values`}
        >
          Open with its values
        </Anchor>
      </Group>
      {subscription.canManage ? (
        <Group gap="xs" mt={2} role="group" aria-label={`Manage the subscription: ${name}`}>
          <Button size="compact-xs" variant="default" onClick={onEdit}>
            Edit
          </Button>
          <Button size="compact-xs" variant="default" onClick={onPause} loading={pause.isPending}>
            {subscription.paused ? 'Resume' : 'Pause'}
          </Button>
          <Button size="compact-xs" variant="default" onClick={onHistory}>
            History
          </Button>
          <Button size="compact-xs" variant="default" color="red.8" onClick={onDelete}>
            Delete
          </Button>
        </Group>
      ) : null}
    </Stack>
  )
}

/** Changing a subscription needs its report's parameters, read as the viewer reads them. */
function EditSubscription({ subscription, onClose }: { subscription: Subscription; onClose: () => void }) {
  const details = useReportDetails(subscription.reportId)
  if (details.isPending) return <LoadingState label="Loading the report" query={details} size="sm" py="md" />
  if (details.isError) return <FailureAlert title="The report could not be loaded" error={details.error} />
  const { report, definition } = details.data
  return (
    <SubscriptionForm
      report={{ id: report.REPORT_ID, name: report.REPORT_NAME, version: report.version }}
      parameters={definition.parameters}
      subscription={subscription}
      onClose={onClose}
    />
  )
}

/**
 * The subscriptions the person may see: of one report (in its viewer) or all of them (beside the exports). Whoever
 * may manage one (its creator, the report's owner, administrators) changes, pauses, deletes it and reads its history.
 * Shown once there is one.
 */
export function SubscriptionsList({ reportId }: { reportId: number | null }) {
  const list = useSubscriptions(reportId)
  const remove = useDeleteSubscription()
  const titleId = useId()
  const [editing, setEditing] = useState<Subscription | null>(null)
  const [reading, setReading] = useState<Subscription | null>(null)
  const [toDelete, setToDelete] = useState<Subscription | null>(null)
  // A panel beside the report, as the exports are: shown once there is one to show (a list that cannot be read shows
  // nothing rather than a failure over the report).
  if (!list.data || list.data.length === 0) return null

  const onConfirmDelete = () => {
    if (!toDelete) return
    remove.mutate(toDelete.id, {
      onSuccess: () => notifications.show({ color: 'teal', message: `The subscription to ${toDelete.reportName} was deleted.` }),
      onError: (error) =>
        notifications.show({ color: 'red', message: errorMessage(error, 'The subscription could not be deleted.'), autoClose: false }),
      onSettled: () => setToDelete(null),
    })
  }

  return (
    <Paper withBorder radius="md" p="md" id={reportId === null ? 'subscriptions' : undefined} component="section" aria-labelledby={titleId}>
      <Title order={2} size="h4" id={titleId}>
        {reportId === null ? 'Subscriptions' : 'Subscriptions to this report'}
      </Title>
      <Stack gap={0} component="ul" mt="xs" p={0} style={{ listStyle: 'none' }}>
        {list.data.map((subscription) => (
          <SubscriptionEntry
            key={subscription.id}
            subscription={subscription}
            showReport={reportId === null}
            onEdit={() => setEditing(subscription)}
            onHistory={() => setReading(subscription)}
            onDelete={() => setToDelete(subscription)}
          />
        ))}
      </Stack>
      {editing ? <EditSubscription key={editing.id} subscription={editing} onClose={() => setEditing(null)} /> : null}
      {reading ? <SubscriptionHistory key={reading.id} subscription={reading} onClose={() => setReading(null)} /> : null}
      <ConfirmDialog
        opened={toDelete !== null}
        title="Delete this subscription?"
        message={
          toDelete
            ? `${toDelete.reportName} (${toDelete.scheduleText}) is no longer sent to ${recipientsText(toDelete)}. This cannot be undone.`
            : ''
        }
        confirmLabel="Delete subscription"
        cancelLabel="Keep it"
        danger
        loading={remove.isPending}
        onConfirm={onConfirmDelete}
        onCancel={() => setToDelete(null)}
      />
    </Paper>
  )
}
