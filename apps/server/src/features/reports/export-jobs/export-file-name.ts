/** What each export format is sent as: the same for a file written in the request and one written by a job. */
export const EXPORT_CONTENT_TYPES = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pdf: 'application/pdf',
} as const

/** A file name made of the report's name: letters, digits, - and _ only, then the date it ran. */
export const exportFileName = (name: string, format: string, date: string) =>
  `${
    name
      .replace(/[^A-Za-z0-9_-]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 80) || 'report'
  }_${date}.${format}`

/** The Content-Disposition of a downloaded export. */
export const attachmentOf = (fileName: string) => `attachment; filename="${fileName}"`
