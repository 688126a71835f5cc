import { describe, expect, it } from 'vitest'
import { JOURNAL_HEADER, journalLines } from './receipts-journal.js'

const GENERAL = '01-0000-0-1110-1000-8699-010'
const CAFETERIA = '13-0000-0-0000-0000-8699-010'
const posting = {
  cashAccounts: { '01': '01-0000-0-0000-0000-9110-000', '13': '13-0000-0-0000-0000-9110-000' },
  clearingAccounts: {},
  accrualAccounts: {},
}

/** Deposits of the given sizes, each receipt with one line (every third in the cafeteria fund), as the repository answers them. */
function depositsOf(sizes: number[]) {
  const deposits = sizes.map((size, index) => ({
    deposit_id: index + 1,
    fiscal_year: '2025-26',
    site_code: 'LHS',
    confirmed_on: '2026-03-02',
    treasury_reference: `CT-${index + 1}`,
    receipt_count: size,
  }))
  let receiptId = 0
  const lines = deposits.flatMap((deposit) =>
    Array.from({ length: deposit.receipt_count }, () => {
      receiptId += 1
      return {
        deposit_id: deposit.deposit_id,
        receipt_id: receiptId,
        number: `LHS-2025-26-${String(receiptId).padStart(6, '0')}`,
        line_no: 1,
        account: receiptId % 3 === 0 ? CAFETERIA : GENERAL,
        amount_cents: 1000,
      }
    }),
  )
  const reads: number[][] = []
  return {
    reads,
    repository: {
      journalDeposits: async () => deposits,
      journalLinesOf: async (ids: number[]) => {
        reads.push(ids)
        return lines.filter((line) => ids.includes(line.deposit_id))
      },
    },
  }
}

describe('the receipts ERP journal, read whole deposits at a time', () => {
  it('reads deposits together up to about 500 receipts, never splitting one, and writes every line once in order', async () => {
    const { repository, reads } = depositsOf([300, 150, 60, 700, 2])
    let text = ''
    for await (const chunk of journalLines(repository, { from: '2026-01-01', to: '2026-12-31' }, posting)) text += chunk
    expect(reads).toEqual([[1, 2], [3], [4], [5]])
    const rows = text.trimEnd().split('\n')
    expect(rows[0]).toBe(JOURNAL_HEADER)
    const credits = rows.filter((row) => row.includes(',Receipt '))
    expect(credits).toHaveLength(300 + 150 + 60 + 700 + 2)
    expect(credits.map((row) => row.split(',')[3])).toEqual([...credits.map((row) => row.split(',')[3])].sort())
    // Each deposit balances: its cash debits (one per fund) equal its credits.
    for (const deposit of ['D0001', 'D0002', 'D0003', 'D0004', 'D0005']) {
      const own = rows.filter((row) => row.includes(`LHS-2025-26-${deposit}`))
      const sum = (column: number) => own.reduce((total, row) => total + Math.round(Number(row.split(',')[column]) * 100), 0)
      expect(sum(5)).toBe(sum(6))
      expect(own.filter((row) => row.includes(' cash, fund ')).length).toBeGreaterThanOrEqual(1)
    }
  })

  it('refuses a fund with no cash account, naming it', async () => {
    const { repository } = depositsOf([3])
    const lines = journalLines(
      repository,
      { from: '2026-01-01', to: '2026-12-31' },
      { ...posting, cashAccounts: { '01': posting.cashAccounts['01'] } },
    )
    await expect(async () => {
      for await (const _chunk of lines) void _chunk
    }).rejects.toThrow('Fund 13 has no cash account')
  })
})
