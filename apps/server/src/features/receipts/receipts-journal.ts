import type { PostingAccounts } from '@platform/contracts/finance'
import { localDate } from '@platform/contracts/finance-fiscal-year'
import { depositLabel } from '@platform/contracts/receipts'
import { DAY_MS } from '../../lib/clock.js'
import { textPieces } from '../../lib/csv.js'
import { AppError } from '../../lib/errors.js'
import type { ReceiptsJournalRepository } from './receipts-journal.repository.js'

/**
 * About how many receipts' lines are read at once: whole deposits, so a deposit is never split across reads. Few: a
 * read is alive while its text is written, and one that outlives V8's young generation is promoted and piles up in
 * the old generation until a full collection (5,000 at a time peaked at 369 MB over a million lines).
 */
const RECEIPTS_PER_READ = 500
export const JOURNAL_HEADER = 'journal_date,deposit,treasury_reference,receipt,account,debit,credit,description'

export type JournalSource = Pick<ReceiptsJournalRepository, 'deposits' | 'linesOf'>
type ReturnedCheckLine = Awaited<ReturnType<ReceiptsJournalRepository['returnedCheckLines']>>[number]

const cents = (value: number) =>
  `${value < 0 ? '-' : ''}${Math.trunc(Math.abs(value) / 100)}.${String(Math.abs(value) % 100).padStart(2, '0')}`
const field = (value: string) =>
  /[",\n\r]/.test(value) || /^[=+\-@]/.test(value) ? `"${value.replace(/^([=+\-@])/, "'$1").replace(/"/g, '""')}"` : value
const fundOf = (account: string) => account.slice(0, 2)
/** A debit of `amount`, written as a credit of what it lacks when it is below zero. */
const debit = (amount: number) => (amount < 0 ? `0.00,${cents(-amount)}` : `${cents(amount)},0.00`)

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

const missingAccount = (kind: 'cash' | 'cash over/short', funds: string[], code: string) =>
  new AppError(
    'unprocessable',
    `Fund${funds.length === 1 ? '' : 's'} ${funds.join(', ')} ha${funds.length === 1 ? 's' : 've'} no ${kind} account in the district's posting accounts; add ${funds.length === 1 ? 'it' : 'them'} under Finance settings before exporting.`,
    { code },
  )

/**
 * Checks, before the first byte, that every account the journal of a date range needs is set (each fund's cash
 * account, and the over/short account of each fund a deposit was counted over or short in), and reads the returned
 * checks recorded on its district days. Answers the journal's text, to be streamed.
 */
export async function prepareJournal(
  source: ReceiptsJournalRepository,
  range: { from: string; to: string },
  posting: PostingAccounts,
  timeZone: string,
): Promise<AsyncGenerator<string>> {
  // A district day starts and ends within a day of the same UTC date; the rows read are then kept by their district day.
  const fromInstant = new Date(Date.parse(`${range.from}T00:00:00.000Z`) - DAY_MS).toISOString()
  const beforeInstant = new Date(Date.parse(`${range.to}T00:00:00.000Z`) + 2 * DAY_MS).toISOString()
  const returned = (await source.returnedCheckLines(fromInstant, beforeInstant))
    .map((line) => ({ ...line, day: localDate(new Date(line.recorded_at), timeZone) }))
    .filter((line) => line.day >= range.from && line.day <= range.to)

  const funds = new Set([...(await source.depositFunds(range.from, range.to)), ...returned.map((line) => fundOf(line.account))])
  const noCash = [...funds].filter((fund) => !posting.cashAccounts[fund]).sort()
  if (noCash.length > 0) throw missingAccount('cash', noCash, 'cash_account_missing')

  const byDeposit = new Map<number, Map<string, bigint>>()
  for (const row of await source.overShortFunds(range.from, range.to)) {
    const own = byDeposit.get(row.deposit_id) ?? new Map<string, bigint>()
    own.set(row.fund, BigInt(row.amount_cents))
    byDeposit.set(row.deposit_id, own)
  }
  const noOverShort = [...new Set([...byDeposit.values()].map(overShortFund))].filter((fund) => !posting.overShortAccounts[fund]).sort()
  if (noOverShort.length > 0) throw missingAccount('cash over/short', noOverShort, 'over_short_account_missing')

  return journalLines(source, range, posting, returned)
}

/**
 * The ERP journal of confirmed deposits, as CSV text, read a few deposits at a time so memory stays flat. For each
 * deposit: a credit per receipt line to its account, then one debit per fund to that fund's cash account, so that the
 * cash debited is what was counted: a deposit counted over or short moves the difference into the cash debit of one
 * fund (`overShortFund`) and posts it to that fund's cash over/short account (a shortage debited, an overage
 * credited). Each deposit balances. Then each returned check, on the district day it was recorded: a debit per line to
 * the revenue it had credited and a credit to its fund's cash. Each read comes through the deposit index (no read
 * grows with how far the export has got), and each yield is the text of one read rather than one line.
 */
export async function* journalLines(
  deposits: JournalSource,
  range: { from: string; to: string },
  posting: PostingAccounts,
  returned: Array<ReturnedCheckLine & { day: string }> = [],
): AsyncGenerator<string> {
  yield `${JOURNAL_HEADER}\n`
  const pieces = textPieces()
  const cashOf = (fund: string) => {
    const account = posting.cashAccounts[fund]
    if (!account) throw missingAccount('cash', [fund], 'cash_account_missing')
    return account
  }
  const all = await deposits.deposits(range.from, range.to)
  for (let first = 0; first < all.length;) {
    let last = first
    let receipts = all[first]!.receipt_count
    while (last + 1 < all.length && receipts + all[last + 1]!.receipt_count <= RECEIPTS_PER_READ) receipts += all[++last]!.receipt_count
    const batch = all.slice(first, last + 1)
    first = last + 1
    const lines = await deposits.linesOf(batch.map((deposit) => deposit.deposit_id))
    let at = 0
    for (const deposit of batch) {
      const date = deposit.confirmed_on ?? ''
      const name = depositLabel(deposit.site_code, deposit.fiscal_year, deposit.deposit_id)
      const start = `${date},${field(name)},${field(deposit.treasury_reference ?? '')}`
      // Exact in a JavaScript number: a deposit holds at most 5,000 receipts of at most $1,000,000,000.00 each.
      const byFund = new Map<string, number>()
      let expected = 0
      for (; at < lines.length && lines[at]!.deposit_id === deposit.deposit_id; at++) {
        const line = lines[at]!
        const fund = fundOf(line.account)
        cashOf(fund)
        byFund.set(fund, (byFund.get(fund) ?? 0) + line.amount_cents)
        expected += line.amount_cents
        const full = pieces.add(
          `${start},${field(line.number)},${line.account},0.00,${cents(line.amount_cents)},${field(`Receipt ${line.number}`)}\n`,
        )
        if (full) yield full
      }
      if (byFund.size === 0) continue
      const overShort = (deposit.counted_cents ?? expected) - expected
      const absorbing = overShort === 0 ? undefined : overShortFund(byFund)
      for (const [fund, amount] of [...byFund].sort()) {
        const cash = fund === absorbing ? amount + overShort : amount
        const full = pieces.add(`${start},,${cashOf(fund)},${debit(cash)},${field(`Deposit ${name} cash, fund ${fund}`)}\n`)
        if (full) yield full
      }
      if (absorbing !== undefined) {
        const account = posting.overShortAccounts[absorbing]
        if (!account) throw missingAccount('cash over/short', [absorbing], 'over_short_account_missing')
        const words = `Deposit ${name} counted ${overShort < 0 ? 'short' : 'over'} ${cents(Math.abs(overShort))}, fund ${absorbing}`
        const full = pieces.add(`${start},,${account},${debit(-overShort)},${field(words)}\n`)
        if (full) yield full
      }
    }
  }
  yield* returnedCheckEntries(returned, pieces, cashOf)
  const rest = pieces.rest()
  if (rest) yield rest
}

/** Each returned check's reversing entry: its lines' revenue debited back, its funds' cash credited. */
function* returnedCheckEntries(
  returned: Array<ReturnedCheckLine & { day: string }>,
  pieces: ReturnType<typeof textPieces>,
  cashOf: (fund: string) => string,
): Generator<string> {
  for (let at = 0; at < returned.length;) {
    const first = returned[at]!
    const name = depositLabel(first.site_code, first.fiscal_year, first.deposit_id)
    const start = `${first.day},${field(name)},${field(first.treasury_reference ?? '')},${field(first.number)}`
    const words = `Returned check of receipt ${first.number} (returned-check record ${first.correction_id})`
    const byFund = new Map<string, number>()
    for (; at < returned.length && returned[at]!.correction_id === first.correction_id; at++) {
      const line = returned[at]!
      // The correction's lines are the receipt's, negated: the revenue they credited is debited back.
      const amount = -line.amount_cents
      byFund.set(fundOf(line.account), (byFund.get(fundOf(line.account)) ?? 0) + amount)
      const full = pieces.add(`${start},${line.account},${debit(amount)},${field(words)}\n`)
      if (full) yield full
    }
    for (const [fund, amount] of [...byFund].sort()) {
      const full = pieces.add(`${start},${cashOf(fund)},${debit(-amount)},${field(`${words}: cash, fund ${fund}`)}\n`)
      if (full) yield full
    }
  }
}
