import type { PostingAccounts } from '@platform/contracts/finance'
import { describe, expect, it } from 'vitest'
import { JOURNAL_HEADER, depositEntry, journalText, overShortFund } from './receipts-journal.js'

const GENERAL = '01-0000-0-1110-1000-8699-010'
const CAFETERIA = '13-0000-0-0000-0000-8699-010'
const posting: PostingAccounts = {
  cashAccounts: { '01': '01-0000-0-0000-0000-9110-000', '13': '13-0000-0-0000-0000-9110-000' },
  clearingAccounts: {},
  overShortAccounts: { '01': '01-0000-0-0000-0000-8699-000' },
  accrualAccounts: {},
}

/**
 * Deposits of the given sizes as the repository answers them, each receipt with one line of $10.00 (every third in the
 * cafeteria fund); each counted at what it holds plus its `overShort` (none unless told).
 */
function depositsOf(sizes: number[], overShort: number[] = []) {
  let receiptId = 0
  return sizes.map((size, index) => ({
    deposit: {
      deposit_id: index + 1,
      fiscal_year: '2025-26',
      site_code: 'LHS',
      confirmed_on: '2026-03-02',
      treasury_reference: `CT-${index + 1}`,
      counted_cents: size * 1000 + (overShort[index] ?? 0),
    },
    lines: Array.from({ length: size }, () => {
      receiptId += 1
      return {
        number: `LHS-2025-26-${String(receiptId).padStart(6, '0')}`,
        account: receiptId % 3 === 0 ? CAFETERIA : GENERAL,
        amount_cents: 1000,
      }
    }),
  }))
}

/** The journal's text of some deposits' entries, read back in pages of `pageSize` stored lines. */
async function textOf(sizes: number[], overShort: number[] = [], accounts = posting, pageSize = 100) {
  const stored = depositsOf(sizes, overShort).flatMap((source) => depositEntry(source, accounts, 'confirming this deposit'))
  async function* pages() {
    for (let at = 0; at < stored.length; at += pageSize) yield stored.slice(at, at + pageSize)
  }
  let text = ''
  for await (const chunk of journalText(pages())) text += chunk
  return text
}

describe('the receipts ERP journal, written as each entry is issued', () => {
  it('writes every stored line once, in order, whatever the pages, and each deposit balances', async () => {
    const text = await textOf([300, 150, 60, 700, 2])
    expect(await textOf([300, 150, 60, 700, 2], [], posting, 7)).toBe(text)
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
    await expect(textOf([3], [], { ...posting, cashAccounts: { '01': '01-0000-0-0000-0000-9110-000' } })).rejects.toThrow(
      'Fund 13 has no cash account',
    )
  })

  /** The journal's rows of one deposit as [account, debit cents, credit cents]. */
  async function rowsOf(sizes: number[], overShort: number[], accounts = posting) {
    return (await textOf(sizes, overShort, accounts))
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
