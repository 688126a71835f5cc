import type { DsaStatus } from '@platform/contracts/dsa'

/** A value on a tracker page that is not what its label promises. */
export class TrackerValueError extends Error {}

/** Collapses runs of whitespace (the tracker pads names, zips and the '04  103556' cell) and trims. */
export function cleanText(text: string | undefined | null): string {
  return (text ?? '').replace(/[\s\u00a0]+/g, ' ').trim()
}

/** '$1,170,037.76' → 1170037.76; '($12,345.00)' → -12345; empty → null. Anything else is an error naming the label. */
export function parseMoney(raw: string, label: string): number | null {
  const text = cleanText(raw)
  if (text === '') return null
  const match = /^(\()?(-)?\$?(\d{1,3}(?:,\d{3})*|\d+)(\.\d{1,2})?(\))?$/.exec(text)
  if (!match || Boolean(match[1]) !== Boolean(match[5])) throw new TrackerValueError(`${label} '${text}' is not an amount of money`)
  const value = Number(`${match[3]!.replace(/,/g, '')}${match[4] ?? ''}`)
  return match[1] || match[2] ? -value : value
}

/** 'M/D/YYYY', zero-padded or not, with an optional ' h:mm:ss AM' → 'YYYY-MM-DD'; empty → null. */
export function parseTrackerDate(raw: string, label: string): string | null {
  const text = cleanText(raw)
  if (text === '') return null
  const match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})(?:\s+\d{1,2}:\d{2}(?::\d{2})?\s*(?:AM|PM)?)?$/i.exec(text)
  if (match) {
    const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])]
    const date = new Date(Date.UTC(year, month - 1, day))
    if (date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day && year >= 1900) {
      return date.toISOString().slice(0, 10)
    }
  }
  throw new TrackerValueError(`${label} '${text}' is not a date`)
}

export interface CostInput {
  estimated: number | null
  contracted: number | null
  final: number | null
}

/**
 * The best available cost: the final cost, else the contracted, else the estimated amount. $0.00 on the tracker
 * means "not reported", so a zero never wins.
 */
export function constructionCost({ estimated, contracted, final }: CostInput): {
  cost: number | null
  source: 'final' | 'contracted' | 'estimated' | null
} {
  if (final !== null && final > 0) return { cost: final, source: 'final' }
  if (contracted !== null && contracted > 0) return { cost: contracted, source: 'contracted' }
  if (estimated !== null && estimated > 0) return { cost: estimated, source: 'estimated' }
  return { cost: null, source: null }
}

export interface StatusInput {
  receivedDate: string | null
  approvedDate: string | null
  closedDate: string | null
  voidDate: string | null
  certificationLetter: string | null
}

/**
 * The tracker has no status: one is derived from its dates and last certification letter, first match wins.
 */
export function deriveStatus(input: StatusInput): DsaStatus {
  const letter = (input.certificationLetter ?? '').toUpperCase()
  if (input.voidDate || letter.includes('VOID') || letter.includes('CANCEL')) return 'REJECTED'
  if (/^#[123]-/.test(letter)) return 'COMPLETED'
  if (letter.startsWith('DSA 301P')) return 'PENDING'
  if (input.closedDate) return 'COMPLETED'
  if (input.approvedDate) return 'APPROVED'
  if (input.receivedDate) return 'IN REVIEW'
  return 'PENDING'
}
