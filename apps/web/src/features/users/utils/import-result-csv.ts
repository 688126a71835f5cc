import { labelOf } from '@platform/contracts/labels'
import { adminLabels } from '@platform/contracts/labels/admin'
import { IMPORT_COLUMNS, type ImportRow } from '@platform/contracts/users'

/**
 * One CSV cell: a value a spreadsheet would run as a formula (starting with = + - @, or a tab or carriage return)
 * is prefixed with a single quote; a cell holding a comma, a quote or a line break is quoted, quotes doubled.
 */
export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value)
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export const IMPORT_RESULT_COLUMNS = ['line', ...IMPORT_COLUMNS, 'outcome', 'reasons'] as const

/**
 * The downloadable result of an import: the file's columns as written (so a corrected file can be imported again), then
 * what was done with the line in words and its reasons (CRLF lines).
 */
export function buildImportResultCsv(rows: readonly ImportRow[]): string {
  const lines = [IMPORT_RESULT_COLUMNS.join(',')]
  for (const row of rows) {
    lines.push(
      [
        row.line,
        row.email,
        row.full_name,
        row.organization_code,
        row.role_code,
        row.applications.join(';'),
        labelOf(adminLabels.importAction, row.action),
        row.reasons.join('; '),
      ]
        .map(csvCell)
        .join(','),
    )
  }
  return `${lines.join('\r\n')}\r\n`
}

/** The sample line shown beside the expected columns. */
export const IMPORT_SAMPLE_LINE = 'jane.doe@district.org,Jane Doe,DISTRICT,STAFF,ACCRUALS;PAYMENT_RECEIPTS'
