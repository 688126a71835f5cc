import type { EscapeFiscalYearNumbering } from './finance-erp-layout.js'
import { fiscalYearOfDate } from './finance-fiscal-year.js'

/**
 * Escape Online's Journal Entry Import (System → Utilities, Finance): comma-delimited lines of OrgId, FiscalYear,
 * JEType, DeptId, BatchId, DateEffective, Account, AmtDR, AmtCR and an optional comment, every field required but the
 * comment. Every line of a file is imported as one journal entry, so a file holds one entry: one date, one batch.
 */
export const ESCAPE_FIELDS = [
  'OrgId',
  'FiscalYear',
  'JEType',
  'DeptId',
  'BatchId',
  'DateEffective',
  'Account',
  'AmtDR',
  'AmtCR',
  'Comment',
] as const

export const ESCAPE_LIMITS = { JEType: 8, DeptId: 8, BatchId: 12, Account: 60 } as const

export type EscapeJeType = 'CashRec' | 'Accrual'

export interface EscapeLine {
  account: string
  debitCents: number
  creditCents: number
  comment: string
}

export interface EscapeEntry {
  jeType: EscapeJeType
  /** The entry's effective date, YYYY-MM-DD. */
  date: string
  batchId: string
  lines: readonly EscapeLine[]
}

export interface EscapeDistrict {
  orgId: string
  deptId: string
  /** The year a fiscal year is written as; the ending year when not given. */
  fiscalYear?: EscapeFiscalYearNumbering
}

/** Why a journal cannot be written in Escape's layout, in words for the person downloading it. */
export class EscapeLayoutError extends Error {}

const refuse = (message: string) => new EscapeLayoutError(message)

/**
 * A record's label shortened to Escape's 12-character BatchId: the fiscal year it carries is dropped (the line's
 * FiscalYear says it), `LHS-2025-26-D0042` → `LHS-D0042`; a label still too long keeps its last part (the number) and
 * as much of its start as fits, `LONGSITECODE-D0042` → `LONGSI-D0042`.
 */
export function escapeBatchId(label: string): string {
  const short = label.replace(/-\d{4}-\d{2}(?=-|$)/, '')
  if (short.length <= ESCAPE_LIMITS.BatchId) return short
  const cut = short.lastIndexOf('-')
  const tail = cut < 0 ? '' : short.slice(cut)
  if (tail.length === 0 || tail.length >= ESCAPE_LIMITS.BatchId) return short.slice(-ESCAPE_LIMITS.BatchId)
  return short.slice(0, ESCAPE_LIMITS.BatchId - tail.length) + tail
}

/**
 * The 4-digit FiscalYear of a date: the calendar year its July–June fiscal year ends in (2025-26 is 2026), or the year
 * it starts in, as the district's Escape set-up numbers its years (the layout says only "4 digits").
 */
export function escapeFiscalYear(date: string, numbering: EscapeFiscalYearNumbering = 'ENDING'): string {
  const starting = Number(fiscalYearOfDate(date).slice(0, 4))
  return String(numbering === 'STARTING' ? starting : starting + 1)
}

/** YYYY-MM-DD as Escape's mm/dd/yyyy. */
export function escapeDate(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  const parsed = new Date(`${date}T00:00:00Z`)
  if (!match || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date)
    throw refuse(`The journal date ${date} is not a calendar date.`)
  return `${match[2]}/${match[3]}/${match[1]}`
}

const amount = (cents: number) => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}`

/**
 * The optional comment as one CSV field: on one line, quoted (its quotes doubled) when it holds a comma or a quote,
 * and never read as a formula when the file is opened in a spreadsheet.
 */
function commentField(comment: string): string {
  const text = comment.replace(/[\r\n]+/g, ' ').replace(/^([=+\-@])/, "'$1")
  return /[",]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** A required field, refused when empty, too long, or holding what would break the line (a comma, a quote, a line break). */
function plainField(name: string, value: string, limit?: number): string {
  if (value === '') throw refuse(`Escape Online needs the ${name} of every journal line, and one is empty.`)
  if (limit !== undefined && value.length > limit)
    throw refuse(`Escape Online takes at most ${limit} characters in the ${name}; ${value} has ${value.length}.`)
  if (/[",\r\n]/.test(value)) throw refuse(`Escape Online cannot take the ${name} ${value}: it holds a comma, a quote or a line break.`)
  return value
}

/**
 * One journal entry as an Escape import file (no heading line: every line of the file is imported as a line of the
 * entry). Each line has a debit or a credit, the other zero (a line carrying both is written as their difference; a
 * line of zero is left out). Refused in words, before any text is made, when the entry does not balance or a field
 * breaks the layout (EscapeLayoutError): such a file would be refused by Escape or, worse, imported wrong.
 */
export function escapeJournalFile(entry: EscapeEntry, district: EscapeDistrict): string {
  const fixed = [
    plainField('organization id (OrgId)', district.orgId),
    escapeFiscalYear(entry.date, district.fiscalYear),
    plainField('entry type (JEType)', entry.jeType, ESCAPE_LIMITS.JEType),
    plainField('department id (DeptId)', district.deptId, ESCAPE_LIMITS.DeptId),
    plainField('batch id (BatchId)', entry.batchId, ESCAPE_LIMITS.BatchId),
    escapeDate(entry.date),
  ].join(',')
  let debits = 0
  let credits = 0
  let text = ''
  for (const line of entry.lines) {
    if (![line.debitCents, line.creditCents].every((cents) => Number.isSafeInteger(cents) && cents >= 0))
      throw refuse(`A journal line of ${line.account} has an amount that is not a whole number of cents of zero or more.`)
    const net = line.debitCents - line.creditCents
    if (net === 0) continue
    debits += Math.max(net, 0)
    credits += Math.max(-net, 0)
    const account = plainField('account', line.account, ESCAPE_LIMITS.Account)
    text += `${fixed},${account},${amount(Math.max(net, 0))},${amount(Math.max(-net, 0))},${commentField(line.comment)}\r\n`
  }
  if (text === '') throw refuse(`The ${entry.jeType} entry of ${entry.date} (batch ${entry.batchId}) has no amount to import.`)
  if (debits !== credits)
    throw refuse(
      `The ${entry.jeType} entry of ${entry.date} (batch ${entry.batchId}) does not balance: debits ${amount(debits)}, credits ${amount(credits)}. No file was written.`,
    )
  return text
}
