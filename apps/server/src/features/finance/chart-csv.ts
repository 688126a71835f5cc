import { CHART_ACCOUNT_SEGMENT, CHART_COLUMNS, CHART_MAX_ROWS } from '@platform/contracts/finance'
import { ACCOUNT_SEGMENT_KEYS } from '@platform/contracts/finance-account'
import { parse } from 'csv-parse/sync'
import { AppError } from '../../lib/errors.js'

export interface ChartCsvRow {
  line: number
  segment: string
  value: string
  name: string
  active: string
}

/** Names districts' ERP exports use for the segments, mapped to ours. */
const SEGMENT_ALIASES: Record<string, string> = {
  PROJECT: 'PROJECT_YEAR',
  YEAR: 'PROJECT_YEAR',
  PROJECT_YEAR: 'PROJECT_YEAR',
  SITE: 'SCHOOL',
  SCHOOL_SITE: 'SCHOOL',
  SCHOOL: 'SCHOOL',
  ACCOUNT: CHART_ACCOUNT_SEGMENT,
  ACCOUNT_STRING: CHART_ACCOUNT_SEGMENT,
  COMBINATION: CHART_ACCOUNT_SEGMENT,
  ...Object.fromEntries(ACCOUNT_SEGMENT_KEYS.map((key) => [key, key])),
}

export const normalizeSegment = (text: string) => {
  const key = text
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '_')
  return SEGMENT_ALIASES[key] ?? key
}

/** Reads a chart CSV: UTF-8 only (an ERP's Windows-1252 export is refused with what to do), the four columns, one row per line. */
export function readChartCsv(bytes: Buffer): ChartCsvRow[] {
  let text: string
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes).replace(/^\uFEFF/, '')
  } catch {
    throw new AppError(
      'bad_request',
      'The file is not UTF-8 text (it looks like another encoding, such as Windows-1252). Save it as "CSV UTF-8" and try again.',
      { code: 'bad_encoding' },
    )
  }
  if (text.includes('\u0000')) throw new AppError('bad_request', 'The file holds binary data, not CSV text.', { code: 'bad_csv' })
  let records: string[][]
  try {
    records = parse(text, { skip_empty_lines: true, trim: true, relax_column_count: true, max_record_size: 10_000 }) as string[][]
  } catch (error) {
    throw new AppError('bad_request', `The file is not valid CSV: ${error instanceof Error ? error.message : String(error)}`, {
      code: 'bad_csv',
    })
  }
  const [header, ...rows] = records
  if (!header)
    throw new AppError('bad_request', `The file is empty. Its first line must name the columns: ${CHART_COLUMNS.join(', ')}.`, {
      code: 'bad_csv',
    })
  const columns = header.map((name) => name.trim().toLowerCase())
  const missing = CHART_COLUMNS.filter((name) => !columns.includes(name))
  const unexpected = columns.filter((name) => !(CHART_COLUMNS as readonly string[]).includes(name))
  if (missing.length > 0 || unexpected.length > 0) {
    const parts = [`The columns must be: ${CHART_COLUMNS.join(', ')}.`]
    if (missing.length > 0) parts.push(`Missing: ${missing.join(', ')}.`)
    if (unexpected.length > 0) parts.push(`Not expected: ${unexpected.join(', ')}.`)
    throw new AppError('bad_request', parts.join(' '), { code: 'bad_columns' })
  }
  if (rows.length === 0) throw new AppError('bad_request', 'The file has no rows below its header.', { code: 'bad_csv' })
  if (rows.length > CHART_MAX_ROWS)
    throw new AppError('bad_request', `The file has ${rows.length} rows; at most ${CHART_MAX_ROWS} can be imported at once.`, {
      code: 'too_many_rows',
    })
  const at = (name: string) => columns.indexOf(name)
  return rows.map((row, index) => ({
    line: index + 2,
    segment: row[at('segment')] ?? '',
    value: row[at('value')] ?? '',
    name: row[at('name')] ?? '',
    active: row[at('active')] ?? '',
  }))
}

/** Reads the active column: empty means active. */
export function readActive(text: string): boolean | null {
  const value = text.trim().toLowerCase()
  if (['', 'true', '1', 'yes', 'y', 'a', 'active'].includes(value)) return true
  if (['false', '0', 'no', 'n', 'i', 'inactive'].includes(value)) return false
  return null
}
