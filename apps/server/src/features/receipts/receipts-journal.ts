import type { PostingAccounts } from '@platform/contracts/finance'
import { textPieces } from '../../lib/csv.js'
import { AppError } from '../../lib/errors.js'
import type { DepositsRepository } from './deposits.repository.js'

/**
 * About how many receipts' lines are read at once: whole deposits, so a deposit is never split across reads. Few: a
 * read is alive while its text is written, and one that outlives V8's young generation is promoted and piles up in
 * the old generation until a full collection (5,000 at a time peaked at 369 MB over a million lines).
 */
const RECEIPTS_PER_READ = 500
export const JOURNAL_HEADER = 'journal_date,deposit,treasury_reference,receipt,account,debit,credit,description'

const cents = (value: number) =>
  `${value < 0 ? '-' : ''}${Math.trunc(Math.abs(value) / 100)}.${String(Math.abs(value) % 100).padStart(2, '0')}`
const field = (value: string) =>
  /[",\n\r]/.test(value) || /^[=+\-@]/.test(value) ? `"${value.replace(/^([=+\-@])/, "'$1").replace(/"/g, '""')}"` : value

/**
 * The ERP journal of confirmed deposits, as CSV text, read a few deposits at a time so memory stays flat: for each
 * deposit a credit per receipt line to its account, then one debit per fund to that fund's cash account, so each
 * deposit balances. Each read comes through the deposit index (no read grows with how far the export has got), and
 * each yield is the text of one read rather than one line, so the stream is not a million tiny writes.
 */
export async function* journalLines(
  deposits: Pick<DepositsRepository, 'journalDeposits' | 'journalLinesOf'>,
  range: { from: string; to: string },
  posting: PostingAccounts,
): AsyncGenerator<string> {
  yield `${JOURNAL_HEADER}\n`
  const pieces = textPieces()
  const all = await deposits.journalDeposits(range.from, range.to)
  for (let first = 0; first < all.length;) {
    let last = first
    let receipts = all[first]!.receipt_count
    while (last + 1 < all.length && receipts + all[last + 1]!.receipt_count <= RECEIPTS_PER_READ) receipts += all[++last]!.receipt_count
    const batch = all.slice(first, last + 1)
    first = last + 1
    const lines = await deposits.journalLinesOf(batch.map((deposit) => deposit.deposit_id))
    let at = 0
    for (const deposit of batch) {
      const date = deposit.confirmed_on ?? ''
      const name = `${deposit.site_code}-${deposit.fiscal_year}-D${String(deposit.deposit_id).padStart(4, '0')}`
      const label = field(name)
      const reference = field(deposit.treasury_reference ?? '')
      const byFund = new Map<string, number>()
      for (; at < lines.length && lines[at]!.deposit_id === deposit.deposit_id; at++) {
        const line = lines[at]!
        const fund = line.account.slice(0, 2)
        if (!posting.cashAccounts[fund]) {
          throw new AppError(
            'unprocessable',
            `Fund ${fund} has no cash account in the district's posting accounts; add it under Finance settings before exporting.`,
            { code: 'cash_account_missing' },
          )
        }
        byFund.set(fund, (byFund.get(fund) ?? 0) + line.amount_cents)
        const number = field(line.number)
        const full = pieces.add(
          `${date},${label},${reference},${number},${line.account},0.00,${cents(line.amount_cents)},${field(`Receipt ${line.number}`)}\n`,
        )
        if (full) yield full
      }
      for (const [fund, amount] of [...byFund].sort()) {
        const full = pieces.add(
          `${date},${label},${reference},,${posting.cashAccounts[fund]!},${cents(amount)},0.00,${field(`Deposit ${name} cash, fund ${fund}`)}\n`,
        )
        if (full) yield full
      }
    }
  }
  const rest = pieces.rest()
  if (rest) yield rest
}
