import { Badge, Button, Group, Paper, Progress, Stack, Text } from '@mantine/core'
import { FailureAlert } from '@/components/failure-alert'
import { notifications } from '@mantine/notifications'
import { type ReportExportJob, isExportJobActive } from '@platform/contracts/report-exports'
import { Download, X } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { useExport } from '@/components/data/export-button'
import { errorMessage } from '@/lib/api-client'
import { downloadExportJob, useCancelExportJob, useExportJob } from '../../api/report-exports'
import { FORMAT_LABELS, STATE_COLORS, STATE_LABELS, durationText, rowsText } from './export-job-text'

/** Time since the job started (or was asked for), moving each second while it is written. */
function useElapsed(job: ReportExportJob): string {
  const active = isExportJobActive(job.state)
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    if (!active) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [active])
  const from = new Date(job.startedAt ?? job.createdAt).getTime()
  const to = !active && job.finishedAt ? new Date(job.finishedAt).getTime() : now
  return durationText(to - from)
}

/**
 * A long export being written in the background: its progress, a cancel (confirmed first), and once it is ready a
 * notification and its download; a failed one shows the server's words.
 */
export function ExportJobPanel({ job: asked, onClose }: { job: ReportExportJob; onClose: () => void }) {
  const { data: job } = useExportJob(asked)
  const cancel = useCancelExportJob()
  const { running: downloading, run } = useExport()
  const [confirming, setConfirming] = useState(false)
  const elapsed = useElapsed(job)
  const told = useRef(job.state)
  const active = isExportJobActive(job.state)
  const format = FORMAT_LABELS[job.format]

  useEffect(() => {
    if (told.current === job.state) return
    told.current = job.state
    if (job.state === 'ready')
      notifications.show({ color: 'teal', title: 'Export ready', message: `The ${format} file of ${job.reportName} is ready to download.` })
    else if (job.state === 'failed') notifications.show({ color: 'red', message: `Export failed: ${job.failure ?? ''}`, autoClose: false })
  }, [job.state, job.reportName, job.failure, format])

  const percent = job.rowsTotal > 0 ? Math.min(100, Math.round((job.rowsDone / job.rowsTotal) * 100)) : 0
  const onConfirmCancel = () =>
    cancel.mutate(job.id, {
      onError: (error) =>
        notifications.show({ color: 'red', message: errorMessage(error, 'The export could not be cancelled.'), autoClose: false }),
      onSettled: () => setConfirming(false),
    })

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={`${format} export of ${job.reportName}`}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
            {job.reportName} ({format})
          </Text>
          <Badge color={STATE_COLORS[job.state]} variant="light">
            {STATE_LABELS[job.state]}
          </Badge>
        </Group>
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Text size="sm">{rowsText(job)}</Text>
          <Text size="sm" c="dimmed">
            Elapsed {elapsed}
          </Text>
        </Group>
        <Progress.Root size="lg" aria-hidden={!active && job.state !== 'ready'}>
          <Progress.Section
            value={job.state === 'ready' ? 100 : percent}
            color={STATE_COLORS[job.state]}
            animated={active}
            aria-label={`Rows written for ${job.reportName}`}
          />
        </Progress.Root>
        {job.state === 'failed' && job.failure ? <FailureAlert title="The export failed" message={job.failure} /> : null}
        {job.state === 'ready' ? (
          <Text size="sm" c="dimmed">
            Kept in Exports for 24 hours.
          </Text>
        ) : null}
        <Group gap="xs" wrap="wrap">
          {job.state === 'ready' ? (
            <Button
              size="xs"
              leftSection={<Download size={14} aria-hidden="true" />}
              loading={downloading !== null}
              onClick={() => void run(true, () => downloadExportJob(job))}
            >
              Download
            </Button>
          ) : null}
          {active ? (
            <Button size="xs" variant="default" color="red" onClick={() => setConfirming(true)}>
              Cancel export
            </Button>
          ) : (
            <Button size="xs" variant="subtle" leftSection={<X size={14} aria-hidden="true" />} onClick={onClose}>
              Close
            </Button>
          )}
        </Group>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title="Cancel this export?"
        message={`The ${format} file of ${job.reportName} stops being written, and what was written is removed.`}
        confirmLabel="Cancel export"
        cancelLabel="Keep exporting"
        danger
        loading={cancel.isPending}
        onConfirm={onConfirmCancel}
        onCancel={() => setConfirming(false)}
      />
    </Paper>
  )
}
