import type { Format, ResultRow } from './reports.js'

/*
 * The one set of display rules for a report cell, shared by the viewer and every export so that what a person sees on
 * screen is what the PDF prints and what Excel shows. Plain TypeScript with no Node or browser API: the server's
 * exports and the web viewer both import it.
 *
 * US conventions, written out by hand rather than through Intl so the output is identical in every runtime (ICU
 * versions differ, e.g. in the space before "PM"):
 *   text      as given; true / false show as Yes / No
 *   integer   1,234        (rounded half away from zero, as Excel does)
 *   decimal   1,234.57     (two places)
 *   money     $1,234.56    negatives -$1,234.56
 *   percent   12.5%        for the value 0.125 (one place)
 *   date      Mar 1, 2026
 *   datetime  Mar 1, 2026 2:05 PM
 *   null      '' (empty), as are NaN and Infinity
 * Dates and times are shown as written in the value: no time-zone conversion, so the server decides the zone once and
 * the screen, PDF and Excel agree. A value in a number format that is not a number (e.g. 'n/a') is shown as given.
 */

export type CellValue = ResultRow['cells'][number] | undefined

const NUMERIC_FORMATS: ReadonlySet<Format> = new Set(['integer', 'decimal', 'money', 'percent'])
const DATE_FORMATS: ReadonlySet<Format> = new Set(['date', 'datetime'])
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** Excel's number format per Format, chosen so Excel displays exactly what formatCell returns. */
export const EXCEL_NUM_FMT: Readonly<Record<Format, string>> = {
  text: 'General',
  integer: '#,##0',
  decimal: '#,##0.00',
  money: '"$"#,##0.00;-"$"#,##0.00',
  percent: '#,##0.0%',
  date: 'mmm d, yyyy',
  datetime: 'mmm d, yyyy h:mm AM/PM',
}

export function isNumericFormat(format: Format): boolean {
  return NUMERIC_FORMATS.has(format)
}

export function isDateFormat(format: Format): boolean {
  return DATE_FORMATS.has(format)
}

// A plain decimal number as text: PostgreSQL sends numeric and bigint columns as strings.
const NUMBER_TEXT = /^\s*-?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\s*$/

/** The cell as a finite number, or null when it is not one (numeric strings count; booleans and dates do not). */
export function toNumber(value: CellValue): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null
  if (typeof value === 'string' && NUMBER_TEXT.test(value)) {
    const parsed = Number(value)
    return Number.isFinite(parsed) ? parsed : null
  }
  return null
}

/**
 * A computed cell as the result model holds it: money to the cent, without the binary noise sums pick up
 * (47484947.019999996 becomes 47484947.02), rounded half away from zero. Other formats and values as given.
 */
export function exactNumber<T>(value: T, format: Format): T | number {
  if (format !== 'money' || typeof value !== 'number' || !Number.isFinite(value)) return value
  return (Math.sign(value) * Math.round(Math.abs(value) * 100)) / 100 || 0
}

export interface DateParts {
  year: number
  month: number
  day: number
  hour: number
  minute: number
  second: number
}

const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?(?:Z|[+-]\d{2}:?\d{2})?$/

/**
 * The wall-clock parts of a date value: an ISO 'YYYY-MM-DD' or 'YYYY-MM-DDTHH:MM[:SS]' string (a zone suffix is
 * accepted and ignored, see above), or a number of milliseconds since 1970 read in UTC.
 */
export function parseDateParts(value: CellValue): DateParts | null {
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) return null
    const d = new Date(value)
    return {
      year: d.getUTCFullYear(),
      month: d.getUTCMonth() + 1,
      day: d.getUTCDate(),
      hour: d.getUTCHours(),
      minute: d.getUTCMinutes(),
      second: d.getUTCSeconds(),
    }
  }
  if (typeof value !== 'string') return null
  const match = DATE_TEXT.exec(value.trim())
  if (!match) return null
  const [, y, mo, d, h, mi, s] = match
  const parts = {
    year: Number(y),
    month: Number(mo),
    day: Number(d),
    hour: Number(h ?? 0),
    minute: Number(mi ?? 0),
    second: Number(s ?? 0),
  }
  if (parts.month < 1 || parts.month > 12 || parts.day < 1 || parts.day > 31 || parts.hour > 23 || parts.minute > 59 || parts.second > 59)
    return null
  return parts
}

/** The Date whose UTC fields are the value's wall-clock parts: what Excel needs to show the same digits. */
export function toExcelDate(value: CellValue): Date | null {
  const p = parseDateParts(value)
  return p ? new Date(Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second)) : null
}

/** The text a person sees for one cell. */
export function formatCell(value: CellValue, format: Format): string {
  if (value === null || value === undefined || value === '') return ''
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (typeof value === 'number' && !Number.isFinite(value)) return ''
  if (NUMERIC_FORMATS.has(format)) {
    const n = toNumber(value)
    return n === null ? String(value) : formatNumber(n, format)
  }
  if (DATE_FORMATS.has(format)) {
    const parts = parseDateParts(value)
    if (!parts) return String(value)
    return format === 'date' ? dateText(parts) : `${dateText(parts)} ${timeText(parts)}`
  }
  return String(value)
}

function formatNumber(n: number, format: Format): string {
  switch (format) {
    case 'integer':
      return signed(n, fixed(n, 0), '', '')
    case 'money':
      return signed(n, fixed(n, 2), '$', '')
    case 'percent':
      return signed(n, fixed(n * 100, 1), '', '%')
    default:
      return signed(n, fixed(n, 2), '', '')
  }
}

/** '-' only when the shown digits are not all zero, so -0.001 reads $0.00 rather than -$0.00. */
function signed(n: number, digits: string, prefix: string, suffix: string): string {
  const negative = n < 0 && /[1-9]/.test(digits)
  return `${negative ? '-' : ''}${prefix}${digits}${suffix}`
}

/**
 * |n| with `places` decimals and thousands separators, rounded half away from zero after reducing to 15 significant
 * digits (as Excel does), so 1.005 shows 1.01 where toFixed would print 1.00.
 */
function fixed(n: number, places: number): string {
  const abs = Math.abs(n)
  const scale = 10 ** places
  const scaled = Math.round(Number((abs * scale).toPrecision(15)))
  if (!Number.isSafeInteger(scaled)) {
    // Beyond 2^53 the digits are not exact anyway; let the engine print them.
    return abs.toLocaleString('en-US', { minimumFractionDigits: places, maximumFractionDigits: places })
  }
  const whole = Math.floor(scaled / scale)
  const grouped = groupThousands(String(whole))
  if (places === 0) return grouped
  const fraction = String(scaled - whole * scale).padStart(places, '0')
  return `${grouped}.${fraction}`
}

function groupThousands(digits: string): string {
  if (digits.length <= 3) return digits
  const head = digits.length % 3 || 3
  let out = digits.slice(0, head)
  for (let i = head; i < digits.length; i += 3) out += `,${digits.slice(i, i + 3)}`
  return out
}

function dateText(p: DateParts): string {
  return `${MONTHS[p.month - 1]} ${p.day}, ${p.year}`
}

function timeText(p: DateParts): string {
  const hour12 = p.hour % 12 === 0 ? 12 : p.hour % 12
  return `${hour12}:${String(p.minute).padStart(2, '0')} ${p.hour < 12 ? 'AM' : 'PM'}`
}
