import { setImmediate as nextTurn } from 'node:timers/promises'
import type { FieldType, UploadColumn } from '@platform/contracts/reports'
import { AppError } from '../../../lib/errors.js'

const INTEGER = /^-?\d{1,15}$/
const DECIMAL = /^-?(\d{1,3}(,\d{3})+|\d+)(\.\d+)?$/
const MONEY = /^(\(\$?[\d,]+(\.\d{1,2})?\)|-?\$-?[\d,]+(\.\d{1,2})?)$/
const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/
const US_DATE = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/
const BOOLEAN = /^(true|false|yes|no)$/i

/** The value as stored for its type; undefined when it is not one. */
export function convert(text: string, type: FieldType): string | number | null | undefined {
  const value = text.trim()
  if (value === '') return null
  switch (type) {
    case 'integer':
      return INTEGER.test(value) ? Number(value) : undefined
    case 'decimal':
      return DECIMAL.test(value) ? Number(value.replace(/,/g, '')) : undefined
    case 'money': {
      if (DECIMAL.test(value)) return Number(value.replace(/,/g, ''))
      if (!MONEY.test(value)) return undefined
      const number = Number(value.replace(/[$,()]/g, ''))
      return value.startsWith('(') ? -number : number
    }
    case 'date':
    case 'datetime': {
      let iso = value.slice(0, 10)
      const us = US_DATE.exec(value)
      if (us) iso = `${us[3]}-${us[1]!.padStart(2, '0')}-${us[2]!.padStart(2, '0')}`
      if (!ISO_DATE.test(iso)) return undefined
      const date = new Date(`${iso}T00:00:00Z`)
      return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso
        ? undefined
        : type === 'date'
          ? iso
          : value.replace(' ', 'T')
    }
    case 'boolean':
      return BOOLEAN.test(value) ? (/^(true|yes)$/i.test(value) ? 1 : 0) : undefined
    default:
      return value
  }
}

const NARROWEST_FIRST = ['integer', 'decimal', 'money', 'date', 'boolean'] as const

/** What is known of a column's values so far: the types all of them fit, a few samples, whether any was filled. */
export interface ColumnEvidence {
  fits: FieldType[]
  samples: string[]
  filled: boolean
}

export const noEvidence = (): ColumnEvidence => ({ fits: [...NARROWEST_FIRST], samples: [], filled: false })

/** The evidence with one more value of the column. */
export function observe(evidence: ColumnEvidence, text: string, samples = 5): void {
  const value = text.trim()
  if (value === '') return
  evidence.filled = true
  if (evidence.samples.length < samples) evidence.samples.push(text)
  if (evidence.fits.length > 0) evidence.fits = evidence.fits.filter((type) => convert(value, type) !== undefined)
}

/** The narrowest type every non-empty value seen fits (text when none was filled). */
export const typeOf = (evidence: ColumnEvidence): FieldType => (evidence.filled ? (evidence.fits[0] ?? 'string') : 'string')

/** The narrowest type every non-empty value of a column fits. */
export function inferType(values: string[]): FieldType {
  const evidence = noEvidence()
  for (const value of values) observe(evidence, value)
  return typeOf(evidence)
}

/** Header texts as field names reports can use: lower-case, _ for the rest, unique. */
export function fieldNames(header: string[]): string[] {
  const used = new Set<string>()
  return header.map((label, index) => {
    let base = label
      .toLowerCase()
      .normalize('NFKD')
      .replace(/[^a-z0-9]+/g, '_')
      .replace(/^_+|_+$/g, '')
      .slice(0, 50)
    if (!/^[a-z]/.test(base)) base = `column_${base || index + 1}`.replace(/_+$/, '')
    let name = base
    for (let n = 2; used.has(name) || name === 'row_id'; n += 1) name = `${base}_${n}`
    used.add(name)
    return name
  })
}

// Rows converted between turns of the event loop, few enough that a large file never holds up other calls for long.
const ROWS_PER_TURN = 500

/** Every row converted to its column's type; a value that does not fit stops the upload, naming row and column. */
export async function convertRows(rows: string[][], columns: UploadColumn[]): Promise<Array<Array<string | number | null>>> {
  const problems: string[] = []
  const converted: Array<Array<string | number | null>> = []
  for (const [rowIndex, row] of rows.entries()) {
    if (rowIndex > 0 && rowIndex % ROWS_PER_TURN === 0) await nextTurn()
    converted.push(
      columns.map((column, index) => {
        const value = convert(row[index] ?? '', column.type)
        if (value === undefined) {
          if (problems.length < 10)
            problems.push(
              `row ${rowIndex + 2}, column '${column.label}': '${String(row[index]).slice(0, 40)}' is not ${column.type === 'integer' ? 'a whole number' : `a ${column.type}`}`,
            )
          else if (problems.length === 10) problems.push('and more')
          return null
        }
        return value
      }),
    )
  }
  if (problems.length > 0) {
    throw new AppError(
      'unprocessable',
      `Some values do not match their column's type: ${problems.join('; ')}. Fix the file, or choose text for those columns.`,
      { code: 'mixed_types' },
    )
  }
  return converted
}

/** The evidence for each column, gathered between turns of the event loop. */
export async function gatherEvidence(rows: string[][], width: number): Promise<ColumnEvidence[]> {
  const evidence = Array.from({ length: width }, noEvidence)
  for (const [rowIndex, row] of rows.entries()) {
    if (rowIndex > 0 && rowIndex % ROWS_PER_TURN === 0) await nextTurn()
    for (let index = 0; index < width; index += 1) observe(evidence[index]!, row[index] ?? '')
  }
  return evidence
}
