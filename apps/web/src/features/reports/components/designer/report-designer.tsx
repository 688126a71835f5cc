import { FailureAlert } from '@/components/failure-alert'
import { LoadingState } from '@/components/loading-state'
import { REPORT_TEXT, type ReportSummary } from '@platform/contracts/reports'
import { useQuery } from '@tanstack/react-query'
import { reportDetailsQuery, useDatasets } from '../../api/reports'
import { newDefinition } from '../../utils/definition'
import { reasonOf } from '../../utils/messages'
import { DesignerShell } from './designer-shell'
import { DesignerWorkspace } from './designer-workspace'

export interface ReportDesignerProps {
  /** The report to edit, or null for a new one. */
  reportId: number | null
  onClose: () => void
  /** A new report was saved (the studio then shows it). */
  onCreated: (report: ReportSummary) => void
}

/** The full-screen designer: waits for the catalogue (and the report), then opens the workspace. */
export function ReportDesigner({ reportId, onClose, onCreated }: ReportDesignerProps) {
  const datasets = useDatasets()
  const details = useQuery({ ...reportDetailsQuery(reportId ?? 0), enabled: reportId !== null })
  const title = reportId === null ? 'New Report' : 'Edit report'

  // Without the catalogue nothing can be designed: the studio's own words for the old "library is not loaded".
  if (datasets.isError) {
    return (
      <DesignerShell title={title} onClose={onClose}>
        <FailureAlert message={REPORT_TEXT.designerUnavailable} />
      </DesignerShell>
    )
  }
  if (reportId !== null && details.isError) {
    return (
      <DesignerShell title={title} onClose={onClose}>
        <FailureAlert message={REPORT_TEXT.loadOneFailed(reasonOf(details.error))} />
      </DesignerShell>
    )
  }
  if (datasets.isPending || (reportId !== null && details.isPending)) {
    return (
      <DesignerShell title={title} onClose={onClose}>
        <LoadingState label="Loading the designer" query={datasets.isPending ? datasets : details} />
      </DesignerShell>
    )
  }
  const saved = reportId !== null ? details.data : undefined
  // With a single dataset to read there is nothing to choose: start on it.
  const definition = saved?.definition ?? newDefinition(datasets.data.length === 1 ? datasets.data[0]!.id : '')
  return (
    <DesignerWorkspace
      datasets={datasets.data}
      report={saved?.report ?? null}
      definition={definition}
      onClose={onClose}
      onCreated={onCreated}
    />
  )
}
