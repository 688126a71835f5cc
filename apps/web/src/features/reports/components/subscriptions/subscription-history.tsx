import { Badge, Group, Modal, Paper, Stack, Text, Title } from '@mantine/core'
import type { Subscription, SubscriptionRun } from '@platform/contracts/report-subscriptions'
import { FailureAlert } from '@/components/failure-alert'
import { LoadingState } from '@/components/loading-state'
import { formatDateTime } from '@/lib/format'
import { useSubscriptionRuns } from '../../api/subscriptions'
import { OUTCOME_COLORS, RUN_STATE_LABELS, deliveryFigures, deliveryOutcomeText } from './subscription-text'

function RunEntry({ run }: { run: SubscriptionRun }) {
  const heading = `Delivery of ${formatDateTime(run.scheduledFor)}`
  return (
    <Paper withBorder radius="sm" p="sm" component="li" aria-label={heading}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" align="flex-start">
          <Title order={3} size="h5" style={{ overflowWrap: 'anywhere' }}>
            {heading}
          </Title>
          <Badge variant="light" color={run.state === 'done' ? 'teal' : 'blue'} style={{ flexShrink: 0 }}>
            {RUN_STATE_LABELS[run.state]}
          </Badge>
        </Group>
        {run.deliveries.length === 0 ? (
          <Text size="sm" c="dimmed">
            Nobody has been sent this delivery yet.
          </Text>
        ) : (
          <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {run.deliveries.map((delivery) => {
              const figures = deliveryFigures(delivery)
              return (
                <Stack key={delivery.userId} gap={0} component="li">
                  <Text size="sm">
                    <Text span fw={600}>
                      {delivery.fullName}
                    </Text>
                    {' · '}
                    <Text span c={OUTCOME_COLORS[delivery.outcome]}>
                      {deliveryOutcomeText(delivery)}
                    </Text>
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(delivery.at)}
                    {figures ? ` · ${figures}` : ''}
                  </Text>
                </Stack>
              )
            })}
          </Stack>
        )}
      </Stack>
    </Paper>
  )
}

/** The deliveries of a subscription, newest first: when, to whom, and how each went. */
export function SubscriptionHistory({ subscription, onClose }: { subscription: Subscription; onClose: () => void }) {
  const runs = useSubscriptionRuns(subscription.id)
  return (
    <Modal
      opened
      onClose={onClose}
      title={`History of ${subscription.reportName} (${subscription.scheduleText})`}
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {runs.isPending ? (
        <LoadingState label="Loading the history" query={runs} />
      ) : runs.isError ? (
        <FailureAlert
          title="The history could not be loaded"
          error={runs.error}
          onRetry={() => void runs.refetch()}
          retrying={runs.isFetching}
        />
      ) : runs.data.length === 0 ? (
        <Text>
          Nothing has been delivered yet.
          {subscription.nextRunAt ? ` The first delivery is ${formatDateTime(subscription.nextRunAt)}.` : ' The subscription is paused.'}
        </Text>
      ) : (
        <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
          {runs.data.map((run) => (
            <RunEntry key={run.id} run={run} />
          ))}
        </Stack>
      )}
    </Modal>
  )
}
