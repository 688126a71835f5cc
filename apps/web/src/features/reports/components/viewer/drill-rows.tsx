import { Modal, Stack } from '@mantine/core'
import type { Drill } from '@platform/contracts/reports'
import { FailureAlert } from '@/components/failure-alert'
import { LoadingState } from '@/components/loading-state'
import { usePageOffset } from '@/lib/use-page-offset'
import { useReportDrill } from '../../api/reports'
import { reasonOf } from '../../utils/messages'
import type { ParameterValues } from '../../utils/parameter-values'
import { ExportButtons } from './export-buttons'
import { ResultPager } from './result-pager'
import { ResultView } from './result-view'

export interface DrillRowsProps {
  reportId: number
  reportName: string
  parameters: ParameterValues
  drill: Drill
  /** The group's name as the report shows it ('Site: Lincoln High School'). */
  groupName: string
  onClose: () => void
}

/** The detail rows behind one group of the report, with the report's parameters, paged and exportable like the report. */
export function DrillRows({ reportId, reportName, parameters, drill, groupName, onClose }: DrillRowsProps) {
  const [offset, setOffset] = usePageOffset(JSON.stringify(drill))
  const rows = useReportDrill(reportId, parameters, drill, offset)
  const title = `Rows of ${groupName}`
  return (
    <Modal opened onClose={onClose} title={title} size="90rem" closeButtonProps={{ 'aria-label': 'Close' }}>
      {rows.isError ? (
        <FailureAlert message={`The rows could not be loaded: ${reasonOf(rows.error)}`} />
      ) : rows.isPending ? (
        <LoadingState label="Loading the rows" query={rows} />
      ) : (
        <Stack gap="md" aria-busy={rows.isFetching}>
          <ExportButtons reportId={reportId} reportName={`${reportName} ${groupName}`} parameters={parameters} drill={drill} />
          <ResultView result={rows.data} fallbackTitle={reportName} tableLabel={title} />
          <ResultPager page={rows.data.page} onOffsetChange={setOffset} disabled={rows.isFetching} />
        </Stack>
      )}
    </Modal>
  )
}
