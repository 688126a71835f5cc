import { AppError } from '../../../lib/errors.js'

/*
 * How many rows each file format takes, in a module of its own: the route turns a too-large export away before it
 * starts, without loading the writers (exceljs, pdfkit), which run in an export thread (export-thread.ts).
 */

/** Excel's limit on rows in one sheet. */
export const XLSX_MAX_SHEET_ROWS = 1_048_576
/** Result rows that fit below one header row (the title block above it takes a few more). */
export const XLSX_MAX_ROWS = XLSX_MAX_SHEET_ROWS - 1
/** Rows a printed report holds: every row is read before the first page is drawn (pdf-export.ts). */
export const PDF_MAX_ROWS = 50_000

const MAX_ROWS = { xlsx: XLSX_MAX_ROWS, pdf: PDF_MAX_ROWS } as const

/** The refusal of an export whose result has more rows than its format holds; null when it fits. */
export function tooManyRowsFor(format: 'xlsx' | 'pdf', total: number): AppError | null {
  if (total <= MAX_ROWS[format]) return null
  const rows = total.toLocaleString('en-US')
  const message =
    format === 'xlsx'
      ? `The report has ${rows} rows, more than an Excel sheet holds. Export it as CSV.`
      : `The report has ${rows} rows, more than a printed report holds (${PDF_MAX_ROWS.toLocaleString('en-US')}). Export it as XLSX or CSV instead, or narrow it with parameters.`
  return new AppError('unprocessable', message, { code: 'too_many_rows' })
}
