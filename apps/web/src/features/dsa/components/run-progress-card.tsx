import { Group, Paper, Progress, Stack, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import type { ScrapeRun } from '@platform/contracts/dsa'
import { useQueryClient } from '@tanstack/react-query'
import { CheckCircle, Loader, XCircle } from 'lucide-react'
import { useEffect } from 'react'
import { formatCount } from '@/lib/format'
import { dsaKeys } from '../api/dsa'
import { clientDisplayName } from '../utils/client-id'
import { formatTime } from '../utils/dates'
import { detailsPercent, RUN_RESULT_CLEAR_MS, RUN_STATE_LABELS, runOutcomeText, runState, type RunState } from '../utils/run-state'
import type { BadgeStyle } from '../utils/status-styles'
import { StyledBadge } from './styled-badge'

const STATE_STYLES: Record<RunState, BadgeStyle> = {
  in_progress: { color: 'blue.8', autoContrast: false, icon: Loader },
  success: { color: 'teal.9', autoContrast: false, icon: CheckCircle },
  failed: { color: 'red.9', autoContrast: false, icon: XCircle },
}

function LiveProgress({ run }: { run: ScrapeRun }) {
  const percent = detailsPercent(run)
  const step =
    percent === null
      ? `Listing the tracker's pages (${formatCount(run.pagesFetched)} fetched so far)`
      : `Reading project details: ${formatCount(run.detailsDone)} of ${formatCount(run.detailsPlanned)} (${percent}%)`
  return (
    <Stack gap={6}>
      <Progress.Root size="lg" radius="sm">
        {/* Until the pages are listed there is nothing to count against, so the bar only shows that work goes on. */}
        <Progress.Section
          value={percent ?? 100}
          striped={percent === null}
          animated={percent === null}
          color="blue.8"
          aria-label={`Progress of the scrape of ${run.clientId}`}
          aria-valuetext={percent === null ? 'Listing pages' : `${percent}%`}
        />
      </Progress.Root>
      <Text size="sm">{step}</Text>
      <Text size="sm" c="dimmed">
        Pages fetched: {formatCount(run.pagesFetched)} · Found: {formatCount(run.projectsFound)} · New: {formatCount(run.projectsSaved)} ·
        Updated: {formatCount(run.projectsUpdated)}
      </Text>
    </Stack>
  )
}

export interface RunProgressCardProps {
  run: ScrapeRun
  /** Called 5 s after the run has finished: its result is then cleared from the screen. */
  onClear: (clientId: string, runId: number) => void
}

/** One client's current run: in_progress with live progress, then success or failed for 5 s. */
export function RunProgressCard({ run, onClear }: RunProgressCardProps) {
  const queryClient = useQueryClient()
  const state = runState(run.status)
  const finished = state !== 'in_progress'

  useEffect(() => {
    if (!finished) return
    // The run changed the stored projects, the statistics and the run list: read them again.
    void queryClient.invalidateQueries({ queryKey: dsaKeys.projects })
    void queryClient.invalidateQueries({ queryKey: dsaKeys.stats })
    void queryClient.invalidateQueries({ queryKey: dsaKeys.runs })
    // The card clears itself after 5 s; the message stays until it is read or closed.
    notifications.show({
      color: state === 'failed' ? 'red' : 'teal',
      title: `Scrape of ${clientDisplayName(run.clientId)} ${state === 'failed' ? 'failed' : 'finished'}`,
      message: runOutcomeText(run),
      autoClose: state === 'failed' ? false : 10_000,
    })
    const timer = setTimeout(() => onClear(run.clientId, run.id), RUN_RESULT_CLEAR_MS)
    return () => clearTimeout(timer)
    // Once per run: the outcome is read when the run finishes, not again as later polls change nothing.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [finished, onClear, queryClient, run.clientId, run.id])

  const name = clientDisplayName(run.clientId)
  return (
    <Paper withBorder radius="md" p="md" component="article" aria-label={`Scrape of ${name}`} data-state={state}>
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="sm" wrap="wrap">
            <Title order={3} size="h4">
              {name}
            </Title>
            <StyledBadge style={STATE_STYLES[state]} label={RUN_STATE_LABELS[state]} />
          </Group>
          <Text size="sm" c="dimmed">
            Started {formatTime(run.started)} · {run.trigger === 'schedule' ? 'by the schedule' : 'manually'}
          </Text>
        </Group>
        <div aria-live="polite">
          {finished ? (
            <Text size="sm" c={state === 'failed' ? 'red.9' : undefined}>
              {runOutcomeText(run)}
            </Text>
          ) : (
            <LiveProgress run={run} />
          )}
        </div>
      </Stack>
    </Paper>
  )
}
