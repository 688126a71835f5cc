import type { PostingAccounts } from '@platform/contracts/finance'
import { describe, expect, it } from 'vitest'
import { JOURNAL_HEADER, journalLines, overShortFund } from './receipts-journal.js'

const GENERAL = '01-0000-0-1110-1000-8699-010'
const CAFETERIA = '13-0000-0-0000-0000-8699-010'
const posting: PostingAccounts = {
  cashAccounts: { '01': '01-0000-0-0000-0000-9110-000', '13': '13-0000-0-0000-0000-9110-000' },
  clearingAccounts: {},
  overShortAccounts: { '01': '01-0000-0-0000-0000-8699-000' },
  accrualAccounts: {},
}

/**
 * Deposits of the given sizes, each receipt with one line of $10.00 (every third in the cafeteria fund), as the
 * repository answers them; each counted at what it holds plus its `overShort` (none unless told).
 */
function depositsOf(sizes: number[], overShort: number[] = []) {
  const deposits = sizes.map((size, index) => ({
    deposit_id: index + 1,
    fiscal_year: '2025-26',
    site_code: 'LHS',
    confirmed_on: '2026-03-02',
    treasury_reference: `CT-${index + 1}`,
    receipt_count: size,
    counted_cents: size * 1000 + (overShort[index] ?? 0),
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
      deposits: async () => deposits,
      linesOf: async (ids: number[]) => {
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
      { ...posting, cashAccounts: { '01': '01-0000-0-0000-0000-9110-000' } },
    )
    await expect(async () => {
      for await (const _chunk of lines) void _chunk
    }).rejects.toThrow('Fund 13 has no cash account')
  })

  /** The journal's rows of one deposit as [account, debit cents, credit cents]. */
  async function rowsOf(sizes: number[], overShort: number[], accounts = posting) {
    const { repository } = depositsOf(sizes, overShort)
    let text = ''
    for await (const chunk of journalLines(repository, { from: '2026-01-01', to: '2026-12-31' }, accounts)) text += chunk
    return text
      .trimEnd()
      .split('\n')
      .slice(1)
      .map((row) => row.split(','))
      .map((cells) => [cells[4], Math.round(Number(cells[5]) * 100), Math.round(Number(cells[6]) * 100)] as const)
  }
  const totals = (rows: Array<readonly [string | undefined, number, number]>) => ({
    debit: rows.reduce((sum, row) => sum + row[1], 0),
    credit: rows.reduce((sum, row) => sum + row[2], 0),
    cash: rows.filter((row) => row[0]?.includes('-9110-')).reduce((sum, row) => sum + row[1] - row[2], 0),
  })

  it('debits cash at what was counted and posts a shortage to the over/short account', async () => {
    // Two $10.00 receipts of the general fund, counted $5.00 short.
    const rows = await rowsOf([2], [-500])
    expect(rows).toContainEqual(['01-0000-0-0000-0000-9110-000', 1500, 0])
    expect(rows).toContainEqual(['01-0000-0-0000-0000-8699-000', 500, 0])
    expect(totals(rows)).toEqual({ debit: 2000, credit: 2000, cash: 1500 })
  })

  it('credits an overage to the over/short account', async () => {
    const rows = await rowsOf([2], [125])
    expect(rows).toContainEqual(['01-0000-0-0000-0000-9110-000', 2125, 0])
    expect(rows).toContainEqual(['01-0000-0-0000-0000-8699-000', 0, 125])
    expect(totals(rows)).toEqual({ debit: 2125, credit: 2125, cash: 2125 })
  })

  it('puts a split deposit’s over/short on the fund of the largest cash debit, and the lowest fund among equals', async () => {
    // Three receipts: two general fund, one cafeteria; the general fund's cash takes the shortage.
    const rows = await rowsOf([3], [-1])
    expect(rows).toContainEqual(['01-0000-0-0000-0000-9110-000', 1999, 0])
    expect(rows).toContainEqual(['13-0000-0-0000-0000-9110-000', 1000, 0])
    expect(totals(rows)).toMatchObject({ debit: 3000, credit: 3000 })
    expect(
      overShortFund(
        new Map([
          ['13', 5n],
          ['01', 5n],
        ]),
      ),
    ).toBe('01')
    expect(
      overShortFund(
        new Map([
          ['01', 4],
          ['13', 5],
        ]),
      ),
    ).toBe('13')
  })

  it('refuses a deposit counted over or short when its fund has no over/short account', async () => {
    await expect(rowsOf([2], [-500], { ...posting, overShortAccounts: {} })).rejects.toThrow('Fund 01 has no cash over/short account')
  })
})
