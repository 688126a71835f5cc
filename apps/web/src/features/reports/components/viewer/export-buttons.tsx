import { Button, Group, Stack, Text } from '@mantine/core'
import type { ReportExportJob } from '@platform/contracts/report-exports'
import type { Drill } from '@platform/contracts/reports'
import { useQueryClient } from '@tanstack/react-query'
import { Download } from 'lucide-react'
import { useId, useState } from 'react'
import { notifications } from '@mantine/notifications'
import { errorMessage } from '@/lib/api-client'
import { exportJobKeys } from '../../api/report-exports'
import { exportReport, type ExportFormat } from '../../api/reports'
import type { ParameterValues } from '../../utils/parameter-values'
import { ExportJobPanel } from '../exports/export-job-panel'

const FORMATS: Array<{ format: ExportFormat; label: string }> = [
  { format: 'csv', label: 'CSV' },
  { format: 'xlsx', label: 'Excel' },
  { format: 'pdf', label: 'PDF' },
]

/**
 * CSV, Excel and PDF of the whole report with the parameters on screen; the server renders all three from one model.
 * A long Excel or PDF is written in the background: its panel follows it here.
 */
export function ExportButtons({
  reportId,
  reportName,
  parameters,
  drill,
}: {
  reportId: number
  reportName: string
  parameters: ParameterValues
  /** The rows behind one group (the drill's window) instead of the whole report. */
  drill?: Drill
}) {
  const [busy, setBusy] = useState<ExportFormat | null>(null)
  const [job, setJob] = useState<ReportExportJob | null>(null)
  const queryClient = useQueryClient()
  const labelId = useId()
  const onExport = async (format: ExportFormat) => {
    setBusy(format)
    try {
      const answer = await exportReport({ reportId, reportName, parameters, format, drill })
      if ('job' in answer) {
        setJob(answer.job)
        void queryClient.invalidateQueries({ queryKey: exportJobKeys.list })
      } else {
        notifications.show({ color: 'teal', message: 'Export completed successfully' })
      }
    } catch (error) {
      const reason = errorMessage(error, error instanceof Error ? error.message : 'unexpected error')
      notifications.show({ color: 'red', message: `Export failed: ${reason}`, autoClose: false })
    } finally {
      setBusy(null)
    }
  }

  return (
    <Stack gap="xs">
      <Group gap="xs" role="group" aria-labelledby={labelId}>
        <Text size="sm" fw={600} id={labelId}>
          Export
        </Text>
        {FORMATS.map(({ format, label }) => (
          <Button
            key={format}
            variant="default"
            size="xs"
            leftSection={<Download size={14} aria-hidden="true" />}
            loading={busy === format}
            disabled={busy !== null && busy !== format}
            onClick={() => void onExport(format)}
          >
            {label}
          </Button>
        ))}
      </Group>
      {job ? <ExportJobPanel key={job.id} job={job} onClose={() => setJob(null)} /> : null}
    </Stack>
  )
}
