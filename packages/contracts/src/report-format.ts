import { districtWallClock } from './district-time.js'
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
 *   datetime  Mar 1, 2026 2:05 PM PST
 *   null      '' (empty), as are NaN and Infinity
 * Times are read on the district's clock (the result's timeZone) with the zone named, whatever zone the database
 * wrote them in: an instant ('…Z', '…+02:00', or milliseconds) is moved to the district's zone; a time written without
 * a zone (typed into an uploaded sheet) is already the district's wall clock and only gains the zone's name. A plain
 * date ('2026-03-01') is a calendar date and never moves; an instant shown as a date is the district's day it fell on.
 * A value in a number format that is not a number (e.g. 'n/a') is shown as given.
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
 * The digits of a date value as written: an ISO 'YYYY-MM-DD' or 'YYYY-MM-DDTHH:MM[:SS]' string (a zone suffix is
 * accepted and not applied here: districtDateTime moves instants), or a number of milliseconds since 1970 read in UTC.
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

/** Time zone used when a caller has none: UTC, still named, so a time is never shown without its zone. */
const NO_ZONE_GIVEN = 'UTC'

/** A date value as a person reads it: its parts on the district's clock and, for a time, the zone's short name. */
export interface DistrictDateTime {
  parts: DateParts
  /** 'PST', 'PDT'…; null for a calendar date. */
  zone: string | null
}

/** The wall-clock parts and zone name of an instant in a time zone. */
function wallClock(instant: number, timeZone: string): DistrictDateTime {
  const { wall, zone } = districtWallClock(instant, timeZone)
  return {
    parts: {
      year: wall.getUTCFullYear(),
      month: wall.getUTCMonth() + 1,
      day: wall.getUTCDate(),
      hour: wall.getUTCHours(),
      minute: wall.getUTCMinutes(),
      second: wall.getUTCSeconds(),
    },
    zone: zone.name,
  }
}

const utcOf = (p: DateParts) => Date.UTC(p.year, p.month - 1, p.day, p.hour, p.minute, p.second)

/** The zone's name at a wall-clock time written without a zone (the offset in force then, found by one correction). */
function zoneAtWallClock(parts: DateParts, timeZone: string): string | null {
  const guess = utcOf(parts)
  const offset = utcOf(wallClock(guess, timeZone).parts) - guess
  return wallClock(guess - offset, timeZone).zone
}

const HAS_TIME = /\d[T ]\d/
const HAS_ZONE = /(?:Z|[+-]\d{2}:?\d{2})$/

/**
 * A date cell on the district's clock: instants moved into `timeZone`, zone-less times and calendar dates as written.
 * Null when the value is not a date.
 */
export function districtDateTime(value: CellValue, format: Format, timeZone: string = NO_ZONE_GIVEN): DistrictDateTime | null {
  const text = typeof value === 'string' ? value.trim() : null
  const parts = parseDateParts(value)
  if (!parts) return null
  const instant = instantIn(value, text)
  const local = instant === null ? { parts, zone: null } : wallClock(instant, timeZone)
  if (format === 'date') return { parts: { ...local.parts, hour: 0, minute: 0, second: 0 }, zone: null }
  return { parts: local.parts, zone: local.zone ?? zoneAtWallClock(local.parts, timeZone) }
}

/** The instant a value names (milliseconds, or a time with its zone); null for a calendar date or a zone-less time. */
function instantIn(value: CellValue, text: string | null): number | null {
  if (typeof value === 'number') return value
  if (text === null || !HAS_TIME.test(text) || !HAS_ZONE.test(text)) return null
  const ms = Date.parse(text.replace(' ', 'T'))
  return Number.isFinite(ms) ? ms : null
}

/**
 * The Date whose UTC fields are the value's digits on the district's clock: what Excel needs to show the same digits
 * as the viewer (Excel has no time zones; the zone's name goes into the cell's number format, excelNumFmt).
 */
export function toExcelDate(value: CellValue, format: Format = 'date', timeZone?: string): Date | null {
  const local = districtDateTime(value, format, timeZone)
  return local ? new Date(utcOf(local.parts)) : null
}

/** The Excel number format of one cell: a time's format names its zone, which changes with daylight saving. */
export function excelNumFmt(format: Format, zone: string | null): string {
  return format === 'datetime' && zone ? `${EXCEL_NUM_FMT.datetime} "${zone.replace(/"/g, '')}"` : EXCEL_NUM_FMT[format]
}

/**
 * A date cell for a CSV file: still machine-readable, on the district's clock. A time as ISO 8601 with the district's
 * offset ('2026-03-01T21:10:00-08:00'), a date as '2026-03-01'; null when the value is not a date.
 */
export function csvDateText(value: CellValue, format: Format, timeZone?: string): string | null {
  const local = districtDateTime(value, format, timeZone)
  if (!local) return null
  const p = local.parts
  const date = `${p.year}-${two(p.month)}-${two(p.day)}`
  if (format === 'date') return date
  const instant = instantIn(value, typeof value === 'string' ? value.trim() : null)
  const wall = `${date}T${two(p.hour)}:${two(p.minute)}:${two(p.second)}`
  if (instant === null) return wall
  const offsetMinutes = Math.round((utcOf(p) - Math.floor(instant / 1000) * 1000) / 60000)
  const sign = offsetMinutes < 0 ? '-' : '+'
  const abs = Math.abs(offsetMinutes)
  return `${wall}${sign}${two(Math.floor(abs / 60))}:${two(abs % 60)}`
}

const two = (n: number) => String(n).padStart(2, '0')

/** The text a person sees for one cell; dates and times on the clock of `timeZone` (the district's), times with the zone. */
export function formatCell(value: CellValue, format: Format, timeZone?: string): string {
  if (value === null || value === undefined || value === '') return ''
  if (typeof value === 'boolean') return value ? 'Yes' : 'No'
  if (typeof value === 'number' && !Number.isFinite(value)) return ''
  if (NUMERIC_FORMATS.has(format)) {
    const n = toNumber(value)
    return n === null ? String(value) : formatNumber(n, format)
  }
  if (DATE_FORMATS.has(format)) {
    const local = districtDateTime(value, format, timeZone)
    if (!local) return String(value)
    const shown = format === 'date' ? dateText(local.parts) : `${dateText(local.parts)} ${timeText(local.parts)}`
    return local.zone ? `${shown} ${local.zone}` : shown
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
