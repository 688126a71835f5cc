/* Where a report lives: the studio with `?report=<id>` opens it in the viewer, so the link can be shared. */

export const REPORT_PARAM = 'report'
export const STUDIO_PATH = '/reports-studio'

export function reportPath(reportId: number): string {
  return `${STUDIO_PATH}?${REPORT_PARAM}=${reportId}`
}

/** The link Share copies: absolute, so it works pasted into an e-mail or a chat. */
export function reportLink(origin: string, reportId: number): string {
  return `${origin}${reportPath(reportId)}`
}

/** The report id in the studio's query string, or null when there is none or it is not an id. */
export function selectedReportId(search: URLSearchParams): number | null {
  const raw = search.get(REPORT_PARAM)
  if (!raw || !/^\d+$/.test(raw)) return null
  const id = Number(raw)
  return id >= 1 && Number.isSafeInteger(id) ? id : null
}

/**
 * The name an export is saved under when the server names none: the server's own pattern, the report's name in
 * letters, digits, - and _ and the day.
 */
export function exportFileName(reportName: string, extension: string, day: string): string {
  const base =
    reportName
      .replace(/[^A-Za-z0-9_-]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 80) || 'report'
  return `${base}_${day}.${extension}`
}
