import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { type ReportExportJob, isExportJobActive } from '@platform/contracts/report-exports'
import { Download } from 'lucide-react'
import { useState } from 'react'
import { ConfirmDialog } from '@/components/confirm-dialog'
import { useExport } from '@/components/data/export-button'
import { errorMessage } from '@/lib/api-client'
import { formatDateTime } from '@/lib/format'
import { downloadExportJob, useCancelExportJob, useExportJobs } from '../../api/report-exports'
import { FORMAT_LABELS, STATE_COLORS, STATE_LABELS, rowsText } from './export-job-text'

function JobLine({ job, onCancel }: { job: ReportExportJob; onCancel: (job: ReportExportJob) => void }) {
  const { running, run } = useExport()
  const format = FORMAT_LABELS[job.format]
  return (
    <Stack gap={4} component="li" py="xs" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {job.reportName} ({format})
        </Text>
        <Badge color={STATE_COLORS[job.state]} variant="light" style={{ flexShrink: 0 }}>
          {STATE_LABELS[job.state]}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed">
        {rowsText(job)}
        {job.state === 'ready' && job.expiresAt ? ` · ready until ${formatDateTime(job.expiresAt)}` : ''}
      </Text>
      {job.state === 'failed' && job.failure ? (
        <Text size="xs" c="red.8">
          {job.failure}
        </Text>
      ) : null}
      {job.state === 'ready' || isExportJobActive(job.state) ? (
        <Group gap="xs">
          {job.state === 'ready' ? (
            <Button
              size="compact-xs"
              leftSection={<Download size={12} aria-hidden="true" />}
              loading={running !== null}
              aria-label={`Download the ${format} file of ${job.reportName}`}
              onClick={() => void run(true, () => downloadExportJob(job))}
            >
              Download
            </Button>
          ) : (
            <Button
              size="compact-xs"
              variant="default"
              aria-label={`Cancel the ${format} export of ${job.reportName}`}
              onClick={() => onCancel(job)}
            >
              Cancel
            </Button>
          )}
        </Group>
      ) : null}
    </Stack>
  )
}

/** The person's long exports, so whoever comes back (after the e-mail, say) finds the file; shown once there is one. */
export function ExportsList() {
  const jobs = useExportJobs()
  const cancel = useCancelExportJob()
  const [toCancel, setToCancel] = useState<ReportExportJob | null>(null)
  if (!jobs.data || jobs.data.length === 0) return null

  const onConfirm = () => {
    if (!toCancel) return
    cancel.mutate(toCancel.id, {
      onError: (error) =>
        notifications.show({ color: 'red', message: errorMessage(error, 'The export could not be cancelled.'), autoClose: false }),
      onSettled: () => setToCancel(null),
    })
  }

  return (
    <Paper withBorder radius="md" p="md" id="exports" component="section" aria-labelledby="exports-title">
      <Title order={2} size="h4" id="exports-title">
        Exports
      </Title>
      <Stack gap={0} component="ul" mt="xs" p={0} style={{ listStyle: 'none' }}>
        {jobs.data.map((job) => (
          <JobLine key={job.id} job={job} onCancel={setToCancel} />
        ))}
      </Stack>
      <ConfirmDialog
        opened={toCancel !== null}
        title="Cancel this export?"
        message={toCancel ? `The ${FORMAT_LABELS[toCancel.format]} file of ${toCancel.reportName} stops being written.` : ''}
        confirmLabel="Cancel export"
        cancelLabel="Keep exporting"
        danger
        loading={cancel.isPending}
        onConfirm={onConfirm}
        onCancel={() => setToCancel(null)}
      />
    </Paper>
  )
}
