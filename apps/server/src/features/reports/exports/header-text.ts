import type { ReportResult } from '@platform/contracts/reports'

export { parametersLine, runAtText } from '@platform/contracts/report-labels'

/** What an export needs besides the rows: the result model without its rows and paging. */
export type ExportHeader = Pick<ReportResult, 'title' | 'subtitle' | 'parameters' | 'columns' | 'layout' | 'generatedAt' | 'timeZone'>
