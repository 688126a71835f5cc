import { JOURNAL_COLUMNS } from '@platform/contracts/accruals'
import type { ErpLayout } from '@platform/contracts/finance-erp-layout'
import type { Db, DbTransaction } from '../../db/database.js'
import { AppError } from '../../lib/errors.js'
import { type EscapeLine, EscapeLayoutError, escapeBatchId, escapeJournalFile } from '@platform/contracts/finance-escape-journal'
import { type AccrualsRepository, createAccrualsRepository } from './accruals.repository.js'

// Lines read at a time: few, so a page is garbage soon after it is written instead of living on between collections.
const PAGE = 500

export interface PostedAccrual {
  id: number
  type: string
  clearing: string
  accrualAccount: string
  siteCode: string
  vendor: string
  lines: Array<{ account: string; amountCents: number }>
}

export interface JournalRow {
  entry: 'ACCRUAL' | 'REVERSAL'
  date: string
  accrualId: number
  siteCode: string
  type: string
  account: string
  debitCents: number
  creditCents: number
  description: string
}

/** The day after a date (the reversal of a June 30 accrual is dated July 1). */
export function dayAfter(date: string): string {
  const next = new Date(`${date}T00:00:00Z`)
  next.setUTCDate(next.getUTCDate() + 1)
  return next.toISOString().slice(0, 10)
}

/**
 * One request's journal rows. A receivable is owed to the district: its accrual account (a receivable, 9200 series)
 * is debited and each line (revenue) credited. Every other type is owed by the district or earned later (payables,
 * payroll, revenue received in advance, other): each line is debited and the accrual account credited. Each entry
 * balances on its own; a REVERSE request's REVERSAL, dated the day after the cut-off, swaps every debit and credit.
 */
export function journalRowsOf(accrual: PostedAccrual, cutoffOn: string): JournalRow[] {
  const total = accrual.lines.reduce((sum, line) => sum + line.amountCents, 0)
  const receivable = accrual.type === 'RECEIVABLE'
  const base = { accrualId: accrual.id, siteCode: accrual.siteCode, type: accrual.type }
  const accrualRows: JournalRow[] = [
    ...accrual.lines.map((line) => ({
      ...base,
      entry: 'ACCRUAL' as const,
      date: cutoffOn,
      account: line.account,
      debitCents: receivable ? 0 : line.amountCents,
      creditCents: receivable ? line.amountCents : 0,
      description: `Accrual #${accrual.id} ${accrual.vendor}`,
    })),
    {
      ...base,
      entry: 'ACCRUAL',
      date: cutoffOn,
      account: accrual.accrualAccount,
      debitCents: receivable ? total : 0,
      creditCents: receivable ? 0 : total,
      description: `Accrual #${accrual.id} ${accrual.vendor} (${accrual.type.toLowerCase().replace('_', ' ')})`,
    },
  ]
  if (accrual.clearing !== 'REVERSE') return accrualRows
  const reversalDate = dayAfter(cutoffOn)
  return [
    ...accrualRows,
    ...accrualRows.map((row) => ({
      ...row,
      entry: 'REVERSAL' as const,
      date: reversalDate,
      debitCents: row.creditCents,
      creditCents: row.debitCents,
      description: `Reversal of ${row.description}`,
    })),
  ]
}

export const dollars = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.trunc(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, '0')}`
/** A CSV field, quoted when it must be, and never read as a formula by a spreadsheet. */
export const csvField = (value: string) =>
  /[",\n\r]/.test(value) || /^[=+\-@]/.test(value) ? `"${value.replace(/^([=+\-@])/, "'$1").replace(/"/g, '""')}"` : value

export const csvLine = (reference: string, row: JournalRow) =>
  [
    reference,
    row.entry,
    row.date,
    String(row.accrualId),
    csvField(row.siteCode),
    row.type,
    row.account,
    dollars(row.debitCents),
    dollars(row.creditCents),
    csvField(row.description),
  ].join(',') + '\n'

/**
 * Stores the journal's lines as issued, inside the posting's transaction: the claimed requests are read a page at a time
 * and each request's rows written with it, so a later change of anything they were built from (a cycle's cut-off, a
 * site's code, a request's vendor) never changes what was posted. `each` is told of every request stored.
 */
export async function storeIssuedJournal(
  repository: Pick<AccrualsRepository, 'claimedPage' | 'insertJournalLines'>,
  trx: DbTransaction,
  journal: { journalId: number; cutoffOn: string },
  each: (accrualId: number) => Promise<void>,
): Promise<void> {
  let after: { accrualId: number; lineNo: number } | null = null
  let current: PostedAccrual | null = null
  const store = async (accrual: PostedAccrual | null) => {
    if (!accrual) return
    const rows = journalRowsOf(accrual, journal.cutoffOn).map((row, index) => ({
      journal_id: journal.journalId,
      accrual_id: row.accrualId,
      seq: index + 1,
      entry: row.entry,
      journal_date: row.date,
      site_code: row.siteCode,
      type: row.type,
      account: row.account,
      debit_cents: row.debitCents,
      credit_cents: row.creditCents,
      description: row.description,
    }))
    await repository.insertJournalLines(trx, rows)
    await each(accrual.id)
  }
  for (;;) {
    const page = await repository.claimedPage(trx, journal.journalId, after, PAGE)
    for (const line of page) {
      if (!current || current.id !== line.accrual_id) {
        await store(current)
        current = {
          id: line.accrual_id,
          type: line.type,
          clearing: line.clearing,
          accrualAccount: line.accrual_account,
          siteCode: line.site_code,
          vendor: line.vendor,
          lines: [],
        }
      }
      current.lines.push({ account: line.account, amountCents: Number(line.amount_cents) })
      after = { accrualId: line.accrual_id, lineNo: line.line_no }
    }
    if (page.length < PAGE) break
  }
  await store(current)
}

/** A journal issued at posting, by its id and the reference its lines carry. */
export interface IssuedJournal {
  journalId: number
  reference: string
}

/** The journal's CSV as a download producer (downloads/download-producers.ts). */
export const accrualsJournalCsv = (db: Db, journal: IssuedJournal) => journalCsv(createAccrualsRepository(db), journal)

/** The journal's CSV lines as issued at posting, read a page at a time so memory stays flat whatever its size. */
export async function* journalCsv(repository: Pick<AccrualsRepository, 'issuedPage'>, journal: IssuedJournal): AsyncGenerator<string> {
  yield `${JOURNAL_COLUMNS.join(',')}\n`
  let after: { accrualId: number; seq: number } | null = null
  for (;;) {
    const page = await repository.issuedPage(journal.journalId, after, PAGE)
    let text = ''
    for (const line of page) {
      text += csvLine(journal.reference, {
        entry: line.entry as JournalRow['entry'],
        date: line.journal_date,
        accrualId: line.accrual_id,
        siteCode: line.site_code,
        type: line.type,
        account: line.account,
        debitCents: Number(line.debit_cents),
        creditCents: Number(line.credit_cents),
        description: line.description,
      })
      after = { accrualId: line.accrual_id, seq: line.seq }
    }
    if (text) yield text
    if (page.length < PAGE) break
  }
}

/** An entry's Escape file; what the layout cannot take is refused in the file's own words. */
function escapeFile(...args: Parameters<typeof escapeJournalFile>): string {
  try {
    return escapeJournalFile(...args)
  } catch (error) {
    if (error instanceof EscapeLayoutError) throw new AppError('unprocessable', error.message, { code: 'escape_journal_invalid' })
    throw error
  }
}

/**
 * A posted journal in Escape Online's Journal Entry Import layout: the Accrual entry dated the cut-off, and, when
 * requests are reversed, the reversal dated the day after as a second file (Escape imports a file as one entry).
 * BatchIds are the journal's reference shortened to 12 characters (escapeBatchId: `ACR-2025-26-0007` → `ACR-0007`,
 * its reversal `ACR-0007-R`). Made whole, and checked, before the first byte; after the posting has committed, which is
 * safe: its accounts are the chart's (28 characters, digits and dashes) and each request's rows balance, so a posted
 * journal always makes its files.
 */
export async function accrualsEscapeFiles(
  repository: Pick<AccrualsRepository, 'issuedPage'>,
  journal: IssuedJournal,
  layout: ErpLayout,
): Promise<Array<{ name: string; text: string }>> {
  const entries = { ACCRUAL: { date: '', lines: [] as EscapeLine[] }, REVERSAL: { date: '', lines: [] as EscapeLine[] } }
  let after: { accrualId: number; seq: number } | null = null
  for (;;) {
    const page = await repository.issuedPage(journal.journalId, after, PAGE)
    for (const line of page) {
      const entry = entries[line.entry as JournalRow['entry']]
      entry.date = line.journal_date
      entry.lines.push({
        account: line.account,
        debitCents: Number(line.debit_cents),
        creditCents: Number(line.credit_cents),
        comment: line.description,
      })
      after = { accrualId: line.accrual_id, seq: line.seq }
    }
    if (page.length < PAGE) break
  }
  const files = [{ suffix: '', ...entries.ACCRUAL }]
  if (entries.REVERSAL.lines.length > 0) files.push({ suffix: '-reversal', ...entries.REVERSAL })
  return files.map(({ suffix, date, lines }) => ({
    name: `accruals-journal-escape-${journal.reference}${suffix}.csv`,
    text: escapeFile(
      { jeType: 'Accrual', date, batchId: escapeBatchId(suffix ? `${journal.reference}-R` : journal.reference), lines },
      layout,
    ),
  }))
}
