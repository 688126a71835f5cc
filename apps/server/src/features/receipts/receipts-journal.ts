import type { PostingAccounts } from '@platform/contracts/finance'
import { localDate } from '@platform/contracts/finance-fiscal-year'
import type { ErpLayout } from '@platform/contracts/finance-erp-layout'
import { depositLabel } from '@platform/contracts/receipts'
import { keysetPages } from '../../db/keyset-pages.js'
import { DAY_MS } from '../../lib/clock.js'
import { textPieces } from '../../lib/csv.js'
import { AppError } from '../../lib/errors.js'
import type { Db } from '../../db/database.js'
import { EscapeLayoutError, escapeBatchId, escapeJournalFile } from '@platform/contracts/finance-escape-journal'
import {
  type DepositSource,
  type JournalCursor,
  type ReceiptsJournalRepository,
  type ReturnedCheckSource,
  type StoredJournalLine,
  createReceiptsJournalRepository,
} from './receipts-journal.repository.js'

/** The district days a journal covers, both included (YYYY-MM-DD). */
export interface JournalRange {
  from: string
  to: string
}

/**
 * How many stored lines a download reads at once. Few: a read is alive while its text is written, and one that outlives
 * V8's young generation is promoted and piles up in the old generation until a full collection.
 */
const LINES_PER_READ = 1000
export const JOURNAL_HEADER = 'journal_date,deposit,treasury_reference,receipt,account,debit,credit,description'

const cents = (value: number) =>
  `${value < 0 ? '-' : ''}${Math.trunc(Math.abs(value) / 100)}.${String(Math.abs(value) % 100).padStart(2, '0')}`
const field = (value: string) =>
  /[",\n\r]/.test(value) || /^[=+\-@]/.test(value) ? `"${value.replace(/^([=+\-@])/, "'$1").replace(/"/g, '""')}"` : value
const fundOf = (account: string) => account.slice(0, 2)
/** A debit of `amount`, stored as a credit of what it lacks when it is below zero. */
const signed = (amount: number) => (amount < 0 ? { debit_cents: 0, credit_cents: -amount } : { debit_cents: amount, credit_cents: 0 })

/** What the step or download that cannot write an entry is doing, for the words of its refusal. */
export type JournalWriter = 'confirming this deposit' | 'recording this returned check' | 'exporting'

/**
 * Where a deposit's over/short goes when its receipts span funds: all of it to the fund of the largest cash debit (the
 * lowest fund code among equals), so it is never split into fractions of a cent and the same deposit always posts it
 * to the same fund.
 */
export function overShortFund(byFund: ReadonlyMap<string, bigint | number>): string {
  let chosen: string | undefined
  for (const [fund, amount] of byFund) {
    const best = chosen === undefined ? undefined : byFund.get(chosen)!
    if (best === undefined || BigInt(amount) > BigInt(best) || (BigInt(amount) === BigInt(best) && fund < chosen!)) chosen = fund
  }
  return chosen!
}

const missingAccount = (kind: 'cash' | 'cash over/short', funds: string[], code: string, writer: JournalWriter) =>
  new AppError(
    'unprocessable',
    `Fund${funds.length === 1 ? '' : 's'} ${funds.join(', ')} ha${funds.length === 1 ? 's' : 've'} no ${kind} account in the district's posting accounts; add ${funds.length === 1 ? 'it' : 'them'} under Finance settings before ${writer}.`,
    { code },
  )

/** Each fund's cash account, refusing (naming every fund) when one is not set. */
function cashAccounts(funds: Iterable<string>, posting: PostingAccounts, writer: JournalWriter) {
  const missing = [...new Set(funds)].filter((fund) => !posting.cashAccounts[fund]).sort()
  if (missing.length > 0) throw missingAccount('cash', missing, 'cash_account_missing', writer)
  return (fund: string) => posting.cashAccounts[fund]!
}

/**
 * A confirmed deposit's entry, as it is stored when the confirmation is recorded: a credit per receipt line to its
 * account, then one debit per fund to that fund's cash account, so that the cash debited is what was counted: a deposit
 * counted over or short moves the difference into the cash debit of one fund (`overShortFund`) and posts it to that
 * fund's cash over/short account (a shortage debited, an overage credited). It balances. Refused when an account it
 * needs is not set: a deposit is never confirmed into a journal that cannot be written.
 */
export function depositEntry({ deposit, lines }: DepositSource, posting: PostingAccounts, writer: JournalWriter): StoredJournalLine[] {
  const cashOf = cashAccounts(
    lines.map((line) => fundOf(line.account)),
    posting,
    writer,
  )
  const label = depositLabel(deposit.site_code, deposit.fiscal_year, deposit.deposit_id)
  const common = {
    entry_kind: 'DEPOSIT',
    entry_id: deposit.deposit_id,
    journal_date: deposit.confirmed_on ?? '',
    deposit_id: deposit.deposit_id,
    deposit_label: label,
    treasury_reference: deposit.treasury_reference ?? '',
  }
  const entry: StoredJournalLine[] = []
  // Exact in a JavaScript number: a deposit holds at most 5,000 receipts of at most $1,000,000,000.00 each.
  const byFund = new Map<string, number>()
  let expected = 0
  for (const line of lines) {
    const amount = Number(line.amount_cents)
    byFund.set(fundOf(line.account), (byFund.get(fundOf(line.account)) ?? 0) + amount)
    expected += amount
    const description = `Receipt ${line.number}`
    entry.push({ ...common, seq: entry.length + 1, receipt_number: line.number, account: line.account, ...signed(-amount), description })
  }
  if (byFund.size === 0) return entry
  const overShort = (deposit.counted_cents === null ? expected : Number(deposit.counted_cents)) - expected
  const absorbing = overShort === 0 ? undefined : overShortFund(byFund)
  const overShortAccount = absorbing === undefined ? undefined : posting.overShortAccounts[absorbing]
  if (absorbing !== undefined && !overShortAccount)
    throw missingAccount('cash over/short', [absorbing], 'over_short_account_missing', writer)
  for (const [fund, amount] of [...byFund].sort()) {
    const cash = fund === absorbing ? amount + overShort : amount
    const description = `Deposit ${label} cash, fund ${fund}`
    entry.push({ ...common, seq: entry.length + 1, receipt_number: '', account: cashOf(fund), ...signed(cash), description })
  }
  if (absorbing !== undefined) {
    const description = `Deposit ${label} counted ${overShort < 0 ? 'short' : 'over'} ${cents(Math.abs(overShort))}, fund ${absorbing}`
    entry.push({ ...common, seq: entry.length + 1, receipt_number: '', account: overShortAccount!, ...signed(-overShort), description })
  }
  return entry
}

/**
 * A returned check's reversing entry, dated the district day it was recorded: a debit per line to the revenue it had
 * credited, and a credit to each fund's cash. Refused when a fund's cash account is not set.
 */
export function returnedCheckEntry(
  { check, lines }: ReturnedCheckSource,
  posting: PostingAccounts,
  timeZone: string,
  writer: JournalWriter,
): StoredJournalLine[] {
  const cashOf = cashAccounts(
    lines.map((line) => fundOf(line.account)),
    posting,
    writer,
  )
  const common = {
    entry_kind: 'RETURNED_CHECK',
    entry_id: check.correction_id,
    journal_date: localDate(new Date(check.recorded_at), timeZone),
    deposit_id: check.deposit_id,
    deposit_label: depositLabel(check.site_code, check.fiscal_year, check.deposit_id),
    treasury_reference: check.treasury_reference ?? '',
    receipt_number: check.number,
  }
  const words = `Returned check of receipt ${check.number} (returned-check record ${check.correction_id})`
  const entry: StoredJournalLine[] = []
  const byFund = new Map<string, number>()
  for (const line of lines) {
    // The correction's lines are the receipt's, negated: the revenue they credited is debited back.
    const amount = -Number(line.amount_cents)
    byFund.set(fundOf(line.account), (byFund.get(fundOf(line.account)) ?? 0) + amount)
    entry.push({ ...common, seq: entry.length + 1, account: line.account, ...signed(amount), description: words })
  }
  for (const [fund, amount] of [...byFund].sort()) {
    entry.push({ ...common, seq: entry.length + 1, account: cashOf(fund), ...signed(-amount), description: `${words}: cash, fund ${fund}` })
  }
  return entry
}

/**
 * Before the first byte of a date range's journal: writes the entries it should hold that were never written (deposits
 * confirmed before migration 0038 while an account they need was not set, returned checks recorded before it, or
 * either written by an older instance running beside a new one), with the posting accounts as they are now, which is
 * when such an entry is first issued; refuses as the journal always did when an account is still not set. Answers the
 * journal's text, to be streamed.
 */
/**
 * Writes the entries the range still lacks (deposits confirmed and checks returned before entries were stored as they
 * happened), so that the journal's text reads stored lines alone.
 */
export async function writeLateEntries(
  source: ReceiptsJournalRepository,
  range: JournalRange,
  posting: PostingAccounts,
  timeZone: string,
): Promise<void> {
  // A district day starts and ends within a day of the same UTC date; the rows read are then kept by their district day.
  const fromInstant = new Date(Date.parse(`${range.from}T00:00:00.000Z`) - DAY_MS).toISOString()
  const beforeInstant = new Date(Date.parse(`${range.to}T00:00:00.000Z`) + 2 * DAY_MS).toISOString()
  const checks = (await source.returnedChecksNotWritten(fromInstant, beforeInstant)).filter((row) => {
    const day = localDate(new Date(row.recorded_at), timeZone)
    return day >= range.from && day <= range.to
  })
  // Each late entry is stored whole in a transaction of its own as it is made, so memory does not grow with their
  // number; an entry refused for a missing account leaves those before it stored, each complete.
  for (const depositId of await source.depositsNotWritten(range))
    await source.store(depositEntry(await source.depositSource(depositId), posting, 'exporting'))
  for (const row of checks)
    await source.store(returnedCheckEntry(await source.returnedCheckSource(row.correction_id), posting, timeZone, 'exporting'))
}

/**
 * The journal's CSV over the range's stored lines: a download producer (downloads/download-producers.ts), read once
 * writeLateEntries has completed the range.
 */
export function receiptsJournalCsv(db: Db, { range }: { range: JournalRange }): AsyncGenerator<string> {
  const source = createReceiptsJournalRepository(db)
  return journalText(keysetPages((after: JournalCursor | null, limit) => source.page(range, after, limit), cursorOf, LINES_PER_READ))
}

const cursorOf = (line: StoredJournalLine): JournalCursor => [line.journal_date, line.entry_kind, line.entry_id, line.seq]

/**
 * The ERP journal as CSV text, from the stored lines page by page (by date; on a day, each deposit's entry, then each
 * returned check's reversing entry; each entry's lines in the order written), so memory stays flat. Each yield is a
 * piece of text for one socket write rather than one line.
 */
export async function* journalText(pages: AsyncIterable<StoredJournalLine[]>): AsyncGenerator<string> {
  yield `${JOURNAL_HEADER}\n`
  const pieces = textPieces()
  for await (const page of pages) {
    for (const line of page) {
      const full = pieces.add(
        `${line.journal_date},${field(line.deposit_label)},${field(line.treasury_reference)},${field(line.receipt_number)},${line.account},` +
          `${cents(Number(line.debit_cents))},${cents(Number(line.credit_cents))},${field(line.description)}\n`,
      )
      if (full) yield full
    }
  }
  const rest = pieces.rest()
  if (rest) yield rest
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
 * The journal in Escape Online's Journal Entry Import layout: one file per district day a deposit was confirmed (or a
 * returned check recorded), each that day's CashRec entry. Its BatchId is the day's deposit label shortened to 12
 * characters (escapeBatchId: `LHS-2025-26-D0042` → `LHS-D0042`); a day of several deposits is one entry all the same
 * (Escape imports a file as one entry), batched by its date, `CR-20260302`. Made whole before the first byte, so a day
 * that does not balance or a field Escape cannot take is refused in words and no file goes out.
 */
export async function receiptsEscapeFiles(
  source: Pick<ReceiptsJournalRepository, 'page'>,
  range: JournalRange,
  layout: ErpLayout,
): Promise<Array<{ name: string; text: string }>> {
  const days = new Map<string, StoredJournalLine[]>()
  for await (const page of keysetPages((after: JournalCursor | null, limit) => source.page(range, after, limit), cursorOf, LINES_PER_READ))
    for (const line of page) {
      const day = days.get(line.journal_date)
      if (day) day.push(line)
      else days.set(line.journal_date, [line])
    }
  return [...days].map(([date, lines]) => {
    const labels = new Set(lines.map((line) => line.deposit_label))
    const batchId = labels.size === 1 ? escapeBatchId([...labels][0]!) : `CR-${date.replace(/-/g, '')}`
    const text = escapeFile(
      {
        jeType: 'CashRec',
        date,
        batchId,
        lines: lines.map((line) => ({
          account: line.account,
          debitCents: Number(line.debit_cents),
          creditCents: Number(line.credit_cents),
          comment: line.description,
        })),
      },
      layout,
    )
    return { name: `receipts-journal-escape-${date}.csv`, text }
  })
}
