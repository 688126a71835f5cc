import { Button, Group, Text } from '@mantine/core'
import { Download } from 'lucide-react'
import { useId } from 'react'
import { useExport } from '@/components/data/export-button'
import { exportReport, type ExportFormat } from '../../api/reports'
import type { ParameterValues } from '../../utils/parameter-values'

const FORMATS: Array<{ format: ExportFormat; label: string }> = [
  { format: 'csv', label: 'CSV' },
  { format: 'xlsx', label: 'Excel' },
  { format: 'pdf', label: 'PDF' },
]

/** CSV, Excel and PDF of the whole report with the parameters on screen; the server renders all three from one model. */
export function ExportButtons({ reportId, reportName, parameters }: { reportId: number; reportName: string; parameters: ParameterValues }) {
  const { running: busy, run } = useExport<ExportFormat>()
  const labelId = useId()
  const onExport = (format: ExportFormat) => run(format, () => exportReport({ reportId, reportName, parameters, format }))

  return (
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
  )
}
