import { UPLOAD_CONTENT_TYPES, UPLOAD_LIMITS, type UploadColumn } from '@platform/contracts/reports'

/*
 * Checks on a dataset file before it is sent: the server refuses the same files, but only after the whole file has
 * travelled, so a 40 MB spreadsheet or a PDF is turned away here at once.
 */

export type UploadKind = keyof typeof UPLOAD_CONTENT_TYPES

/** Accepted by the file picker: the extensions, and the types browsers give those files. */
export const UPLOAD_ACCEPT = ['.csv', '.xlsx', UPLOAD_CONTENT_TYPES.csv, UPLOAD_CONTENT_TYPES.xlsx].join(',')

/** CSV or XLSX, by the file's extension first: browsers name a CSV's type inconsistently (text/csv, application/vnd.ms-excel, none). */
export function uploadKindOf(file: File): UploadKind | null {
  const name = file.name.toLowerCase()
  if (name.endsWith('.csv')) return 'csv'
  if (name.endsWith('.xlsx')) return 'xlsx'
  if (file.type === UPLOAD_CONTENT_TYPES.csv) return 'csv'
  if (file.type === UPLOAD_CONTENT_TYPES.xlsx) return 'xlsx'
  return null
}

const MEGABYTE = 1024 * 1024

/** Megabytes with one decimal, rounded up so a file just over the limit never reads as the limit itself. */
export const megabytes = (bytes: number) => `${(Math.ceil((bytes / MEGABYTE) * 10) / 10).toLocaleString('en-US')} MB`

/** Why the file cannot be uploaded, or null. Rows and columns are counted by the server, which reads the file. */
export function uploadFileProblem(file: File): string | null {
  if (!uploadKindOf(file)) return 'Choose a CSV file (.csv) or an Excel workbook (.xlsx).'
  if (file.size === 0) return 'The file is empty.'
  if (file.size > UPLOAD_LIMITS.bytes)
    return `The file is ${megabytes(file.size)}; a dataset file can be at most ${megabytes(UPLOAD_LIMITS.bytes)}.`
  return null
}

/** A dataset name to start from: the file's name without its extension. */
export const nameFromFile = (fileName: string) =>
  fileName
    .replace(/\.(csv|xlsx)$/i, '')
    .trim()
    .slice(0, 200)

/** The confirmed columns as the server reads them: name, label and type, in the file's order. */
/** The confirmed types in file order, comma-separated: short enough for a URL whatever the headers' length. */
export const typesParam = (columns: readonly UploadColumn[]) => columns.map((column) => column.type).join(',')

export const UPLOAD_LIMITS_TEXT = `up to ${megabytes(UPLOAD_LIMITS.bytes)}, ${UPLOAD_LIMITS.rows.toLocaleString('en-US')} rows and ${UPLOAD_LIMITS.columns} columns`
