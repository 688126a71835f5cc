import { describe, expect, it } from 'vitest'
import { exportFileName, reportLink, selectedReportId } from './report-link'

describe('report links', () => {
  it('links to the studio with the report in the query', () => {
    expect(reportLink('https://staff.district.org', 12)).toBe('https://staff.district.org/reports-studio?report=12')
  })

  it('reads only real ids from the query', () => {
    expect(selectedReportId(new URLSearchParams('report=7'))).toBe(7)
    expect(selectedReportId(new URLSearchParams('report=abc'))).toBeNull()
    expect(selectedReportId(new URLSearchParams('report=0'))).toBeNull()
    expect(selectedReportId(new URLSearchParams(''))).toBeNull()
  })

  it('names an export after the report when the server names none', () => {
    expect(exportFileName('DSA projects by client & status', 'xlsx', '2026-03-15')).toBe('DSA_projects_by_client_status_2026-03-15.xlsx')
    expect(exportFileName('***', 'csv', '2026-03-15')).toBe('report_2026-03-15.csv')
  })
})
