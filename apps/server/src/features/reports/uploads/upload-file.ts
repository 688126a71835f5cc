import { parse } from 'csv-parse/sync'
import type ExcelJS from 'exceljs'
import { UPLOAD_LIMITS } from '@platform/contracts/reports'
import { AppError } from '../../../lib/errors.js'

/** A file's header and rows, every value as text (what a person typed or Excel showed). */
export interface UploadedTable {
  header: string[]
  rows: string[][]
}

const refuse = (message: string, code = 'bad_upload') => new AppError('bad_request', message, { code })

function checkShape(header: string[], rows: string[][]): UploadedTable {
  if (header.length === 0 || header.every((name) => name.trim() === '')) throw refuse('The file is empty. Its first row must name the columns.')
  if (header.length > UPLOAD_LIMITS.columns) throw refuse(`The file has ${header.length} columns; at most ${UPLOAD_LIMITS.columns} can be uploaded.`, 'too_many_columns')
  if (rows.length === 0) throw refuse('The file has no rows below its header.')
  if (rows.length > UPLOAD_LIMITS.rows) {
    throw refuse(`The file has ${rows.length.toLocaleString('en-US')} rows; at most ${UPLOAD_LIMITS.rows.toLocaleString('en-US')} can be uploaded. Split it, or upload a summary.`, 'too_many_rows')
  }
  return { header: header.map((name) => name.trim()), rows }
}

/** CSV: UTF-8 only (a BOM is fine), every row as long as the header. */
export function readCsv(bytes: Buffer): UploadedTable {
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '')
  } catch {
    throw refuse('The file is not UTF-8 text. In Excel, save it as "CSV UTF-8 (Comma delimited)" and try again.', 'bad_encoding')
  }
  let records: string[][]
  try {
    records = parse(text, { skip_empty_lines: true, relax_column_count: false, max_record_size: 100_000, to: UPLOAD_LIMITS.rows + 2 }) as string[][]
  } catch (error) {
    throw refuse(`The file is not valid CSV: ${error instanceof Error ? error.message : String(error)}`, 'bad_csv')
  }
  const [header = [], ...rows] = records
  return checkShape(header, rows)
}

function cellText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return ''
  if (value instanceof Date) return value.toISOString().slice(0, value.getUTCHours() || value.getUTCMinutes() ? 19 : 10).replace('T', ' ')
  if (typeof value === 'object') {
    if ('result' in value) return cellText(value.result as ExcelJS.CellValue)
    if ('richText' in value) return value.richText.map((part) => part.text).join('')
    if ('text' in value) return String(value.text)
    if ('error' in value) return ''
  }
  return String(value)
}

/** XLSX: the first worksheet, its first row as the header. */
export async function readXlsx(bytes: Buffer): Promise<UploadedTable> {
  // exceljs is loaded when the first workbook arrives: most processes never read one.
  const { default: Excel } = await import('exceljs')
  const workbook = new Excel.Workbook()
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer)
  } catch (error) {
    throw refuse(`The file is not a readable Excel workbook (.xlsx): ${error instanceof Error ? error.message : String(error)}`, 'bad_xlsx')
  }
  const sheet = workbook.worksheets[0]
  if (!sheet) throw refuse('The workbook has no worksheet.', 'bad_xlsx')
  const width = sheet.actualColumnCount
  const all: string[][] = []
  sheet.eachRow({ includeEmpty: false }, (row) => {
    if (all.length > UPLOAD_LIMITS.rows + 1) return
    all.push(Array.from({ length: width }, (_unused, index) => cellText(row.getCell(index + 1).value).trim()))
  })
  const [header = [], ...rows] = all
  return checkShape(header, rows)
}
